import { isManagerRole } from '@redacta/shared';
import { AppError } from '../../lib/errors.ts';
import type { WorkspaceRole } from '../workspaces/service.ts';

/**
 * Changing or deleting a shared thing of a workspace — a project, a folder, a brand voice, a custom
 * prompt, a template, a knowledge source — is for whoever created it, an admin and the workspace
 * owner; any other member gets 403 (docs/product.md, "Who may do what"). A thing whose creator's
 * account is gone (null) is the owner's and the admins' to change. The caller has already checked
 * that the user belongs to the workspace (and may see the thing).
 */
export function requireCreatorOrOwner(
  access: { role: WorkspaceRole; createdBy: string | null; userId: string },
  thing: string,
): void {
  if (isManagerRole(access.role) || (access.createdBy !== null && access.createdBy === access.userId)) return;
  throw new AppError(
    'FORBIDDEN',
    `Only the creator, an admin or the workspace owner can change this ${thing}`,
  );
}
