/*
 * Roles without zod, so the web app's first load may decide what to show by them
 * (docs/product.md, "Workspaces and roles").
 */

/**
 * A workspace's roles: its one owner, admins (who govern its people and settings beside the owner) and
 * members (docs/product.md, "Workspaces and roles").
 */
export const memberRoles = ['owner', 'admin', 'member'] as const;
export type MemberRole = (typeof memberRoles)[number];

/** The roles the owner gives and takes: ownership itself moves only by a hand-over. */
export const assignableRoles = ['admin', 'member'] as const;
export type AssignableRole = (typeof assignableRoles)[number];

/** Whether a role governs the workspace's people and settings (the owner and admins). */
export function isManagerRole(role: MemberRole): boolean {
  return role === 'owner' || role === 'admin';
}

/** The workspace list's fields a role is read from: its owner, and its admins by id. */
interface RoleSource {
  ownerId: string;
  adminIds?: string[] | undefined;
}

/** A person's role in a workspace as the workspace list tells it (one of its members, by id). */
export function roleIn(workspace: RoleSource, userId: string | undefined): MemberRole {
  if (workspace.ownerId === userId) return 'owner';
  return userId !== undefined && workspace.adminIds?.includes(userId) ? 'admin' : 'member';
}

/** Whether the person governs the workspace (its owner or an admin): the interface shows what the server allows. */
export function governs(workspace: RoleSource, userId: string | undefined): boolean {
  return isManagerRole(roleIn(workspace, userId));
}
