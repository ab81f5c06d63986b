import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Folder } from 'lucide-react';
import type { FolderWithCount } from '@redacta/shared';
import { Tooltip } from '@/components/ui/tooltip';
import { FolderMenu } from './folder-menu';

/**
 * A folder: opens its projects; its "⋯" menu renames or deletes it. A long name wraps onto a second
 * line and is cut there; the whole name shows on hover and keyboard focus.
 */
export function FolderCard({
  folder,
  href,
  editable,
  onRename,
  onDelete,
}: {
  folder: FolderWithCount;
  href: string;
  editable: boolean;
  onRename: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  return (
    <li
      data-testid="folder-card"
      className="flex items-center gap-1 rounded-lg border border-border bg-surface pr-1 hover:bg-surface-muted"
    >
      <Tooltip content={<span className="[overflow-wrap:anywhere]">{folder.name}</span>}>
        <Link
          to={href}
          className="flex min-w-0 flex-1 items-center gap-3 rounded-lg px-3 py-3 focus-visible:outline-2 focus-visible:outline-primary"
        >
          <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary">
            <Folder className="size-5" aria-hidden />
          </span>
          <span className="flex min-w-0 flex-col">
            <span
              data-testid="folder-name"
              className="line-clamp-2 text-sm font-medium [overflow-wrap:anywhere]"
            >
              {folder.name}
            </span>
            <span className="text-xs text-text-muted">
              {t('projects.projectCount', { count: folder.projectCount })}
            </span>
          </span>
        </Link>
      </Tooltip>
      <FolderMenu folder={folder} editable={editable} onRename={onRename} onDelete={onDelete} />
    </li>
  );
}
