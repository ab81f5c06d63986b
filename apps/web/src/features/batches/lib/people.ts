import type { Workspace } from '@redacta/shared';
import { displayName } from '@/features/workspaces';

/** Who made something in the workspace, by id: the owner or a member; null once they have left. */
export function personName(workspace: Workspace, userId: string): string | null {
  const person = [workspace.owner, ...workspace.invitedUsers].find((item) => item.id === userId);
  return person ? displayName(person) : null;
}
