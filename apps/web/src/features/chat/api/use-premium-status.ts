import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PremiumModelStatus } from '@redacta/shared';
import { getFirstRead } from '@/lib/api-client';
import { chatKeys } from './chat-keys';

/** The page's first read of the status of the workspace the chat opens takes the boot script's answer. */
export const premiumStatusQueryOptions = (workspaceId: string) =>
  queryOptions({
    queryKey: chatKeys.premiumStatus(workspaceId),
    queryFn: () => getFirstRead<PremiumModelStatus>(`/workspace/${workspaceId}/gpt-4/status`),
    staleTime: 60_000,
  });

/** GET /api/workspace/{id}/gpt-4/status: which model answers, and whether it is the demo writer. */
export function usePremiumStatus(workspaceId: string | null) {
  return useQuery({ ...premiumStatusQueryOptions(workspaceId ?? ''), enabled: workspaceId !== null });
}
