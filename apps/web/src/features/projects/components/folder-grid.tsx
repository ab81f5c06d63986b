import { useTranslation } from 'react-i18next';
import type { FolderWithCount, Workspace } from '@redacta/shared';
import { canChange } from '../lib/permissions';
import { FolderCard } from './folder-card';

/** The workspace's folders, newest first, each opening its projects. */
export function FolderGrid({
  folders,
  workspace,
  userId,
  folderHref,
  onRename,
  onDelete,
}: {
  folders: FolderWithCount[];
  workspace: Workspace;
  userId: string;
  folderHref: (folderId: string) => string;
  onRename: (folder: FolderWithCount) => void;
  onDelete: (folder: FolderWithCount) => void;
}) {
  const { t } = useTranslation();
  if (folders.length === 0) return null;
  return (
    <section aria-labelledby="folders-heading" className="flex flex-col gap-3">
      <h2 id="folders-heading" className="text-sm font-semibold text-text-muted">
        {t('projects.folders')}
      </h2>
      <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
        {folders.map((folder) => (
          <FolderCard
            key={folder.id}
            folder={folder}
            href={folderHref(folder.id)}
            editable={canChange(folder.createdBy, userId, workspace)}
            onRename={() => onRename(folder)}
            onDelete={() => onDelete(folder)}
          />
        ))}
      </ul>
    </section>
  );
}
