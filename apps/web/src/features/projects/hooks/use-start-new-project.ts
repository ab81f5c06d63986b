import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { useCreateProject } from '../api/use-create-project';
import { projectChatPath, rememberOpenProject } from '../lib/open-project';

/**
 * Starting a new project, wherever the button is (projects page, chat header, a project not found):
 * create it, open it in the chat and store it as the open project; a failure says so in a toast.
 */
export function useStartNewProject() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateProject();
  const { mutate } = create;
  const start = useCallback(
    (workspaceId: string, folderId?: string | null) =>
      mutate(
        { workspaceId, folderId },
        {
          onSuccess: ({ id, movedToFolder }) => {
            if (!movedToFolder) toast.error(t('projects.toasts.moveFailed'));
            rememberOpenProject(id);
            navigate(projectChatPath(id));
          },
          onError: () => toast.error(t('projects.toasts.projectCreateFailed')),
        },
      ),
    [mutate, navigate, t],
  );
  return { start, pending: create.isPending };
}
