import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Folder } from '@redacta/shared';
import { api } from '@/lib/api-client';
import { projectKeys } from './keys';

/**
 * POST /api/folder under the id the form chose (the same id sent again answers the same folder); a
 * taken name answers 409 FOLDER_NAME_TAKEN, which the form shows inline.
 */
export function useCreateFolder(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      api.post<Folder>('/folder', { id, workspaceId, name }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectKeys.all(workspaceId) }),
  });
}

/** PATCH /api/folder/rename/{id}. */
export function useRenameFolder(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      api.patch<Folder>(`/folder/rename/${encodeURIComponent(id)}`, { name }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectKeys.all(workspaceId) }),
  });
}

/** DELETE /api/folder/{id}: the server moves its projects to the top level first. */
export function useDeleteFolder(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/folder/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectKeys.all(workspaceId) }),
  });
}
