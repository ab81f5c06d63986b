import type { Workspace } from '@redacta/shared';
import { governs } from '@redacta/shared/rules/roles';

/**
 * The server's rule (docs/product.md, "Who may do what"): a project or folder may be changed by whoever created it, by an
 * admin and by the workspace owner; others may only open shared projects. The interface disables what would be refused.
 */
export function canChange(createdBy: string | null, userId: string, workspace: Workspace): boolean {
  return createdBy === userId || governs(workspace, userId);
}

/** The creator as the workspace knows them (owner or member); null when they have left it. */
export function workspacePerson(workspace: Workspace, personId: string | null) {
  // No id: its author deleted their account (the caller says "Former member").
  if (!personId) return null;
  const person = [workspace.owner, ...workspace.invitedUsers].find((item) => item.id === personId);
  if (!person) return null;
  const name = [person.firstName, person.lastName].filter(Boolean).join(' ').trim();
  return name || person.email;
}
