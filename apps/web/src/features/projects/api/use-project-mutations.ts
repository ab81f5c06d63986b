import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Project } from '@redacta/shared';
import { api } from '@/lib/api-client';
import { projectsKey } from './keys';

/** PATCH /api/project/rename/{id}. */
export function useRenameProject(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      api.patch<Project>(`/project/rename/${encodeURIComponent(id)}`, { name }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: projectsKey(workspaceId) }),
  });
}

/** PATCH /api/project/{id}/share-to-workspace: toggles team-visible ⇄ private. */
export function useShareProject(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.patch<{ id: string; isShared: boolean }>(`/project/${encodeURIComponent(id)}/share-to-workspace`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectsKey(workspaceId) }),
  });
}
