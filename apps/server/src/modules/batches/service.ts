import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Batch, BatchMapping } from '@redacta/shared';
import type { Db } from '../../db/client.ts';
import { batchRows, batches } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { requireMembership } from '../workspaces/service.ts';
import { finishIfComplete, ROW_CHUNK } from './rows.ts';
import { invalidRows } from './drafts.ts';
import {
  batchFor,
  notDraft,
  requireWordsLeft,
  rowChunks,
  templateOf,
  toBatch,
  type BatchDeps,
} from './records.ts';

/** `GET /workspace/{id}/batches`: the workspace's batches, newest first. */
export async function listBatches(db: Db, workspaceId: string, userId: string): Promise<Batch[]> {
  await requireMembership(db, workspaceId, userId);
  const rows = await db
    .select()
    .from(batches)
    .where(eq(batches.workspaceId, workspaceId))
    .orderBy(desc(batches.createdAt), desc(batches.id));
  return rows.map(toBatch);
}

/** `GET /batch/{id}`. */
export async function getBatch(db: Db, batchId: string, userId: string): Promise<Batch> {
  return toBatch(await batchFor(db, batchId, userId));
}

/**
 * `POST /batch/{id}/start`: a draft starts under its lock (a second start finds it running: 409), if
 * its rows can run (rows missing a required field are skipped when the batch says so, otherwise 409)
 * and the workspace has words left (NO_WORDS_LEFT, as the chat). Every row to write is queued in the
 * same transaction.
 */
export async function startBatch(deps: BatchDeps, batchId: string, userId: string): Promise<Batch> {
  const batch = await deps.db.transaction(async (tx) => {
    const batch = await batchFor(tx, batchId, userId, true);
    if (batch.status !== 'draft') throw notDraft();
    const plan = await requireWordsLeft(tx, batch, deps.usage);
    // The rows are read a chunk at a time; only their indexes and problems are kept.
    const indexes: number[] = [];
    const invalid: ReturnType<typeof invalidRows> = [];
    for await (const rows of rowChunks(tx, batchId)) {
      for (const row of rows) indexes.push(row.index);
      invalid.push(...invalidRows(templateOf(batch), batch.mapping as BatchMapping, rows));
    }
    if (invalid.length > 0 && !batch.skipInvalid)
      throw new AppError(
        'BATCH_INVALID_ROWS',
        `${invalid.length} rows miss a required field or have a wrong value: correct the file or skip them`,
        409,
      );
    const skipped = new Set(invalid.map((problem) => problem.index));
    const skippedIndexes = [...skipped];
    for (let start = 0; start < skippedIndexes.length; start += ROW_CHUNK)
      await tx
        .update(batchRows)
        .set({ status: 'skipped' })
        .where(
          and(
            eq(batchRows.batchId, batchId),
            inArray(batchRows.index, skippedIndexes.slice(start, start + ROW_CHUNK)),
          ),
        );
    await tx
      .update(batches)
      .set({ status: 'running', startedAt: new Date(), skipped: skipped.size })
      .where(eq(batches.id, batchId));
    await deps.queue.enqueue(
      tx,
      indexes
        .filter((index) => !skipped.has(index))
        .map((index) => ({ batchId, index, workspaceId: batch.workspaceId, plan })),
    );
    await finishIfComplete(tx, batchId, deps.webhookEvents);
    return (await batchFor(tx, batchId, userId))!;
  });
  deps.queue.wake();
  return toBatch(batch);
}

/** `POST /batch/{id}/pause`: rows being written end; no other row starts until it is resumed. */
export async function pauseBatch(db: Db, batchId: string, userId: string): Promise<Batch> {
  return db.transaction(async (tx) => {
    const batch = await batchFor(tx, batchId, userId, true);
    if (batch.status !== 'running') throw new AppError('CONFLICT', 'Only a running batch can be paused', 409);
    const [paused] = await tx
      .update(batches)
      .set({ status: 'paused' })
      .where(eq(batches.id, batchId))
      .returning();
    return toBatch(paused!);
  });
}

/** `POST /batch/{id}/resume`: the rows still to write are queued again (NO_WORDS_LEFT without words). */
export async function resumeBatch(deps: BatchDeps, batchId: string, userId: string): Promise<Batch> {
  const batch = await deps.db.transaction(async (tx) => {
    const batch = await batchFor(tx, batchId, userId, true);
    if (batch.status !== 'paused') throw new AppError('CONFLICT', 'Only a paused batch can be resumed', 409);
    const plan = await requireWordsLeft(tx, batch, deps.usage);
    await tx.update(batches).set({ status: 'running' }).where(eq(batches.id, batchId));
    const pending = await tx
      .select({ index: batchRows.index })
      .from(batchRows)
      .where(and(eq(batchRows.batchId, batchId), eq(batchRows.status, 'pending')));
    // A row whose job still waits (a retry's delay) keeps it: the queue takes one job per row.
    await deps.queue.enqueue(
      tx,
      pending.map((row) => ({ batchId, index: row.index, workspaceId: batch.workspaceId, plan })),
    );
    await finishIfComplete(tx, batchId, deps.webhookEvents);
    return (await batchFor(tx, batchId, userId))!;
  });
  deps.queue.wake();
  return toBatch(batch);
}

/**
 * `POST /batch/{id}/cancel`: the rows not written yet are skipped and the batch ends; rows being
 * written finish and are kept (and charged: their words were written). A row holds a reservation only
 * while it is written, so nothing else is held.
 */
export async function cancelBatch(db: Db, batchId: string, userId: string): Promise<Batch> {
  return db.transaction(async (tx) => {
    const batch = await batchFor(tx, batchId, userId, true);
    if (batch.status === 'done' || batch.status === 'cancelled')
      throw new AppError('CONFLICT', 'This batch has already ended', 409);
    const cancelledRows = await tx
      .update(batchRows)
      .set({ status: 'skipped' })
      .where(and(eq(batchRows.batchId, batchId), eq(batchRows.status, 'pending')))
      .returning({ index: batchRows.index });
    const [cancelled] = await tx
      .update(batches)
      .set({
        status: 'cancelled',
        finishedAt: new Date(),
        skipped: sql`${batches.skipped} + ${cancelledRows.length}`,
      })
      .where(eq(batches.id, batchId))
      .returning();
    return toBatch(cancelled!);
  });
}
