import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PutStyleRulesBody, StyleRulesResponse } from '@redacta/shared';
import { api } from '@/lib/api-client';
import { useSessionIfAny } from '@/features/session';

export const styleRulesKey = (workspaceId: string) => ['style-rules', workspaceId] as const;

const path = (workspaceId: string) => `/workspace/${encodeURIComponent(workspaceId)}/style-rules`;

/**
 * The rules are read once per workspace and session: every reply and the document check against
 * this copy, and the owner's saves replace it.
 */
export const styleRulesQueryOptions = (workspaceId: string) =>
  queryOptions({
    queryKey: styleRulesKey(workspaceId),
    queryFn: ({ signal }) => api.get<StyleRulesResponse>(path(workspaceId), { signal }),
    staleTime: Infinity,
  });

/** GET /api/workspace/{id}/style-rules for the current workspace (none outside the signed-in app). */
export function useStyleRules() {
  const workspaceId = useSessionIfAny()?.workspace?.id ?? '';
  const query = useQuery({ ...styleRulesQueryOptions(workspaceId), enabled: workspaceId !== '' });
  return { ...query, workspaceId };
}

/** PUT /api/workspace/{id}/style-rules: the whole list; the answer (with the new ids) becomes the cache. */
export function useSaveStyleRules(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PutStyleRulesBody) => api.put<StyleRulesResponse>(path(workspaceId), body),
    onSuccess: (saved) => queryClient.setQueryData(styleRulesKey(workspaceId), saved),
  });
}
