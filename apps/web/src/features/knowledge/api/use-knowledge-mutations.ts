import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { KnowledgeCreated, KnowledgeListResponse } from '@redacta/shared';
import { api } from '@/lib/api-client';
import { knowledgeKeys } from './knowledge-keys';

/**
 * POST /api/workspace/{id}/knowledge/url: the page is fetched and indexed on the server; the list
 * reloads to show it processing (its added-by and size come from the server).
 */
export function useAddKnowledgeUrl(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (url: string) =>
      api.post<KnowledgeCreated>(`/workspace/${encodeURIComponent(workspaceId)}/knowledge/url`, { url }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: knowledgeKeys.list(workspaceId) }),
  });
}

/** DELETE /api/knowledge/{id}: the source (and its passages) leaves the cached list at once. */
export function useDeleteKnowledge(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/knowledge/${encodeURIComponent(id)}`),
    onSuccess: (_result, id) => {
      queryClient.setQueryData<KnowledgeListResponse>(knowledgeKeys.list(workspaceId), (list) =>
        list ? { ...list, sources: list.sources.filter((source) => source.id !== id) } : list,
      );
    },
  });
}
