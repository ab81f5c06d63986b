import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { projectKeys } from './keys';
import { moveProjectToFolder, shareProjectWithWorkspace } from './project-api';

/** How a one-call-per-project action ended: which ids went through and which did not. */
export interface BulkOutcome {
  succeeded: string[];
  failed: string[];
}

/** Moving and deleting are one call per project; the caller sums them up in one toast. */
async function eachProject(ids: string[], call: (id: string) => Promise<unknown>): Promise<BulkOutcome> {
  const results = await Promise.allSettled(ids.map((id) => call(id)));
  const outcome: BulkOutcome = { succeeded: [], failed: [] };
  results.forEach((result, index) =>
    (result.status === 'fulfilled' ? outcome.succeeded : outcome.failed).push(ids[index]!),
  );
  return outcome;
}

/** DELETE /api/project/{id} for each selected project. */
export function useDeleteProjects(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => eachProject(ids, (id) => api.delete(`/project/${encodeURIComponent(id)}`)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: projectKeys.all(workspaceId) }),
  });
}

/** PATCH /api/project/{id}/move-to-folder/{folderId|none} for each selected project. */
export function useMoveProjects(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, folderId }: { ids: string[]; folderId: string | null }) =>
      eachProject(ids, (id) => moveProjectToFolder(id, folderId)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: projectKeys.all(workspaceId) }),
  });
}

/**
 * PATCH /api/project/{id}/share-to-workspace for each chosen project, each made team-visible.
 */
export function useShareProjects(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) =>
      eachProject(ids, (projectId) => shareProjectWithWorkspace({ projectId, isShared: true })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: projectKeys.all(workspaceId) }),
  });
}
