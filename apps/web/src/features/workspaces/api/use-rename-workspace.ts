import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RenameWorkspaceResponse, Workspace } from '@redacta/shared';
import { api } from '@/lib/api-client';
import { workspacesKey } from '@/features/session';

/** PATCH /api/workspace/rename/{id} (owner only); the cached list takes the new name. */
export function useRenameWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      api.patch<RenameWorkspaceResponse>(`/workspace/rename/${encodeURIComponent(id)}`, { name }),
    onSuccess: ({ id, name }) => {
      queryClient.setQueryData<Workspace[]>(workspacesKey, (list) =>
        list?.map((item) => (item.id === id ? { ...item, name } : item)),
      );
    },
  });
}
