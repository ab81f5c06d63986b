import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { projects } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { requireCreatorOrOwner } from '../members/rules.ts';
import { memberRole, type WorkspaceRole } from '../workspaces/service.ts';

export type ProjectRow = typeof projects.$inferSelect;

/**
 * Whether the user may see the `projects` row of the query, given they belong to its workspace: it
 * is shared with the workspace or it is their own. The `project_visible` database function
 * (migration 0005) is the one statement of this rule; the chat's `open_chat_turn` calls it too.
 * PostgreSQL inlines it, so lists filtered by it keep their indexes.
 */
export function visibleTo(userId: string): SQL {
  return sql`project_visible(p_project => ${projects}, p_user_id => ${userId})`;
}

/**
 * The tenancy gate for a project: it exists, the user belongs to its workspace, and they may see
 * it. Anything else is 404, so a private project of someone else looks exactly like one that does
 * not exist (docs/product.md, "Workspaces and roles").
 */
export async function requireProjectAccess(
  db: Db | Tx,
  projectId: string,
  userId: string,
): Promise<{ project: ProjectRow; role: WorkspaceRole }> {
  const membership = memberRole(projects.workspaceId, userId);
  const [row] = await db
    .select({ project: projects, role: membership.role })
    .from(projects)
    .crossJoin(membership.from)
    .where(and(eq(projects.id, projectId), visibleTo(userId)));
  if (!row) throw notFound('Project');
  return row;
}

/** Changing a project (rename, move, share, delete): its creator or the workspace owner (else 403). */
export async function requireProjectEditor(
  db: Db | Tx,
  projectId: string,
  userId: string,
): Promise<ProjectRow> {
  const { project, role } = await requireProjectAccess(db, projectId, userId);
  requireCreatorOrOwner({ role, createdBy: project.createdBy, userId }, 'project');
  return project;
}
