import { and, desc, eq, gte, lt, or, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  AUDIT_PAGE_SIZE,
  type AuditAction,
  type AuditEntry,
  type AuditExportQuery,
  type AuditList,
  type AuditListQuery,
} from '@redacta/shared';
import type { Db } from '../../db/client.ts';
import { auditEntries } from '../../db/schema.ts';
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
 * The workspace's audit log as a CSV, newest first, with the list's filters (its owner and admins only). Every
 * entry kept: the retention bounds how many there are.
 */
export async function exportAudit(
  db: Db,
  input: { workspaceId: string; userId: string; query: AuditExportQuery },
): Promise<{ fileName: string; body: Buffer }> {
  const { workspaceId, userId, query } = input;
  await requireManager(db, workspaceId, userId);
  const rows = await db
    .select()
    .from(auditEntries)
    .where(and(...filters(workspaceId, query)))
    .orderBy(desc(auditEntries.seq));
  const json = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));
  const body = writeCsv(
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
  return { fileName: `audit-log-${new Date().toISOString().slice(0, 10)}.csv`, body };
}
