import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { useCreateOnce } from '@/lib/use-create-once';
import { useCreateProject } from '../api/use-create-project';
import { projectChatPath, rememberOpenProject } from '../lib/open-project';

/**
 * Starting a new project, wherever the button is (projects page, chat header, a project not found):
 * create it, open it in the chat and store it as the open project; a failure says so in a toast.
 * A double click creates one project (useCreateOnce).
 */
export function useStartNewProject() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateProject();
  const once = useCreateOnce();
  const { mutate } = create;
  const start = useCallback(
    (workspaceId: string, folderId?: string | null) => {
      const id = once.start();
      if (!id) return;
      mutate(
        { id, workspaceId, folderId },
        {
          onSuccess: ({ id: created, movedToFolder }) => {
            once.settle(true);
            if (!movedToFolder) toast.error(t('projects.toasts.moveFailed'));
            rememberOpenProject(created);
            navigate(projectChatPath(created));
          },
          onError: () => {
            once.settle(false);
            toast.error(t('projects.toasts.projectCreateFailed'));
          },
        },
      );
    },
    [mutate, navigate, once, t],
  );
  return { start, pending: create.isPending };
}
