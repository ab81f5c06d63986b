import { and, asc, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { isStorableText, projectSortKeys, type ProjectList, type ProjectListQuery } from '@redacta/shared';
import type { Db } from '../../db/client.ts';
import { projects } from '../../db/schema.ts';
import { decodeCursor, encodeCursor, invalidCursor, isTimestampText } from '../../lib/cursor.ts';
import { visibleTo } from './access.ts';
import { requireMembership } from '../workspaces/service.ts';
import { toProjects } from './service.ts';

export interface ProjectListScope {
  workspaceId: string;
  userId: string;
  /** A folder id, `null` for the top level (no folder), or `undefined` for every project. */
  folderId?: string | null;
}

/** The projects of a workspace the user belongs to that they may see (`visibleTo`). */
export function visibleProjects(workspaceId: string, userId: string): SQL {
  return and(eq(projects.workspaceId, workspaceId), visibleTo(userId))!;
}

interface Cursor {
  sort: ProjectListQuery['sort'];
  order: ProjectListQuery['order'];
  /** The sort key of the last row, as Postgres printed it (timestamps keep their microseconds). */
  key: string;
  id: string;
}

/** `[sort, order, key, id]`: a known sort, a real project id, and a key of the sort's kind. */
const cursorSchema = z
  .tuple([z.enum(projectSortKeys), z.enum(['asc', 'desc']), z.string().min(1).max(1000), z.uuid()])
  .refine(([sort, , key]) => (sort === 'name' ? isStorableText(key) : isTimestampText(key)));

function encodeProjectCursor(cursor: Cursor): string {
  return encodeCursor([cursor.sort, cursor.order, cursor.key, cursor.id]);
}

function decodeProjectCursor(raw: string, query: ProjectListQuery): Cursor {
  const [sort, order, key, id] = decodeCursor(raw, cursorSchema);
  // A cursor belongs to the sort it was made for; reusing it under another sort would skip rows.
  if (sort !== query.sort || order !== query.order) throw invalidCursor();
  return { sort, order, key, id };
}

/**
 * One page of projects, ordered by the sort key and then by id, so rows with equal timestamps
 * (or names) keep a stable order and keyset pagination neither repeats nor skips them. The caller has
 * checked that the user belongs to the workspace (`listWorkspaceProjects`, `listFolderProjects`).
 */
export async function listProjects(
  db: Db,
  scope: ProjectListScope,
  query: ProjectListQuery,
): Promise<ProjectList> {
  const keyColumn: SQL =
    query.sort === 'name'
      ? sql`lower(${projects.name})`
      : query.sort === 'createdAt'
        ? sql`${projects.createdAt}`
        : sql`${projects.updatedAt}`;
  const conditions: SQL[] = [visibleProjects(scope.workspaceId, scope.userId)];
  if (scope.folderId === null) conditions.push(isNull(projects.folderId));
  else if (scope.folderId !== undefined) conditions.push(eq(projects.folderId, scope.folderId));
  if (query.cursor) {
    const cursor = decodeProjectCursor(query.cursor, query);
    const key = query.sort === 'name' ? sql`${cursor.key}` : sql`${cursor.key}::timestamptz`;
    const after = query.order === 'asc' ? sql`>` : sql`<`;
    conditions.push(sql`(${keyColumn}, ${projects.id}) ${after} (${key}, ${cursor.id}::uuid)`);
  }
  const direction = query.order === 'asc' ? asc : desc;
  const rows = await db
    .select({ project: projects, key: sql<string>`(${keyColumn})::text` })
    .from(projects)
    .where(and(...conditions))
    .orderBy(direction(keyColumn), direction(projects.id))
    .limit(query.limit + 1);

  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > query.limit && last
      ? encodeProjectCursor({ sort: query.sort, order: query.order, key: last.key, id: last.project.id })
      : null;
  return {
    items: await toProjects(
      db,
      page.map((row) => row.project),
    ),
    nextCursor,
  };
}

/**
 * The project /chat opens when none is chosen: the first of the user's recent projects (the list by
 * last change, newest first, as the sidebar asks for it), or null when they see none. The caller has
 * checked that the user belongs to the workspace.
 */
export async function newestProjectId(db: Db, workspaceId: string, userId: string): Promise<string | null> {
  const { items } = await listProjects(
    db,
    { workspaceId, userId },
    { sort: 'updatedAt', order: 'desc', limit: 1 },
  );
  return items[0]?.id ?? null;
}

/**
 * One page of the projects a member sees in the workspace: all of them, or (`folderId: null`) those
 * in no folder. Anyone who does not belong to the workspace gets 404.
 */
export async function listWorkspaceProjects(
  db: Db,
  scope: ProjectListScope & { folderId?: null },
  query: ProjectListQuery,
): Promise<ProjectList> {
  await requireMembership(db, scope.workspaceId, scope.userId);
  return listProjects(db, scope, query);
}
