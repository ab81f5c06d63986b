import type { Template, Workspace } from '@redacta/shared';
import { governs } from '@redacta/shared/rules/roles';

/**
 * Who may change a template, as the server decides it: its creator, an admin or the workspace's owner, never a
 * built-in one. The server has the last word (403 with its message); this only hides what would fail.
 */
export function canChangeTemplate(template: Template, userId: string, workspace: Workspace): boolean {
  return !template.builtIn && (template.createdBy === userId || governs(workspace, userId));
}
