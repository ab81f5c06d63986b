import { and, asc, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { isStorableText, projectSortKeys, type ProjectList, type ProjectListQuery } from '@redacta/shared';
import type { Db } from '../../db/client.ts';
import { projects } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { visibleTo } from './access.ts';
import { requireMembership } from '../workspaces/service.ts';
import { toProject } from './service.ts';

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

/** A timestamptz as Postgres prints it: `2026-06-01 12:00:00.123456+00` (offsets may carry minutes). */
const timestampText =
  /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?[+-](\d{2})(?::(\d{2}))?(?::(\d{2}))?$/;

/**
 * Whether `text` is a timestamp Postgres printed: the right shape, and a date and time that exist
 * (the fields survive a round trip through a Date unchanged), with an offset Postgres accepts.
 */
export function isTimestampText(text: string): boolean {
  const match = timestampText.exec(text);
  if (!match) return false;
  const [year, month, day, hour, minute, second, offsetHours, offsetMinutes = 0, offsetSeconds = 0] = match
    .slice(1)
    .map((field) => (field === undefined ? undefined : Number(field))) as number[];
  const date = new Date(0);
  date.setUTCFullYear(year!, month! - 1, day);
  date.setUTCHours(hour!, minute, second);
  const roundTrips =
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month! - 1 &&
    date.getUTCDate() === day &&
    date.getUTCHours() === hour &&
    date.getUTCMinutes() === minute &&
    date.getUTCSeconds() === second;
  return year! >= 1 && roundTrips && offsetHours! <= 15 && offsetMinutes <= 59 && offsetSeconds <= 59;
}

/** `[sort, order, key, id]`: a known sort, a real project id, and a key of the sort's kind. */
const cursorSchema = z
  .tuple([z.enum(projectSortKeys), z.enum(['asc', 'desc']), z.string().min(1).max(1000), z.uuid()])
  .refine(([sort, , key]) => (sort === 'name' ? isStorableText(key) : isTimestampText(key)));

export const invalidCursor = () =>
  new AppError('CURSOR_INVALID', 'The cursor is not one this list gave out: start again from the first page');

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.sort, cursor.order, cursor.key, cursor.id])).toString(
    'base64url',
  );
}

function decodeCursor(raw: string, query: ProjectListQuery): Cursor {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  const parsed = cursorSchema.safeParse(decoded);
  if (!parsed.success) throw invalidCursor();
  const [sort, order, key, id] = parsed.data;
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
