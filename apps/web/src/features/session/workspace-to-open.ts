import type { Workspace } from '@redacta/shared';

/**
 * The workspace the app opens: the stored id if it is still one of the user's workspaces, else the
 * one the user owns (made at sign-up), else the first.
 */
export function workspaceToOpen(
  workspaces: readonly Workspace[],
  storedId: string | null,
  userId: string | undefined,
): Workspace | null {
  return (
    workspaces.find((item) => item.id === storedId) ??
    workspaces.find((item) => item.ownerId === userId) ??
    workspaces[0] ??
    null
  );
}
