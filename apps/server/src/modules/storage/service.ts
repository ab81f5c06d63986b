import { and, eq, exists, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Plan, StorageUsage } from '@redacta/shared';
import type { Db, Tx } from '../../db/client.ts';
import { brandVoices, documents, memberships, prompts, workspaces } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/errors.ts';

// ── What a workspace keeps ───────────────────────────────────────────────────────────────────────
// A workspace's storage is what the database function `workspace_storage_used` (migration 0039) sums:
// its documents (with their saved versions), conversations, brand voices, custom prompts, templates,
// batches and knowledge, counted as the database stores them (pg_column_size). One function, whose plan
// the database keeps: its ten subqueries took far longer to plan than to run.

/** Bytes of a value as stored. */
const sizeOf = (column: SQL | AnyPgColumn) => sql<number>`pg_column_size(${column})`.mapWith(Number);
/** Bytes of a row's columns as stored (a null takes none). */
const sizesOf = (...columns: AnyPgColumn[]) =>
  sql`${sql.join(
    columns.map((column) => sql`coalesce(${sizeOf(column)}, 0)`),
    sql` + `,
  )}`;

const used = sql`workspace_storage_used(${workspaces.id})`;

/**
 * The storage a workspace uses and its plan, in one statement, for the workspace `workspaceId`; with
 * `member`, only for a workspace the user `userId` belongs to (no row otherwise).
 */
const usageQuery = (db: Db | Tx, member: boolean) =>
  db
    .select({ plan: workspaces.plan, used: sql`${used}`.mapWith(Number) })
    .from(workspaces)
    .where(
      and(
        eq(workspaces.id, sql.placeholder('workspaceId')),
        member
          ? exists(
              db
                .select({ one: sql`1` })
                .from(memberships)
                .where(
                  and(
                    eq(memberships.workspaceId, workspaces.id),
                    eq(memberships.userId, sql.placeholder('userId')),
                  ),
                ),
            )
          : undefined,
      ),
    );

/**
 * What each plan's workspace may keep, in bytes: the app's, which are the plans' own
 * (STORAGE_QUOTA_BYTES) unless the app was built with others.
 */
export type StorageQuotas = Readonly<Record<Plan, number>>;

type UsageRow = { plan: Plan; used: number } | undefined;
const toUsage = (row: UsageRow, quotas: StorageQuotas) =>
  row ? { plan: row.plan, used: row.used, limit: quotas[row.plan] } : null;

/** A workspace's storage reading (see usageQuery); with `member`, only for a workspace they belong to. */
async function readUsage(db: Db | Tx, quotas: StorageQuotas, workspaceId: string, member?: string) {
  const [row] = await usageQuery(db, member !== undefined).execute({ workspaceId, userId: member });
  return toUsage(row, quotas);
}

const storageFull = (limitBytes: number) =>
  new AppError(
    'STORAGE_FULL',
    `This workspace has used its ${limitBytes / 1024 / 1024} MB of storage; delete projects, conversations, ` +
      'brand voices, prompts, templates, batches or knowledge you no longer need, or upgrade the plan, to save more',
    413,
  );

/** `GET /workspace/{id}/storage`, for a member of the workspace (404 otherwise). */
export async function storageUsage(
  db: Db,
  quotas: StorageQuotas,
  workspaceId: string,
  userId: string,
): Promise<StorageUsage> {
  const usage = await readUsage(db, quotas, workspaceId, userId);
  if (!usage) throw notFound('Workspace');
  return { workspaceId, usedBytes: usage.used, limitBytes: usage.limit };
}

/**
 * Before a write that adds `bytes` to a workspace: 413 STORAGE_FULL when they would not fit in its
 * plan's quota. A write that adds nothing (or shrinks what it replaces) is always allowed.
 */
export async function requireStorageRoom(
  db: Db | Tx,
  quotas: StorageQuotas,
  workspaceId: string,
  bytes: number,
): Promise<void> {
  if (bytes <= 0) return;
  const usage = await readUsage(db, quotas, workspaceId);
  if (usage && usage.used + bytes > usage.limit) throw storageFull(usage.limit);
}

/** What a workspace has left of its storage quota (negative when over it; 0 for no such workspace). */
export async function storageRoom(db: Db | Tx, quotas: StorageQuotas, workspaceId: string): Promise<number> {
  const usage = await readUsage(db, quotas, workspaceId);
  return usage ? usage.limit - usage.used : 0;
}

