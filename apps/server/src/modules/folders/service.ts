import { and, count, desc, eq } from 'drizzle-orm';
import type { Folder, FolderWithCount, ProjectList, ProjectListQuery } from '@redacta/shared';
import type { Db, Tx } from '../../db/client.ts';
import { folders, projects } from '../../db/schema.ts';
import { createOnce } from '../../lib/create-once.ts';
import { AppError, isUniqueViolation, notFound } from '../../lib/errors.ts';
import { requireCreatorOrOwner } from '../members/rules.ts';
import { requireListRoom } from '../workspaces/list-caps.ts';
import { visibleTo } from '../projects/access.ts';
import { listProjects } from '../projects/list.ts';
import { requireMembership, type WorkspaceRole } from '../workspaces/service.ts';

type FolderRow = typeof folders.$inferSelect;

export function toFolder(row: FolderRow): Folder {
  return {
    id: row.id,
    workspaceId: row.workspaceId,
    name: row.name,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Folders belong to the workspace: every member sees them; anyone else gets 404. */
export async function requireFolderAccess(
  db: Db | Tx,
  folderId: string,
  userId: string,
): Promise<{ folder: FolderRow; role: WorkspaceRole }> {
  const [folder] = await db.select().from(folders).where(eq(folders.id, folderId));
  if (!folder) throw notFound('Folder');
  const role = await requireMembership(db, folder.workspaceId, userId, 'Folder');
  return { folder, role };
}

/** Renaming and deleting a folder is for whoever created it and the workspace owner (403 otherwise). */
async function requireFolderEditor(db: Db | Tx, folderId: string, userId: string): Promise<FolderRow> {
  const { folder, role } = await requireFolderAccess(db, folderId, userId);
  requireCreatorOrOwner({ role, createdBy: folder.createdBy, userId }, 'folder');
  return folder;
}

/** The unique index on (workspace_id, lower(name)) decides, so two simultaneous creations cannot both win. */
async function withUniqueName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError('FOLDER_NAME_TAKEN', 'A folder with this name already exists in the workspace');
    }
    throw error;
  }
}

/** A repeat of the same create (the same client id) answers the folder it made (lib/create-once.ts). */
export async function createFolder(
  db: Db,
  userId: string,
  input: { workspaceId: string; name: string; id?: string },
) {
  const { workspaceId } = input;
  await requireMembership(db, workspaceId, userId);
  const id = await createOnce(
    db,
    { table: folders, id: folders.id, workspaceId: folders.workspaceId, creator: folders.createdBy },
    input.id,
    { workspaceId, userId },
    async () => {
      const [folder] = await withUniqueName(() =>
        db.transaction(async (tx) => {
          await requireListRoom(tx, 'folders', workspaceId);
          return tx
            .insert(folders)
            .values({ id: input.id, workspaceId, name: input.name.trim(), createdBy: userId })
            .returning({ id: folders.id });
        }),
      );
      return folder!;
    },
  );
  const [folder] = await db.select().from(folders).where(eq(folders.id, id));
  return toFolder(folder!);
}

export async function renameFolder(db: Db, folderId: string, userId: string, name: string) {
  await requireFolderEditor(db, folderId, userId);
  const [folder] = await withUniqueName(() =>
    db.update(folders).set({ name: name.trim() }).where(eq(folders.id, folderId)).returning(),
  );
  return toFolder(folder!);
}

/** Deleting a folder never deletes projects: all of them (anyone's) move to the top level first. */
export async function deleteFolder(db: Db, folderId: string, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await requireFolderEditor(tx, folderId, userId);
    await tx.update(projects).set({ folderId: null }).where(eq(projects.folderId, folderId));
    await tx.delete(folders).where(eq(folders.id, folderId));
  });
}

/** The workspace's folders, newest first, each with the number of projects in it the user can see. */
export async function listFolders(db: Db, workspaceId: string, userId: string): Promise<FolderWithCount[]> {
  await requireMembership(db, workspaceId, userId);
  const rows = await db
    .select({ folder: folders, projectCount: count(projects.id) })
    .from(folders)
    .leftJoin(projects, and(eq(projects.folderId, folders.id), visibleTo(userId)))
    .where(eq(folders.workspaceId, workspaceId))
    .groupBy(folders.id)
    .orderBy(desc(folders.createdAt), desc(folders.id));
  return rows.map((row) => ({ ...toFolder(row.folder), projectCount: Number(row.projectCount) }));
}

/** One page of the projects in the folder the user can see; a folder they cannot reach is 404. */
export async function listFolderProjects(
  db: Db,
  folderId: string,
  userId: string,
  query: ProjectListQuery,
): Promise<ProjectList> {
  const { folder } = await requireFolderAccess(db, folderId, userId);
  return listProjects(db, { workspaceId: folder.workspaceId, userId, folderId: folder.id }, query);
}
