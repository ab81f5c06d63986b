import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WorkspaceUsage } from '@redacta/shared';
import { api } from '@/lib/api-client';
import { usageKey } from './usage-key';

/** How long an answer of the server stays current (a sent message asks again at once). */
const USAGE_FRESH_MS = 10_000;

export const usageQueryOptions = (workspaceId: string) =>
  queryOptions({
    queryKey: usageKey(workspaceId),
    queryFn: () => api.get<WorkspaceUsage>(`/workspace/${workspaceId}/usage`),
    staleTime: USAGE_FRESH_MS,
  });

/** GET /api/workspace/{id}/usage: words used this month and what remains (null when unlimited). */
export function useUsage(workspaceId: string | null, initialData?: WorkspaceUsage) {
  return useQuery({
    ...usageQueryOptions(workspaceId ?? ''),
    enabled: workspaceId !== null,
    initialData,
    // The workspace list's figure is only a first guess: the server is asked once on open, unless
    // the chat's start already has (app/layout/prefetch-open-chat.ts).
    initialDataUpdatedAt: 0,
  });
}
