import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AssignableRole, Member, PendingInvitation } from '@redacta/shared';
import { api } from '@/lib/api-client';
import { workspacesKey } from '@/features/session';
import { teamKeys } from './team-keys';

/** After a change to who is in a workspace: its team and the workspace list (members, seats) reload. */
function useRefreshTeam() {
  const queryClient = useQueryClient();
  return (workspaceId: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: teamKeys.all(workspaceId) }),
      queryClient.invalidateQueries({ queryKey: workspacesKey }),
    ]);
}

/** PATCH /api/workspace/{id}/remove-invited-user/{userId} (the owner, or an admin for a member; 204). */
export function useRemoveMember() {
  const refresh = useRefreshTeam();
  return useMutation({
    mutationFn: ({ workspaceId, userId }: { workspaceId: string; userId: string }) =>
      api.patch<void>(
        `/workspace/${encodeURIComponent(workspaceId)}/remove-invited-user/${encodeURIComponent(userId)}`,
      ),
    onSettled: (_data, _error, { workspaceId }) => refresh(workspaceId),
  });
}

/** PUT /api/workspace/{id}/member/{userId}/role (the owner only): a member made admin, or back. */
export function useChangeRole() {
  const refresh = useRefreshTeam();
  return useMutation({
    mutationFn: ({
      workspaceId,
      userId,
      role,
    }: {
      workspaceId: string;
      userId: string;
      role: AssignableRole;
    }) =>
      api.put<Member>(
        `/workspace/${encodeURIComponent(workspaceId)}/member/${encodeURIComponent(userId)}/role`,
        { role },
      ),
    onSettled: (_data, _error, { workspaceId }) => refresh(workspaceId),
  });
}

/** POST /api/workspace/{id}/leave (members, not the owner; 204). */
export function useLeaveWorkspace() {
  return useMutation({
    mutationFn: (workspaceId: string) =>
      api.post<void>(`/workspace/${encodeURIComponent(workspaceId)}/leave`),
  });
}

/** POST /api/invitation-to-workspace/{id}/resend (the inviter or the owner). */
export function useResendInvitation() {
  const refresh = useRefreshTeam();
  return useMutation({
    mutationFn: (invitation: PendingInvitation) =>
      api.post<PendingInvitation>(`/invitation-to-workspace/${encodeURIComponent(invitation.id)}/resend`),
    onSuccess: (_data, invitation) => refresh(invitation.workspaceId),
  });
}

/** DELETE /api/invitation-to-workspace/{id}/revoke (the inviter or the owner; 204): the seat is free again. */
export function useRevokeInvitation() {
  const refresh = useRefreshTeam();
  return useMutation({
    mutationFn: (invitation: PendingInvitation) =>
      api.delete<void>(`/invitation-to-workspace/${encodeURIComponent(invitation.id)}/revoke`),
    onSettled: (_data, _error, invitation) => refresh(invitation.workspaceId),
  });
}
