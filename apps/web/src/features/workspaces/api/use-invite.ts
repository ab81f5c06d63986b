import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InviteResponse } from '@redacta/shared';
import { api } from '@/lib/api-client';
import { workspacesKey } from '@/features/session';
import { teamKeys } from './team-keys';

/**
 * POST /api/workspace/{id}/invite {email}. An address with a pending invitation gets it again
 * (`resent`), never a second one. Members, pending invitations and the workspace list reload after.
 */
export function useInvite(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) =>
      api.post<InviteResponse>(`/workspace/${encodeURIComponent(workspaceId)}/invite`, { email }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: teamKeys.all(workspaceId) }),
        queryClient.invalidateQueries({ queryKey: workspacesKey }),
      ]),
  });
}
