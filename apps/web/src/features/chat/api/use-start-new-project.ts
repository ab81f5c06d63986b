import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { storage, storageKeys } from '@/lib/storage';
import { useCreateProject } from './use-create-project';

/** Spec §4 new project: create, go to /chat?project={id}, store projectId; failure toasts (spec §8). */
export function useStartNewProject() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateProject();
  const start = useCallback(
    (workspaceId: string) =>
      create.mutate(workspaceId, {
        onSuccess: ({ id }) => {
          navigate(`/chat?project=${encodeURIComponent(id)}`);
          storage.set(storageKeys.projectId, id);
        },
        onError: () => toast.error(t('chat.createFailed')),
      }),
    [create, navigate, t],
  );
  return { start, pending: create.isPending };
}
