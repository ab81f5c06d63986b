import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { useShareProject } from '../api/use-project-mutations';

/** Shares a project with the team or makes it private again, saying which it now is (or that it failed). */
export function useToggleShare(workspaceId: string) {
  const { t } = useTranslation();
  const share = useShareProject(workspaceId);
  const toggle = (projectId: string) =>
    share.mutate(projectId, {
      onSuccess: ({ isShared }) =>
        toast.success(t(isShared ? 'projects.toasts.shared' : 'projects.toasts.private')),
      onError: () => toast.error(t('projects.toasts.shareFailed')),
    });
  return { toggle, pending: share.isPending };
}