/** The UTF-8 size of the texts a write stores. */
export const textBytes = (...texts: (string | undefined | null)[]) =>
  texts.reduce((sum, text) => sum + (text ? Buffer.byteLength(text, 'utf8') : 0), 0);

/** How long a reading with plenty of room spares a chat request its own reading. */
const CHAT_ROOM_TRUSTED_MS = 60_000;
/** The share of the quota that must be free for a reading to be trusted. */
const CHAT_ROOM_MARGIN = 0.1;
/** Readings kept at most; past it they are all dropped (each is worth one query). */
const CHAT_ROOM_READINGS = 10_000;

/**
 * The storage check before a chat turn: its request and a reply of at least one byte must fit. Only for
 * a workspace the user belongs to; any other is left for the chat itself to answer 404.
 *
 * The exact figure sums every stored text of the workspace, too much to read before every message of a
 * long conversation. A reading that leaves a tenth of the quota free is trusted for a minute, per
 * workspace and user (so it tells nothing to anyone else): a minute of chat cannot write that tenth,
 * since messages, replies and replies at once are all bounded. Nearer the quota every request reads it.
 */
export function chatStorageCheck(db: Db, quotas: StorageQuotas) {
  const roomyUntil = new Map<string, number>();
  // Built once, not at every reading: drizzle builds a statement on the event loop.
  const memberUsage = usageQuery(db, true).prepare('chat_storage_usage');
  return async (userId: string, turn: { workspaceId: string; message?: string | null }): Promise<void> => {
    const key = `${turn.workspaceId}:${userId}`;
    const now = Date.now();
    if ((roomyUntil.get(key) ?? 0) > now) return;
    const [row] = await memberUsage.execute({ workspaceId: turn.workspaceId, userId });
    const usage = toUsage(row, quotas);
    if (!usage) return;
    if (usage.used + textBytes(turn.message) + 1 > usage.limit) throw storageFull(usage.limit);
    if (usage.used < usage.limit * (1 - CHAT_ROOM_MARGIN)) {
      if (roomyUntil.size >= CHAT_ROOM_READINGS) roomyUntil.clear();
      roomyUntil.set(key, now + CHAT_ROOM_TRUSTED_MS);
    } else roomyUntil.delete(key);
  };
}

/**
 * Replacing a brand voice's or a custom prompt's texts (`name`, and `text` for the prompt's text or the
 * voice): what the changed ones grow by, against what is stored, must fit.
 */
export async function requireRoomToReplace(
  db: Db | Tx,
  quotas: StorageQuotas,
  kind: 'brandVoice' | 'prompt',
  id: string,
  changes: { name?: string; text?: string },
): Promise<void> {
  const table = kind === 'brandVoice' ? brandVoices : prompts;
  const textColumn = kind === 'brandVoice' ? brandVoices.voice : prompts.text;
  const [row] = await db
    .select({ workspaceId: table.workspaceId, name: sizeOf(table.name), text: sizeOf(textColumn) })
    .from(table)
    .where(eq(table.id, id));
  if (!row?.workspaceId) return;
  const growth =
    (changes.name === undefined ? 0 : textBytes(changes.name) - row.name) +
    (changes.text === undefined ? 0 : textBytes(changes.text) - row.text);
  await requireStorageRoom(db, quotas, row.workspaceId, growth);
}

/**
 * After a write inside `tx` that grew a stored value by `growth` bytes (as stored): 413 STORAGE_FULL,
 * which rolls the write back, when the workspace now holds more than its quota. Exact, because it
 * measures what was stored; the caller holds the workspace row's lock so writers take turns.
 */
export async function requireWithinQuotaAfterWrite(
  tx: Tx,
  quotas: StorageQuotas,
  workspaceId: string,
  growth: number,
) {
  if (growth <= 0) return;
  const usage = await readUsage(tx, quotas, workspaceId);
  if (usage && usage.used > usage.limit) throw storageFull(usage.limit);
}

/**
 * The bytes a project's document takes as stored in its JSON and text (0 without one): what a
 * replacement grows or shrinks. Its live state only grows (it keeps the history a replacement adds),
 * so it is left out of this measure, or a shorter document could never save over the quota; the
 * quota itself counts it.
 */
export async function storedDocumentBytes(tx: Tx, projectId: string): Promise<number> {
  const [row] = await tx
    .select({ bytes: sql<number>`${sizesOf(documents.content, documents.text)}`.mapWith(Number) })
    .from(documents)
    .where(eq(documents.projectId, projectId));
  return row?.bytes ?? 0;
}
