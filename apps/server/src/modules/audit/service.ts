import { and, desc, eq, gte, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  AUDIT_PAGE_SIZE,
  type AuditAction,
  type AuditActorList,
  type AuditEntry,
  type AuditExportQuery,
  type AuditList,
  type AuditListQuery,
} from '@redacta/shared';
import type { Db } from '../../db/client.ts';
import { apiKeys, auditChainHeads, auditEntries, memberships } from '../../db/schema.ts';
import { decodeCursor, encodeCursor } from '../../lib/cursor.ts';
import { writeCsv } from '../batches/spreadsheet/index.ts';
import { requireManager } from '../workspaces/service.ts';

/** A page's cursor: the number in its chain of the last entry given. */
const cursorSchema = z.tuple([
  z
    .string()
    .regex(/^[1-9]\d{0,9}$/)
    .transform(Number),
]);

function filters(workspaceId: string, query: AuditExportQuery): SQL[] {
  const where: SQL[] = [eq(auditEntries.workspaceId, workspaceId)];
  if (query.action) where.push(eq(auditEntries.action, query.action));
  if (query.actor) {
    where.push(or(eq(auditEntries.actorUserId, query.actor), eq(auditEntries.actorApiKeyId, query.actor))!);
  }
  if (query.from) where.push(gte(auditEntries.at, new Date(query.from)));
  if (query.to) where.push(lt(auditEntries.at, new Date(query.to)));
  return where;
}

type AuditRow = typeof auditEntries.$inferSelect;

const toEntry = (row: AuditRow): AuditEntry => ({
  id: row.id,
  at: row.at.toISOString(),
  actor: row.actorLabel,
  actorKind: row.actorKind,
  actorUserId: row.actorUserId,
  actorApiKeyId: row.actorApiKeyId,
  action: row.action as AuditAction,
  target: { type: row.targetType, id: row.targetId, label: row.targetLabel },
  before: row.before as AuditEntry['before'],
  after: row.after as AuditEntry['after'],
  ip: row.ip,
  userAgent: row.userAgent,
});

/** The workspace's audit log, newest first, a page at a time, filtered (its owner and admins only). */
export async function listAudit(
  db: Db,
  input: { workspaceId: string; userId: string; query: AuditListQuery },
): Promise<AuditList> {
  const { workspaceId, userId, query } = input;
  await requireManager(db, workspaceId, userId);
  const where = filters(workspaceId, query);
  if (query.cursor) {
    const [seq] = decodeCursor(query.cursor, cursorSchema);
    where.push(lt(auditEntries.seq, seq));
  }
  const rows = await db
    .select()
    .from(auditEntries)
    .where(and(...where))
    .orderBy(desc(auditEntries.seq))
    .limit(AUDIT_PAGE_SIZE + 1);
  const page = rows.slice(0, AUDIT_PAGE_SIZE);
  const last = page.at(-1);
  return {
    entries: page.map(toEntry),
    nextCursor: rows.length > AUDIT_PAGE_SIZE && last ? encodeCursor([String(last.seq)]) : null,
  };
}

/**
 * Everyone the workspace's log names as having acted, to filter it by (its owner and admins only): the people,
 * members or not any more, and the API keys, revoked or not. Each is named as their newest entry
 * names them; a deleted account's entries name nobody and are not among them.
 */
export async function listAuditActors(
  db: Db,
  input: { workspaceId: string; userId: string },
): Promise<AuditActorList> {
  const { workspaceId, userId } = input;
  await requireManager(db, workspaceId, userId);
  const e = auditEntries;
  const newest = (column: typeof e.actorUserId | typeof e.actorApiKeyId, kind: 'user' | 'api_key') =>
    db
      .selectDistinctOn([column], { id: sql<string>`${column}`, label: e.actorLabel })
      .from(e)
      .where(and(eq(e.workspaceId, workspaceId), eq(e.actorKind, kind), isNotNull(column)))
      .orderBy(column, desc(e.seq));
  const [people, keys, members, liveKeys] = await Promise.all([
    newest(e.actorUserId, 'user'),
    newest(e.actorApiKeyId, 'api_key'),
    db.select({ id: memberships.userId }).from(memberships).where(eq(memberships.workspaceId, workspaceId)),
    db
      .select({ id: apiKeys.id })
      .from(apiKeys)
      .where(and(eq(apiKeys.workspaceId, workspaceId), isNull(apiKeys.revokedAt))),
  ]);
  const current = new Set([...members, ...liveKeys].map((row) => row.id));
  const actors = [
    ...people.map((row) => ({ ...row, kind: 'user' as const })),
    ...keys.map((row) => ({ ...row, kind: 'api_key' as const })),
  ].map((row) => ({ ...row, former: !current.has(row.id) }));
  actors.sort(
    (a, b) =>
      Number(a.former) - Number(b.former) || a.label.localeCompare(b.label) || a.id.localeCompare(b.id),
  );
  return { actors };
}

