import type { Workspace } from '@redacta/shared';
import { displayName } from '@/features/workspaces';

/**
 * Who made something in the workspace, by id: the owner or a member; null once they have left or
 * their account is gone (no id).
 */
export function personName(workspace: Workspace, userId: string | null): string | null {
  if (userId === null) return null;
  const person = [workspace.owner, ...workspace.invitedUsers].find((item) => item.id === userId);
  return person ? displayName(person) : null;
}
