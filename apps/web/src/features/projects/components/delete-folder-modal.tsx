import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import type { FolderWithCount } from '@redacta/shared';
import { useDeleteFolder } from '../api/use-folder-mutations';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';

/** Deleting a folder never deletes its projects: the confirmation says where they go. */
export function DeleteFolderModal({
  workspaceId,
  folder,
  onOpenChange,
  onDeleted,
}: {
  workspaceId: string;
  folder: FolderWithCount;
  onOpenChange: (open: boolean) => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const remove = useDeleteFolder(workspaceId);
  const count = folder.projectCount;
  return (
    <ConfirmDialog
      onOpenChange={onOpenChange}
      title={t('projects.deleteFolder.title', { name: folder.name })}
      description={
        count === 0 ? t('projects.deleteFolder.textEmpty') : t('projects.deleteFolder.text', { count })
      }
      confirmLabel={t('projects.deleteFolder.confirm')}
      pending={remove.isPending}
      onConfirm={() =>
        remove.mutate(folder.id, {
          onSuccess: () => {
            toast.success(t('projects.toasts.folderDeleted'));
            onDeleted();
            onOpenChange(false);
          },
          onError: () => toast.error(t('projects.toasts.folderDeleteFailed')),
        })
      }
    />
  );
}
