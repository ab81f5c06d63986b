import { useQuery } from '@tanstack/react-query';
import type { KnowledgeSearchResponse } from '@redacta/shared';
import { api } from '@/lib/api-client';
import { knowledgeKeys } from './knowledge-keys';

/**
 * GET /api/workspace/{id}/knowledge/search?q=: the passages a chat request with this text would
 * get. Asked for once the question is submitted (an empty `q` asks nothing).
 */
export function useKnowledgeSearch(workspaceId: string, q: string) {
  return useQuery({
    queryKey: knowledgeKeys.search(workspaceId, q),
    queryFn: ({ signal }) =>
      api.get<KnowledgeSearchResponse>(
        `/workspace/${encodeURIComponent(workspaceId)}/knowledge/search?${new URLSearchParams({ q })}`,
        { signal },
      ),
    enabled: workspaceId !== '' && q !== '',
    staleTime: 0,
  });
}
