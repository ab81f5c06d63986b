import { and, eq, exists, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Job } from 'pg-boss';
import { resolveLocale, type BatchControls, type TemplateInputs } from '@redacta/shared';
import type { Db, Tx } from '../../db/client.ts';
import { batchRows, batches, users, workspaces } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import type { Mailer } from '../../mail/transport.ts';
import type { BatchMetrics } from '../../plugins/metrics-registry.ts';
import type { UsageSettings } from '../usage/service.ts';
import {
  releaseReservation,
  reservationTtlMs,
  reserveWords,
  settleReservation,
  type WordReservation,
} from '../usage/reservations.ts';
import type { AiWorkspace } from '../ai-tasks/workspace.ts';
import type { BatchQueue, RowHandler, RowJob } from './queue.ts';
import { loadWorkspaceContext } from '../generation/workspace-context.ts';
import {
  batchBrandVoice,
  RowRateLimited,
  type BatchTemplate,
  type GeneratedRow,
  type RowGenerator,
} from './row-generator.ts';
import { finishIfComplete, rowInputs, rowsLeft } from './rows.ts';
import { sendBatchMail } from './mail.ts';
import type { WebhookEvents } from '../webhooks/events.ts';

/** Times a row is taken before a failure other than a provider's 429 is final. */
const ROW_TRIES = 3;
/** Times a row may be put back for a provider's 429 before it fails. */
const RATE_LIMITED_TRIES = 10;
/** Wait before a row that failed is tried again, doubling each time. */
const RETRY_BASE_SECONDS = 2;
/** Wait before a row is tried again while replies in progress hold the workspace's words. */
const WORDS_HELD_SECONDS = 10;

export interface RowWorkerDeps {
  db: Db;
  queue: BatchQueue;
  generate: RowGenerator;
  usage: UsageSettings;
  replyTimeoutMs: number;
  log: FastifyBaseLogger;
  mailer: Mailer;
  /** The web app's address, for the link in the mail a long batch's creator gets. */
  appUrl: string;
  metrics: BatchMetrics;
  webhookEvents: WebhookEvents;
}

interface Claim {
  workspace: AiWorkspace;
  userId: string;
  template: BatchTemplate;
  controls: BatchControls;
  inputs: TemplateInputs;
  attempt: number;
  /** This try's number since the row was last queued to be written. */
  try: number;
}

/**
 * Generates the row a job names, once: it claims the row (`running`, its attempt counted) in one
 * transaction, writes it outside any, and saves it in another — outputs, the batch's counters, the
 * charge and the job's completion together — only if the row is still running under its claim. A job
 * delivered again (its instance died, its heartbeat lapsed) claims the row anew, so the first writer
 * finds its claim gone and charges nothing.
 */
