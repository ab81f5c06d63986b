/**
 * Query keys of a workspace's team: its members (with the seat count) and its pending invitations.
 * Both sit under `all`, so a change that moves a seat (an invitation sent, revoked or accepted, a
 * member removed) refreshes both with one invalidation.
 */
export const teamKeys = {
  all: (workspaceId: string) => ['team', workspaceId] as const,
  members: (workspaceId: string) => [...teamKeys.all(workspaceId), 'members'] as const,
  pendingInvitations: (workspaceId: string) => [...teamKeys.all(workspaceId), 'pending'] as const,
};
