import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PremiumModelStatus } from '@redacta/shared';
import { api } from '@/lib/api-client';
import { workspacesKey } from '@/features/session';

const statusKey = (workspaceId: string) => ['premium-status', workspaceId] as const;

/** GET /api/workspace/{id}/gpt-4/status: on or off, allowed on this plan, and the models' names. */
export function usePremiumModelStatus(workspaceId: string) {
  return useQuery({
    queryKey: statusKey(workspaceId),
    queryFn: () => api.get<PremiumModelStatus>(`/workspace/${workspaceId}/gpt-4/status`),
  });
}

/** PATCH /api/workspace/gpt-4/enable|disable: flips the switch for the whole workspace. */
export function useSetPremiumModel(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean) =>
      api.patch<PremiumModelStatus>(`/workspace/gpt-4/${on ? 'enable' : 'disable'}`, { workspaceId }),
    onSuccess: (status) => {
      queryClient.setQueryData(statusKey(workspaceId), status);
      void queryClient.invalidateQueries({ queryKey: workspacesKey });
    },
  });
}
