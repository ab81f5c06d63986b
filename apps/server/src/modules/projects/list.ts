import { and, asc, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { ProjectList, ProjectListQuery } from '@redacta/shared';
import type { Db } from '../../db/client.ts';
import { projects } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { toProject } from './service.ts';

export interface ProjectListScope {
  workspaceId: string;
  userId: string;
  /** A folder id, `null` for the top level (no folder), or `undefined` for every project. */
  folderId?: string | null;
}

/** A member sees their own projects and the ones shared with the workspace (issue 4). */
export function visibleProjects(workspaceId: string, userId: string): SQL {
  return and(
    eq(projects.workspaceId, workspaceId),
    or(eq(projects.isShared, true), eq(projects.createdBy, userId)),
  )!;
}

interface Cursor {
  sort: ProjectListQuery['sort'];
  order: ProjectListQuery['order'];
  /** The sort key of the last row, as Postgres printed it (timestamps keep their microseconds). */
  key: string;
  id: string;
}

/** A timestamptz as Postgres prints it: `2026-06-01 12:00:00.123456+00`. */
const timestampText = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2}){0,2}$/;

const invalidCursor = () => new AppError('VALIDATION_FAILED', 'Invalid cursor');

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.sort, cursor.order, cursor.key, cursor.id])).toString(
    'base64url',
  );
}

function decodeCursor(raw: string, query: ProjectListQuery): Cursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (!Array.isArray(parsed) || parsed.length !== 4) throw invalidCursor();
  const [sort, order, key, id] = parsed as unknown[];
  // A cursor belongs to the sort it was made for; reusing it under another sort would skip rows.
  if (sort !== query.sort || order !== query.order) throw invalidCursor();
  if (typeof key !== 'string' || typeof id !== 'string' || !/^[0-9a-f-]{36}$/i.test(id))
    throw invalidCursor();
  if (query.sort !== 'name' && !timestampText.test(key)) throw invalidCursor();
  return { sort: query.sort, order: query.order, key, id };
}

/**
 * One page of projects, ordered by the sort key and then by id, so rows with equal timestamps
 * (or names) keep a stable order and keyset pagination neither repeats nor skips them.
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
    const cursor = decodeCursor(query.cursor, query);
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
      ? encodeCursor({ sort: query.sort, order: query.order, key: last.key, id: last.project.id })
      : null;
  return { items: page.map((row) => toProject(row.project)), nextCursor };
}
