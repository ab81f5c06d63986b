import { and, eq, inArray, lte } from 'drizzle-orm';
import { BATCH_EMAIL_AFTER_MS, type TemplateField, type TemplateInputs } from '@redacta/shared';
import type { Tx } from '../../db/client.ts';
import { batchRows, batches } from '../../db/schema.ts';
import type { WebhookEvents } from '../webhooks/events.ts';

/**
 * Rows one statement reads or writes at most when it goes over a whole batch: PGlite's memory grows
 * to the largest statement it has run and never gives it back, so a batch of 5,000 rows read or queued
 * at once left the server that much bigger for good.
 */
export const ROW_CHUNK = 500;

/** A row's inputs by field key: each field's mapped column, from the row's values by column. */
export function rowInputs(
  fields: readonly TemplateField[],
  mapping: Readonly<Record<string, string>>,
  values: Readonly<Record<string, string>>,
): TemplateInputs {
  const inputs: TemplateInputs = {};
  for (const field of fields) {
    const column = mapping[field.key];
    if (column !== undefined) inputs[field.key] = values[column] ?? '';
  }
  return inputs;
}

/** A name as matching compares it: no case, no accents, no spaces or punctuation. */
const comparable = (name: string) =>
  name
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/**
 * Which column fills each field, matched by name: a column named as the field's key or its label,
 * whatever the case, accents, spaces or punctuation ("Descripción corta" fills `descripcion_corta`).
 * A field no column matches is left out.
 */
export function matchColumns(
  fields: readonly TemplateField[],
  columns: readonly string[],
): Record<string, string> {
  const byName = new Map<string, string>();
  for (const column of columns) if (!byName.has(comparable(column))) byName.set(comparable(column), column);
  const mapping: Record<string, string> = {};
  for (const field of fields) {
    const column = byName.get(comparable(field.key)) ?? byName.get(comparable(field.label));
    if (column !== undefined) mapping[field.key] = column;
  }
  return mapping;
}

/** Whether the batch has rows still to write (pending or running). */
export async function rowsLeft(tx: Tx, batchId: string): Promise<boolean> {
  // Whether any row is left, not how many: a count would read every row of the batch on every save.
  const left = await tx
    .select({ index: batchRows.index })
    .from(batchRows)
    .where(and(eq(batchRows.batchId, batchId), inArray(batchRows.status, ['pending', 'running'])))
    .limit(1);
  return left.length > 0;
}

/**
 * A running batch with no row left to write (none pending or running) is done, now, owes its
 * creator a mail if it ran longer than BATCH_EMAIL_AFTER_MS (a short one ends while its page is open),
 * and announces `batch.finished` to the workspace's webhooks. Run after a row's status changes, in its
 * transaction, under the batch's lock; true when this call ended the batch. `left`, when given, is
 * `rowsLeft` as the caller already read it in this transaction after the row's change.
 */
export async function finishIfComplete(
  tx: Tx,
  batchId: string,
  events: WebhookEvents,
  left?: boolean,
): Promise<boolean> {
  if (left ?? (await rowsLeft(tx, batchId))) return false;
  const [ended] = await tx
    .update(batches)
    .set({
      status: 'done',
      finishedAt: new Date(),
      mailDue: lte(batches.startedAt, new Date(Date.now() - BATCH_EMAIL_AFTER_MS)),
    })
    .where(and(eq(batches.id, batchId), eq(batches.status, 'running')))
    .returning({
      id: batches.id,
      workspaceId: batches.workspaceId,
      fileName: batches.fileName,
      templateName: batches.templateName,
      total: batches.total,
      done: batches.done,
      failed: batches.failed,
      skipped: batches.skipped,
      wordsCharged: batches.wordsCharged,
      finishedAt: batches.finishedAt,
    });
  if (!ended) return false;
  await events.emit(tx, {
    workspaceId: ended.workspaceId,
    type: 'batch.finished',
    data: {
      batchId: ended.id,
      fileName: ended.fileName,
      templateName: ended.templateName,
      total: ended.total,
      done: ended.done,
      failed: ended.failed,
      skipped: ended.skipped,
      wordsCharged: ended.wordsCharged,
      finishedAt: ended.finishedAt!.toISOString(),
    },
  });
  return true;
}
