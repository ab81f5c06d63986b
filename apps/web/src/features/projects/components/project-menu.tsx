import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { FolderInput, Lock, Pencil, Trash2, Users } from 'lucide-react';
import type { Project } from '@redacta/shared';
import { Menu, MenuItem, MenuSeparator, MoreButton } from '@/components/ui/menu';

export type ProjectAction = 'rename' | 'share' | 'move' | 'delete';

/**
 * The "⋯" menu of a project: share/make private, rename, move, and delete last, in red. After
 * "rename" the focus must stay in the name field instead of going back to this trigger.
 */
export function ProjectMenu({
  project,
  editable,
  onAction,
}: {
  project: Project;
  editable: boolean;
  onAction: (action: ProjectAction) => void;
}) {
  const { t } = useTranslation();
  const label = t('projects.itemMenu', { name: project.name });
  const renameChosen = useRef(false);
  // Rename starts once the menu has closed: while open it holds the focus inside itself, and on
  // closing it would hand it back to this trigger — either would end the edit at once.
  const choose = (action: ProjectAction) => {
    if (action === 'rename') renameChosen.current = true;
    else onAction(action);
  };
  return (
    <Menu
      trigger={<MoreButton label={label} className="hover:bg-surface-muted" />}
      onCloseAutoFocus={(event) => {
        if (!renameChosen.current) return;
        renameChosen.current = false;
        event.preventDefault();
        onAction('rename');
      }}
    >
      <MenuItem
        icon={
          project.isShared ? (
            <Lock className="size-4" aria-hidden />
          ) : (
            <Users className="size-4" aria-hidden />
          )
        }
        disabled={!editable}
        onSelect={() => choose('share')}
      >
        {t(project.isShared ? 'projects.makePrivate' : 'projects.share')}
      </MenuItem>
      <MenuItem
        icon={<Pencil className="size-4" aria-hidden />}
        disabled={!editable}
        onSelect={() => choose('rename')}
      >
        {t('projects.rename')}
      </MenuItem>
      <MenuItem
        icon={<FolderInput className="size-4" aria-hidden />}
        disabled={!editable}
        onSelect={() => choose('move')}
      >
        {t('projects.moveToFolder')}
      </MenuItem>
      <MenuSeparator />
      <MenuItem
        icon={<Trash2 className="size-4" aria-hidden />}
        destructive
        disabled={!editable}
        onSelect={() => choose('delete')}
      >
        {t('projects.delete')}
      </MenuItem>
      {!editable && (
        <p className="max-w-60 px-2.5 pt-1.5 pb-1 text-xs text-text-muted">{t('projects.onlyCreator')}</p>
      )}
    </Menu>
  );
}
