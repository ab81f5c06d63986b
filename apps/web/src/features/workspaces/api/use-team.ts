import { useQuery } from '@tanstack/react-query';
import type { MembersResponse, PendingInvitationsResponse } from '@redacta/shared';
import { api } from '@/lib/api-client';
import { teamKeys } from './team-keys';

const path = (workspaceId: string, tail: string) => `/workspace/${encodeURIComponent(workspaceId)}/${tail}`;

/** GET /api/workspace/{id}/members: the owner first, then members by joining date, with the seats. */
export function useMembers(workspaceId: string) {
  return useQuery({
    queryKey: teamKeys.members(workspaceId),
    queryFn: () => api.get<MembersResponse>(path(workspaceId, 'members')),
    staleTime: 30_000,
  });
}

/** GET /api/workspace/{id}/pending-invitations: invitations not yet accepted, revoked or expired. */
export function usePendingInvitations(workspaceId: string) {
  return useQuery({
    queryKey: teamKeys.pendingInvitations(workspaceId),
    queryFn: () => api.get<PendingInvitationsResponse>(path(workspaceId, 'pending-invitations')),
    staleTime: 30_000,
  });
}
