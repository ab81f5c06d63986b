import { useTranslation } from 'react-i18next';
import { Pencil, Trash2 } from 'lucide-react';
import type { FolderWithCount } from '@redacta/shared';
import { Menu, MenuItem, MenuSeparator, MoreButton } from '@/components/ui/menu';

/** The "⋯" menu of a folder: rename, and delete last, in red. */
export function FolderMenu({
  folder,
  editable,
  onRename,
  onDelete,
}: {
  folder: FolderWithCount;
  editable: boolean;
  onRename: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const label = t('projects.itemMenu', { name: folder.name });
  return (
    <Menu trigger={<MoreButton label={label} className="hover:bg-surface" />}>
      <MenuItem icon={<Pencil className="size-4" aria-hidden />} disabled={!editable} onSelect={onRename}>
        {t('projects.rename')}
      </MenuItem>
      <MenuSeparator />
      <MenuItem
        icon={<Trash2 className="size-4" aria-hidden />}
        destructive
        disabled={!editable}
        onSelect={onDelete}
      >
        {t('projects.delete')}
      </MenuItem>
      {!editable && (
        <p className="max-w-60 px-2.5 pt-1.5 pb-1 text-xs text-text-muted">
          {t('projects.onlyCreatorFolder')}
        </p>
      )}
    </Menu>
  );
}