export function rowWorker(deps: RowWorkerDeps): RowHandler {
  return async (job) => {
    const startedAt = performance.now();
    const phases = new RowPhases(startedAt);
    const claim = await deps.db.transaction((tx) => claimRow(deps, tx, job));
    if (!claim) return;
    phases.end('claim');
    // The row's brand voice, style rules and knowledge, read beside its reservation rather than after
    // it: both statements reach the database together, one wait instead of two. A voice gone since the
    // batch started fails the row where it is used, below.
    const context = loadWorkspaceContext(deps.db, claim.workspace.id, batchBrandVoice(claim.controls));
    context.catch(() => {});
    let reservation: WordReservation | null;
    try {
      reservation = await reserveWords(
        deps.db,
        claim.workspace,
        {
          userId: claim.userId,
          kind: 'generate',
          ttlMs: reservationTtlMs(deps.replyTimeoutMs),
        },
        deps.usage,
      );
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      // Out of words, or its starter out of budget: the batch pauses with this row still to write,
      // until someone resumes it.
      if (error.code === 'NO_WORDS_LEFT' || error.code === 'MEMBER_BUDGET_EXHAUSTED')
        return putBack(deps, job, claim, { pause: true });
      // Replies in progress hold the rest of the words: they come back when those end.
      return putBack(deps, job, claim, { afterSeconds: WORDS_HELD_SECONDS });
    }
    phases.end('reserve');
    let row: GeneratedRow;
    try {
      row = await deps.generate({
        workspace: claim.workspace,
        userId: claim.userId,
        template: claim.template,
        inputs: claim.inputs,
        controls: claim.controls,
        context: await context,
        signal: job.signal!,
        maxWords: reservation?.words ?? undefined,
        onPrepared: () => phases.end('prepare'),
      });
      phases.end('model');
    } catch (error) {
      if (reservation) await releaseReservation(deps.db, reservation);
      // Stopped with its instance or its claim lost: the job's next delivery claims the row again.
      if (job.signal?.aborted) throw error;
      if (error instanceof RowRateLimited)
        return putBack(deps, job, claim, {
          afterSeconds: error.retryAfterSeconds,
          failAfter: RATE_LIMITED_TRIES,
          error: error.message,
        });
      deps.log.warn({ err: error, batchId: job.data.batchId, index: job.data.index }, 'batch row failed');
      return putBack(deps, job, claim, {
        afterSeconds: RETRY_BASE_SECONDS * 2 ** (claim.try - 1),
        failAfter: ROW_TRIES,
        error: readableFailure(error),
      });
    }
    const saved = await deps.db.transaction(async (tx) => {
      // The batch's lock, then the row written only while it is still running under this claim: sent
      // together, run in this order by the transaction's one connection. The update says whether the
      // claim held.
      const [, written] = await Promise.all([
        lockBatch(tx, job.data.batchId),
        tx
          .update(batchRows)
          .set({
            status: 'done',
            outputs: keepEdits(row.outputs),
            flags: row.flags,
            words: row.words,
            error: null,
          })
          .where(and(rowKey(job.data), heldBy(claim.attempt)))
          .returning({ index: batchRows.index }),
      ]);
      if (written.length === 0) {
        await deps.queue.complete(tx, job.id);
        return null;
      }
      // Sent together: one wait, not four. Whether rows are left does not depend on the counters, which
      // a batch this row ends is announced with (finishIfComplete, after them).
      const [, , , left] = await Promise.all([
        tx
          .update(batches)
          .set({
            done: sql`${batches.done} + 1`,
            wordsCharged: sql`${batches.wordsCharged} + ${row.words}`,
          })
          .where(eq(batches.id, job.data.batchId)),
        // A row is written by the queue, outside its request: the key that started the batch is not known.
        settleReservation(tx, claim.workspace, reservation, row.words, deps.usage, {
          userId: claim.userId,
          kind: 'generate',
          apiKeyId: null,
        }),
        deps.queue.complete(tx, job.id),
        rowsLeft(tx, job.data.batchId),
      ]);
      const ended = await finishIfComplete(tx, job.data.batchId, deps.webhookEvents, left);
      return { ended };
    });
    phases.end('save');
    // Someone else holds the row now (it was taken again, or cancelled): its words are not charged.
    if (!saved && reservation) await releaseReservation(deps.db, reservation);
    if (saved && row.words > 0)
      deps.usage.onCharge?.({ workspaceId: claim.workspace.id, userId: claim.userId });
    if (saved) deps.metrics.rowEnded('done');
    // A row's time on this instance, from its delivery to its saved commit: the model's part and the
    // queue's, which the bulk benchmark tells apart by the provider's own time for the same row.
    if (saved)
      deps.log.debug(
        {
          batchId: job.data.batchId,
          index: job.data.index,
          ms: performance.now() - startedAt,
          phases: phases.spans,
        },
        'batch row written',
      );
    if (saved && saved.ended) await sendBatchMail(deps, job.data.batchId);
  };
}

/** What a row's time on this instance went to, phase by phase, in ms; each phase ends where the next starts. */
class RowPhases {
  readonly spans: Partial<Record<'claim' | 'reserve' | 'prepare' | 'model' | 'save', number>> = {};
  #last: number;

  constructor(startedAt: number) {
    this.#last = startedAt;
  }

