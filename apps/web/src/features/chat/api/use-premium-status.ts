import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PremiumModelStatus } from '@redacta/shared';
import { api } from '@/lib/api-client';
import { chatKeys } from './chat-keys';

export const premiumStatusQueryOptions = (workspaceId: string) =>
  queryOptions({
    queryKey: chatKeys.premiumStatus(workspaceId),
    queryFn: () => api.get<PremiumModelStatus>(`/workspace/${workspaceId}/gpt-4/status`),
    staleTime: 60_000,
  });

/** GET /api/workspace/{id}/gpt-4/status: which model answers, and whether it is the demo writer. */
export function usePremiumStatus(workspaceId: string | null) {
  return useQuery({ ...premiumStatusQueryOptions(workspaceId ?? ''), enabled: workspaceId !== null });
}
