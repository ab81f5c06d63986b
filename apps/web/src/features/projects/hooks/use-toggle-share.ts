import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { useShareProject } from '../api/use-project-mutations';

/**
 * Shares a project with the team or makes it private again (the other of its state as shown), saying
 * which it now is (or that it failed).
 */
export function useToggleShare(workspaceId: string) {
  const { t } = useTranslation();
  const share = useShareProject(workspaceId);
  const toggle = (project: { id: string; isShared: boolean }) =>
    share.mutate(
      { projectId: project.id, isShared: !project.isShared },
      {
        onSuccess: ({ isShared }) =>
          toast.success(t(isShared ? 'projects.toasts.shared' : 'projects.toasts.private')),
        onError: () => toast.error(t('projects.toasts.shareFailed')),
      },
    );
  return { toggle, pending: share.isPending };
}
