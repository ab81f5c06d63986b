import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MemberBudgetResponse, UsageBreakdown } from '@redacta/shared';
import { api } from '@/lib/api-client';
import { usageKey } from '@/lib/usage-key';

export const breakdownKey = (workspaceId: string, month: string) =>
  ['usage-breakdown', workspaceId, month] as const;

const workspacePath = (workspaceId: string) => `/workspace/${encodeURIComponent(workspaceId)}`;

/** GET /api/workspace/{id}/usage/breakdown?month=YYYY-MM: the month's words by member and by project. */
export function useUsageBreakdown(workspaceId: string, month: string) {
  return useQuery({
    queryKey: breakdownKey(workspaceId, month),
    queryFn: ({ signal }) =>
      api.get<UsageBreakdown>(`${workspacePath(workspaceId)}/usage/breakdown?month=${month}`, { signal }),
  });
}

/** GET /api/workspace/{id}/usage/breakdown/export?month=YYYY-MM: the same breakdown as a CSV file. */
export async function fetchBreakdownCsv(workspaceId: string, month: string): Promise<Blob> {
  const response = await api.getStream(`${workspacePath(workspaceId)}/usage/breakdown/export?month=${month}`);
  return response.blob();
}

/**
 * PUT /api/workspace/{id}/member/{userId}/budget (owner only): the breakdowns and the usage answer
 * (which carries one's own budget) are read again.
 */
export function useSetBudget(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, monthlyWords }: { userId: string; monthlyWords: number | null }) =>
      api.put<MemberBudgetResponse>(
        `${workspacePath(workspaceId)}/member/${encodeURIComponent(userId)}/budget`,
        {
          monthlyWords,
        },
      ),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['usage-breakdown', workspaceId] }),
        queryClient.invalidateQueries({ queryKey: usageKey(workspaceId) }),
      ]),
  });
}
