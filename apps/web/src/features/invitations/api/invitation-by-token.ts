import { useMutation, useQuery } from '@tanstack/react-query';
import type { AcceptInvitationResponse, InvitationPreview } from '@redacta/shared';
import { api, plainApi } from '@/lib/api-client';

/**
 * POST /api/invitation-to-workspace/preview {token}: who invites to which workspace, for which
 * address, and whether it can still be accepted. No session needed: the token is the proof.
 */
export function useInvitationPreview(token: string) {
  return useQuery({
    queryKey: ['invitation-preview', token],
    queryFn: () => plainApi.post<InvitationPreview>('/invitation-to-workspace/preview', { token }),
    enabled: token !== '',
    staleTime: Infinity,
  });
}

/** POST /api/workspace/add-user-by-token {token}: joins the signed-in user; answers the workspace's id. */
export function useAcceptInvitation() {
  return useMutation({
    mutationFn: (token: string) =>
      api.post<AcceptInvitationResponse>('/workspace/add-user-by-token', { token }),
  });
}
