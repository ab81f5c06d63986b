import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { usagePeriod, type Batch, type BatchRow, type Plan } from '@redacta/shared';
import type { Db, Tx } from '../../db/client.ts';
import { batchRows, batches, workspaces } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Slots } from '../../lib/slots.ts';
import type { SpreadsheetThreads } from './spreadsheet/index.ts';
import { memberRole } from '../workspaces/service.ts';
import type { StorageQuotas } from '../storage/service.ts';
import { noWordsLeft, usageFor, type UsageSettings } from '../usage/service.ts';
import { memberBudgetExhausted } from '../usage/reservations.ts';
import { memberBudget } from '../budgets/service.ts';
import type { BatchQueue } from './queue.ts';
import type { BatchTemplate } from './row-generator.ts';
import { ROW_CHUNK } from './rows.ts';
import type { WebhookEvents } from '../webhooks/events.ts';

/*
 * A batch and its rows as the batch services read them: who may see one (a member of its workspace),
 * the batch's lock every change takes first, and their API shapes.
 */

export interface BatchDeps {
  db: Db;
  queue: BatchQueue;
  quotas: StorageQuotas;
  usage: UsageSettings;
  /** The spreadsheet reads this instance runs at once. */
  spreadsheetReads: Slots;
  webhookEvents: WebhookEvents;
  /** The threads those reads run in. */
  spreadsheetThreads: SpreadsheetThreads;
}

export type BatchRecord = typeof batches.$inferSelect;

/**
 * The batch for a member of its workspace (404 for anyone else, as for a batch that does not exist);
 * `lock` takes the batch's row lock, which every change of a batch and its rows takes first.
 */
export async function batchFor(
  db: Db | Tx,
  batchId: string,
  userId: string,
  lock = false,
): Promise<BatchRecord> {
  const query = db
    .select({ batch: batches })
    .from(batches)
    .crossJoin(memberRole(batches.workspaceId, userId).from)
    .where(eq(batches.id, batchId));
  const [row] = lock ? await query.for('update', { of: batches }) : await query;
  if (!row) throw notFound('Batch');
  return row.batch;
}

export async function rowFor(tx: Tx, batchId: string, index: number) {
  const [row] = await tx
    .select()
    .from(batchRows)
    .where(and(eq(batchRows.batchId, batchId), eq(batchRows.index, index)))
    .for('update');
  if (!row) throw notFound('Row');
  return row;
}

export interface StoredRow {
  index: number;
  line: number;
  inputs: Record<string, string>;
  outputs: Record<string, string>;
}

export async function allRows(db: Db | Tx, batchId: string, withOutputs = false): Promise<StoredRow[]> {
  const rows = await db
    .select({
      index: batchRows.index,
      line: batchRows.line,
      inputs: batchRows.inputs,
      outputs: withOutputs ? batchRows.outputs : sql`'{}'::jsonb`,
    })
    .from(batchRows)
    .where(eq(batchRows.batchId, batchId))
    .orderBy(asc(batchRows.index));
  return rows as StoredRow[];
}

/** The batch's rows in order (without outputs), ROW_CHUNK at a time. */
export async function* rowChunks(db: Db | Tx, batchId: string): AsyncGenerator<StoredRow[]> {
  for (let after = -1; ;) {
    const rows = await db
      .select({
        index: batchRows.index,
        line: batchRows.line,
        inputs: batchRows.inputs,
        outputs: sql`'{}'::jsonb`,
      })
      .from(batchRows)
      .where(and(eq(batchRows.batchId, batchId), gt(batchRows.index, after)))
      .orderBy(asc(batchRows.index))
      .limit(ROW_CHUNK);
    if (rows.length === 0) return;
    yield rows as StoredRow[];
    if (rows.length < ROW_CHUNK) return;
    after = rows.at(-1)!.index;
  }
}

/**
 * NO_WORDS_LEFT when the workspace's month is used up, MEMBER_BUDGET_EXHAUSTED when the budget of the
 * batch's creator (whom its rows are charged to) is; its plan otherwise. Checked before anything is
 * queued, so a batch that cannot write a row is refused rather than started and paused at once.
 */
export async function requireWordsLeft(
  tx: Tx,
  batch: Pick<BatchRecord, 'workspaceId' | 'createdBy'>,
  settings: UsageSettings,
): Promise<Plan> {
  const [workspace] = await tx
    .select({ plan: workspaces.plan })
    .from(workspaces)
    .where(eq(workspaces.id, batch.workspaceId));
  const usage = await usageFor(tx, { id: batch.workspaceId, plan: workspace!.plan }, settings);
  if (usage.remaining === 0) throw noWordsLeft();
  if (batch.createdBy) {
    const budget = await memberBudget(tx, batch.workspaceId, batch.createdBy, usagePeriod(new Date()));
    if (budget?.remaining === 0) throw memberBudgetExhausted();
  }
  return workspace!.plan;
}

export const templateOf = (batch: BatchRecord) => batch.template as BatchTemplate;
export const partKeys = (template: BatchTemplate) =>
  template.output?.parts.map((part) => part.key) ?? ['text'];
export const notDraft = () => new AppError('CONFLICT', 'This batch has already started', 409);

export function toBatch(batch: BatchRecord): Batch {
  return {
    id: batch.id,
    workspaceId: batch.workspaceId,
    templateId: batch.templateId,
    templateName: batch.templateName,
    fileName: batch.fileName,
    status: batch.status,
    total: batch.total,
    done: batch.done,
    failed: batch.failed,
    skipped: batch.skipped,
    wordsCharged: batch.wordsCharged,
    skipInvalid: batch.skipInvalid,
    createdBy: batch.createdBy,
    createdAt: batch.createdAt.toISOString(),
    startedAt: batch.startedAt?.toISOString() ?? null,
    finishedAt: batch.finishedAt?.toISOString() ?? null,
  };
}

export function toRow(row: typeof batchRows.$inferSelect): BatchRow {
  const flags = row.flags as BatchRow['flags'];
  return {
    index: row.index,
    status: row.status,
    inputs: row.inputs as Record<string, string>,
    outputs: row.outputs as Record<string, string>,
    words: row.words,
    ...(row.error ? { error: row.error } : {}),
    ...(flags && flags.length > 0 ? { flags } : {}),
    edited: row.edited,
  };
}
