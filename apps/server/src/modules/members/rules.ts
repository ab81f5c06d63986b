import { AppError } from '../../lib/errors.ts';
import type { WorkspaceRole } from '../workspaces/service.ts';

/**
 * Changing or deleting a shared thing of a workspace — a project, a folder, a brand voice, a custom
 * prompt — is for whoever created it and the workspace owner; any other member gets 403
 * (docs/product.md, "Who may do what"). A thing whose creator's account is gone (null) is the
 * owner's to change. The caller has already checked that the user belongs to the workspace.
 */
export function requireCreatorOrOwner(
  access: { role: WorkspaceRole; createdBy: string | null; userId: string },
  thing: string,
): void {
  if (access.role === 'owner' || (access.createdBy !== null && access.createdBy === access.userId)) return;
  throw new AppError('FORBIDDEN', `Only the creator or the workspace owner can change this ${thing}`);
}
