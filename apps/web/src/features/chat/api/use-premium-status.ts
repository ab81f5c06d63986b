import { useQuery } from '@tanstack/react-query';
import type { PremiumModelStatus } from '@redacta/shared';
import { api } from '@/lib/api-client';
import { chatKeys } from './chat-keys';

/** GET /api/workspace/{id}/gpt-4/status: which model answers, and whether it is the demo writer. */
export function usePremiumStatus(workspaceId: string | null) {
  return useQuery({
    queryKey: chatKeys.premiumStatus(workspaceId ?? ''),
    queryFn: () => api.get<PremiumModelStatus>(`/workspace/${workspaceId}/gpt-4/status`),
    enabled: workspaceId !== null,
    staleTime: 60_000,
  });
}