const CSV_COLUMNS = [
  'at',
  'actor',
  'action',
  'target_type',
  'target_id',
  'target',
  'before',
  'after',
  'ip',
  'user_agent',
];

/**
 * A workspace's audit log as a CSV, newest first, with the list's filters: every entry kept (the
 * retention bounds how many there are), of a workspace that exists or of one deleted whose log is
 * still kept. Nobody's rights are checked here: the export route's and the operator command's callers do.
 */
export async function auditCsv(db: Db, workspaceId: string, query: AuditExportQuery = {}): Promise<Buffer> {
  const rows = await db
    .select()
    .from(auditEntries)
    .where(and(...filters(workspaceId, query)))
    .orderBy(desc(auditEntries.seq));
  const json = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));
  return writeCsv(
    CSV_COLUMNS,
    rows.map((row) => [
      row.at.toISOString(),
      row.actorLabel,
      row.action,
      row.targetType,
      row.targetId ?? '',
      row.targetLabel ?? '',
      json(row.before),
      json(row.after),
      row.ip ?? '',
      row.userAgent ?? '',
    ]),
  );
}

/** The workspace's audit log as a CSV, newest first, with the list's filters (its owner and admins only). */
export async function exportAudit(
  db: Db,
  input: { workspaceId: string; userId: string; query: AuditExportQuery },
): Promise<{ fileName: string; body: Buffer }> {
  const { workspaceId, userId, query } = input;
  await requireManager(db, workspaceId, userId);
  const body = await auditCsv(db, workspaceId, query);
  return { fileName: `audit-log-${new Date().toISOString().slice(0, 10)}.csv`, body };
}

/** A deleted workspace whose audit log is still kept, as the operator sees it. */
export interface DeletedWorkspaceLog {
  workspaceId: string;
  /** Its name when it went (its `workspace.deleted` entry's target). */
  name: string | null;
  deletedAt: string;
  /** When the maintenance prunes the last of its log. */
  keptUntil: string;
  entries: number;
}

/** Every deleted workspace whose log is still kept, the most recently deleted first. */
export async function deletedWorkspaceLogs(db: Db): Promise<DeletedWorkspaceLog[]> {
  const rows = await db
    .select({
      workspaceId: auditChainHeads.workspaceId,
      deletedAt: auditChainHeads.deletedAt,
      retentionDays: auditChainHeads.retentionDays,
      name: sql<string | null>`(select ${auditEntries.targetLabel} from ${auditEntries}
        where ${auditEntries.workspaceId} = ${auditChainHeads.workspaceId}
        and ${auditEntries.action} = 'workspace.deleted' order by ${auditEntries.seq} desc limit 1)`,
      entries: sql<number>`(select count(*) from ${auditEntries}
        where ${auditEntries.workspaceId} = ${auditChainHeads.workspaceId})`.mapWith(Number),
    })
    .from(auditChainHeads)
    .where(isNotNull(auditChainHeads.deletedAt))
    .orderBy(desc(auditChainHeads.deletedAt));
  return rows.map((row) => ({
    workspaceId: row.workspaceId,
    name: row.name,
    deletedAt: row.deletedAt!.toISOString(),
    keptUntil: new Date(row.deletedAt!.getTime() + (row.retentionDays ?? 0) * 86_400_000).toISOString(),
    entries: row.entries,
  }));
}
