import { queryOptions, useQuery } from '@tanstack/react-query';
import type { KnowledgeListResponse } from '@redacta/shared';
import { api } from '@/lib/api-client';
import { knowledgeKeys } from './knowledge-keys';

/** While a source is processing (or the knowledge is re-indexed), the list is read again this often. */
export const KNOWLEDGE_POLL_MS = 2_000;

/** True while the server is still working on something the list shows. */
export function knowledgeInProgress(list: KnowledgeListResponse | undefined): boolean {
  return !!list && (list.reindexing || list.sources.some((source) => source.status === 'processing'));
}

export const knowledgeQueryOptions = (workspaceId: string) =>
  queryOptions({
    queryKey: knowledgeKeys.list(workspaceId),
    queryFn: ({ signal }) =>
      api.get<KnowledgeListResponse>(`/workspace/${encodeURIComponent(workspaceId)}/knowledge`, { signal }),
    staleTime: 30_000,
    // Processing happens on the server, off the request: the list follows it until it settles.
    refetchInterval: (query) => (knowledgeInProgress(query.state.data) ? KNOWLEDGE_POLL_MS : false),
  });

/** GET /api/workspace/{id}/knowledge: the workspace's sources with their status, newest first. */
export function useKnowledgeSources(workspaceId: string) {
  return useQuery({ ...knowledgeQueryOptions(workspaceId), enabled: workspaceId !== '' });
}

/** Whether the workspace has a source ready to answer from (the composer's toggle shows only then). */
export function useHasReadyKnowledge(workspaceId: string): boolean {
  const { data } = useKnowledgeSources(workspaceId);
  return data?.sources.some((source) => source.status === 'ready') ?? false;
}