  end(phase: keyof RowPhases['spans']) {
    const now = performance.now();
    this.spans[phase] = Math.round((now - this.#last) * 10) / 10;
    this.#last = now;
  }
}

/**
 * Takes the row for this delivery, under the batch's lock and then the row's (the order every writer
 * of a batch keeps): null, with the job settled, when there is nothing to write — the batch is gone,
 * paused or cancelled, or the row is already written.
 */
async function claimRow(deps: RowWorkerDeps, tx: Tx, job: Job<RowJob>): Promise<Claim | null> {
  // The batch with its workspace and the workspace owner's language, in one statement that takes the
  // batch's lock, and the row's claim, sent with it and run after it on the transaction's one
  // connection: one wait for both. The claim holds only while the batch is running, which its lock
  // keeps as it is until this transaction ends; it says by what it returns whether there was a row to take.
  const [[batch], [row]] = await Promise.all([
    tx
      .select({
        status: batches.status,
        template: batches.template,
        controls: batches.controls,
        mapping: batches.mapping,
        createdBy: batches.createdBy,
        workspace: {
          id: workspaces.id,
          plan: workspaces.plan,
          isGpt4TurnedOn: workspaces.isGpt4TurnedOn,
          ownerId: workspaces.ownerId,
          locale: users.locale,
        },
      })
      .from(batches)
      .innerJoin(workspaces, eq(workspaces.id, batches.workspaceId))
      .innerJoin(users, eq(users.id, workspaces.ownerId))
      .where(eq(batches.id, job.data.batchId))
      .for('update', { of: batches }),
    // Only a row not written yet is taken; its attempts go up by one, and that number is the claim.
    tx
      .update(batchRows)
      .set({ status: 'running', attempts: sql`${batchRows.attempts} + 1` })
      .where(
        and(
          rowKey(job.data),
          inArray(batchRows.status, ['pending', 'running']),
          exists(
            tx
              .select({ id: batches.id })
              .from(batches)
              .where(and(eq(batches.id, job.data.batchId), eq(batches.status, 'running'))),
          ),
        ),
      )
      .returning({
        attempts: batchRows.attempts,
        triesFrom: batchRows.triesFrom,
        inputs: batchRows.inputs,
      }),
  ]);
  if (batch && batch.status !== 'running') {
    // A row a stopped instance held goes back to the pending rows, which resuming queues again.
    await tx
      .update(batchRows)
      .set({ status: 'pending' })
      .where(and(rowKey(job.data), eq(batchRows.status, 'running')));
  }
  if (!batch || !row) {
    await deps.queue.complete(tx, job.id);
    return null;
  }
  const { workspace } = batch;
  const template = batch.template as BatchTemplate;
  return {
    workspace: {
      id: workspace.id,
      plan: workspace.plan,
      isGpt4TurnedOn: workspace.isGpt4TurnedOn,
      language: resolveLocale(workspace.locale),
    },
    // The words are the workspace's; a creator who has since left leaves them to its owner.
    userId: batch.createdBy ?? workspace.ownerId,
    template,
    controls: batch.controls as BatchControls,
    inputs: rowInputs(
      template.fields,
      batch.mapping as Record<string, string>,
      row.inputs as Record<string, string>,
    ),
    attempt: row.attempts,
    try: row.attempts - row.triesFrom,
  };
}

/** The batch's lock, which every writer of a batch and its rows takes before a row's. */
async function lockBatch(tx: Tx, batchId: string): Promise<void> {
  await tx.select({ id: batches.id }).from(batches).where(eq(batches.id, batchId)).for('update');
}

/** A row still running under the claim of this attempt. */
const heldBy = (attempt: number) => and(eq(batchRows.status, 'running'), eq(batchRows.attempts, attempt));

/** Locks the batch and the row; true while the row is still running under this attempt's claim. */
async function lockClaim(tx: Tx, key: RowJob, attempt: number): Promise<boolean> {
  await lockBatch(tx, key.batchId);
  const [row] = await tx
    .select({ index: batchRows.index })
    .from(batchRows)
    .where(and(rowKey(key), heldBy(attempt)))
    .for('update');
  return row !== undefined;
}

/**
 * Ends a try that wrote nothing: the row goes back to pending and its job is queued again after
 * `afterSeconds`, or, after `failAfter` tries, the row fails with `error`; with `pause`, the batch pauses.
 */
async function putBack(
  deps: RowWorkerDeps,
  job: Job<RowJob>,
  claim: Claim,
  options: { afterSeconds?: number; failAfter?: number; error?: string; pause?: boolean },
): Promise<void> {
  let requeued = false;
  let failed = false;
  let ended = false;
  await deps.db.transaction(async (tx) => {
    if (!(await lockClaim(tx, job.data, claim.attempt))) return deps.queue.complete(tx, job.id);
    await deps.queue.complete(tx, job.id);
    if (options.failAfter !== undefined && claim.try >= options.failAfter) {
      await tx
        .update(batchRows)
        .set({ status: 'failed', error: options.error ?? null })
        .where(rowKey(job.data));
      await tx
        .update(batches)
        .set({ failed: sql`${batches.failed} + 1` })
        .where(eq(batches.id, job.data.batchId));
      await deps.webhookEvents.emit(tx, {
        workspaceId: claim.workspace.id,
        type: 'batch.row_failed',
        data: { batchId: job.data.batchId, index: job.data.index, error: options.error ?? null },
      });
      failed = true;
      ended = await finishIfComplete(tx, job.data.batchId, deps.webhookEvents);
      return;
    }
    await tx
      .update(batchRows)
      .set({ status: 'pending', error: options.error ?? null })
      .where(rowKey(job.data));
    if (options.pause) {
      await tx
        .update(batches)
        .set({ status: 'paused' })
        .where(and(eq(batches.id, job.data.batchId), eq(batches.status, 'running')));
      return;
    }
    await deps.queue.enqueue(
      tx,
      [{ ...job.data, workspaceId: claim.workspace.id, plan: claim.workspace.plan }],
      options.afterSeconds,
    );
    requeued = !options.afterSeconds;
  });
  if (requeued) deps.queue.wake();
  if (failed) deps.metrics.rowEnded('failed');
  if (ended) await sendBatchMail(deps, job.data.batchId);
}

/**
 * The written outputs, except that a part a member changed while the row was being written keeps the
 * member's text: nothing typed is lost to a write that started before it.
 */
const keepEdits = (outputs: Record<string, string>) =>
  sql`${JSON.stringify(outputs)}::jsonb || coalesce((select jsonb_object_agg(part, ${batchRows.outputs} -> part) from jsonb_array_elements_text(${batchRows.editedParts}) as part where ${batchRows.outputs} ? part), '{}'::jsonb)`;

const rowKey = (key: RowJob) => and(eq(batchRows.batchId, key.batchId), eq(batchRows.index, key.index));

/**
 * A failure as the results table shows it: the pipeline's own sentence (the provider failed, took too
 * long, a brand voice is gone…), never a stack.
 */
function readableFailure(error: unknown): string {
  return error instanceof AppError ? error.message : 'The row could not be written';
}
