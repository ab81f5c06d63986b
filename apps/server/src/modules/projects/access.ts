import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { projects } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { requireMembership, type WorkspaceRole } from '../workspaces/service.ts';

export type ProjectRow = typeof projects.$inferSelect;

/**
 * The tenancy gate for a project: it exists, the user belongs to its workspace, and it is either
 * shared with the workspace or the user's own. Anything else is 404, so a private project of
 * someone else looks exactly like one that does not exist (DESIGN §3).
 */
export async function requireProjectAccess(
  db: Db | Tx,
  projectId: string,
  userId: string,
): Promise<{ project: ProjectRow; role: WorkspaceRole }> {
  const [project] = await db.select().from(projects).where(eq(projects.id, projectId));
  if (!project) throw notFound('Project');
  const role = await requireMembership(db, project.workspaceId, userId, 'Project');
  if (!project.isShared && project.createdBy !== userId) throw notFound('Project');
  return { project, role };
}

/**
 * Changing a project (rename, move, share, delete) is for its creator or the workspace owner;
 * other members who can see a shared project get 403.
 */
export async function requireProjectEditor(
  db: Db | Tx,
  projectId: string,
  userId: string,
): Promise<ProjectRow> {
  const { project, role } = await requireProjectAccess(db, projectId, userId);
  if (project.createdBy !== userId && role !== 'owner') {
    throw new AppError('FORBIDDEN', 'Only the creator or the workspace owner can change this project');
  }
  return project;
}
