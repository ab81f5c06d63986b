import { and, asc, eq, sql } from 'drizzle-orm';
import type { BatchRow } from '@redacta/shared';
import type { Db } from '../../db/client.ts';
import { batchRows, batches } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { requireStorageRoom, textBytes } from '../storage/service.ts';
import { writeCsv, writeXlsx } from './spreadsheet/index.ts';
import {
  allRows,
  batchFor,
  partKeys,
  requireWordsLeft,
  rowFor,
  templateOf,
  toRow,
  type BatchDeps,
} from './records.ts';

/** `GET /batch/{id}/rows`: a page of rows in file order. */
export async function listRows(
  db: Db,
  batchId: string,
  userId: string,
  page: { offset: number; limit: number },
): Promise<BatchRow[]> {
  await batchFor(db, batchId, userId);
  const rows = await db
    .select()
    .from(batchRows)
    .where(eq(batchRows.batchId, batchId))
    .orderBy(asc(batchRows.index))
    .offset(page.offset)
    .limit(page.limit);
  return rows.map(toRow);
}

/**
 * `PATCH /batch/{id}/row/{index}`: one part of a written row changed by hand (400 for a part the
 * template does not have, 409 for a row not written yet); the row is marked edited. A row being written
 * again may be edited too: the write in progress keeps the member's text for that part (row-worker.ts).
 */
export async function editRow(
  deps: BatchDeps,
  batchId: string,
  index: number,
  userId: string,
  edit: { part: string; text: string },
): Promise<BatchRow> {
  return deps.db.transaction(async (tx) => {
    const batch = await batchFor(tx, batchId, userId, true);
    const parts = partKeys(templateOf(batch));
    if (!parts.includes(edit.part))
      throw new AppError('VALIDATION_FAILED', `This template writes no part "${edit.part}"`, 400, [
        { path: 'part', message: `One of ${parts.join(', ')}` },
      ]);
    const row = await rowFor(tx, batchId, index);
    const outputs = row.outputs as Record<string, string>;
    const beingRewritten =
      (row.status === 'pending' || row.status === 'running') && Object.keys(outputs).length > 0;
    if (row.status !== 'done' && !beingRewritten)
      throw new AppError('CONFLICT', 'Only a written row can be edited', 409);
    const editedParts = row.editedParts as string[];
    await requireStorageRoom(
      tx,
      deps.quotas,
      batch.workspaceId,
      textBytes(edit.text) - textBytes(outputs[edit.part]),
    );
    const [edited] = await tx
      .update(batchRows)
      .set({
        outputs: { ...outputs, [edit.part]: edit.text },
        edited: true,
        editedParts: editedParts.includes(edit.part) ? editedParts : [...editedParts, edit.part],
      })
      .where(and(eq(batchRows.batchId, batchId), eq(batchRows.index, index)))
      .returning();
    return toRow(edited!);
  });
}

/**
 * `POST /batch/{id}/row/{index}/regenerate`: a written or failed row is written again — new words,
 * charged again, every part replaced (edits made before are what it asks to replace), with its tries
 * counted afresh. A finished batch runs again for it; a paused one writes it when resumed.
 */
export async function regenerateRow(
  deps: BatchDeps,
  batchId: string,
  index: number,
  userId: string,
): Promise<BatchRow> {
  const row = await deps.db.transaction(async (tx) => {
    const batch = await batchFor(tx, batchId, userId, true);
    if (batch.status === 'draft' || batch.status === 'cancelled')
      throw new AppError(
        'CONFLICT',
        'Rows are written again only in a started batch that was not cancelled',
        409,
      );
    const row = await rowFor(tx, batchId, index);
    if (row.status !== 'done' && row.status !== 'failed')
      throw new AppError('CONFLICT', 'This row is still to be written', 409);
    const plan = await requireWordsLeft(tx, batch, deps.usage);
    await tx
      .update(batches)
      .set({
        ...(row.status === 'done'
          ? { done: sql`${batches.done} - 1` }
          : { failed: sql`${batches.failed} - 1` }),
        ...(batch.status === 'done' ? { status: 'running' as const, finishedAt: null } : {}),
      })
      .where(eq(batches.id, batchId));
    const [queued] = await tx
      .update(batchRows)
      .set({ status: 'pending', error: null, edited: false, editedParts: [], triesFrom: row.attempts })
      .where(and(eq(batchRows.batchId, batchId), eq(batchRows.index, index)))
      .returning();
    await deps.queue.enqueue(tx, [{ batchId, index, workspaceId: batch.workspaceId, plan }]);
    return queued!;
  });
  deps.queue.wake();
  return toRow(row);
}

/** `GET /batch/{id}/export`: every row, its input columns then its parts, as CSV or XLSX. */
export async function exportBatch(
  db: Db,
  batchId: string,
  userId: string,
  format: 'csv' | 'xlsx',
): Promise<{ fileName: string; body: Buffer; contentType: string }> {
  const batch = await batchFor(db, batchId, userId);
  const template = templateOf(batch);
  const columns = batch.columns as string[];
  const parts = template.output?.parts ?? [{ key: 'text', label: 'text' }];
  const rows = await allRows(db, batchId, true);
  const cells = rows.map((row) => [
    ...columns.map((column) => row.inputs[column] ?? ''),
    ...parts.map((part) => row.outputs[part.key] ?? ''),
  ]);
  const header = [...columns, ...parts.map((part) => part.label)];
  const base = batch.fileName.replace(/\.[^.]+$/, '') || 'batch';
  if (format === 'xlsx')
    return {
      fileName: `${base}-results.xlsx`,
      body: await writeXlsx(header, cells),
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    };
  return {
    fileName: `${base}-results.csv`,
    body: writeCsv(header, cells),
    contentType: 'text/csv; charset=utf-8',
  };
}
