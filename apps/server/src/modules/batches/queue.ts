import type { PgBoss, Job, JobInsert } from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import { BATCH_CONCURRENCY, plans, type Plan } from '@redacta/shared';
import type { Database, Tx } from '../../db/client.ts';
import { createPgBoss, HandlersInFlight, inTransaction, stopPgBoss } from '../../db/pg-boss.ts';
import { ROW_CHUNK } from './rows.ts';

/** The one queue of batch rows: a job per row to generate (ADR 0031). */
const ROW_QUEUE = 'batch-rows';

/** What a row's job carries: which row; the row's own state in `batch_rows` says what to do with it. */
export interface RowJob {
  batchId: string;
  index: number;
}

/** A row to queue, with the workspace whose share of the queue it takes and that workspace's plan. */
export interface RowToQueue extends RowJob {
  workspaceId: string;
  plan: Plan;
}

/** Handles one delivered job; the job is settled by the handler's own transaction (`complete`). */
export type RowHandler = (job: Job<RowJob>) => Promise<void>;

/** Jobs one fetch takes, and fetches each instance runs at once: at most 32 rows in flight an instance. */
const FETCH_SIZE = 8;
const FETCHES = 4;

/**
 * The batch rows' queue on pg-boss, on whichever database the app runs on: PostgreSQL through pg-boss's
 * own pool (its LISTEN/NOTIFY wakes every instance), PGlite through the database thread's query path
 * (`pgBossOnPGliteThread`), where this process is the only one and wakes its own workers.
 *
 * Delivery is at least once: a job whose instance died is delivered again after
 * `BATCH_HEARTBEAT_SECONDS` without a heartbeat. A row is generated and charged once all the same,
 * because its handler claims it and settles it in transactions of ours (row-worker.ts).
 */
export class BatchQueue {
  readonly #boss: PgBoss;
  readonly #heartbeatSeconds: number;
  readonly #inFlight = new HandlersInFlight();
  #workers: string[] = [];
  #started = false;

  private constructor(boss: PgBoss, heartbeatSeconds: number) {
    this.#boss = boss;
    this.#heartbeatSeconds = heartbeatSeconds;
  }

  static create(
    database: Database,
    options: { heartbeatSeconds: number; log: FastifyBaseLogger },
  ): BatchQueue {
    // Rows taken by an instance that stopped answering come back after its heartbeat lapses; the
    // supervisor looks for them as often.
    const boss = createPgBoss(database, {
      superviseIntervalSeconds: options.heartbeatSeconds,
      log: options.log,
      name: 'batch queue',
    });
    return new BatchQueue(boss, options.heartbeatSeconds);
  }

  /** Creates the queue if it is new and starts working it, FETCHES fetches of up to FETCH_SIZE rows at a time. */
  async start(handle: RowHandler): Promise<void> {
    await this.#boss.start();
    this.#started = true;
    await this.#boss.createQueue(ROW_QUEUE, {
      // One live job per row at most: a second one queued for the same row is dropped.
      policy: 'exclusive',
      heartbeatSeconds: this.#heartbeatSeconds,
      // The row's handler decides what a failure means; pg-boss's own retries cover a handler that
      // never answered (its instance died) or threw on the database.
      retryLimit: 20,
      retryDelay: 1,
      notify: true,
    });
    // One work() per fetch loop, rather than localConcurrency, so that `wake` can reach each of them.
    for (let i = 0; i < FETCHES; i++) {
      let self = '';
      const worker = await this.#boss.work<RowJob>(
        ROW_QUEUE,
        {
          batchSize: FETCH_SIZE,
          perJobResults: true,
          burstWhenBatchFull: true,
          pollingIntervalSeconds: 1,
          notifyPollingIntervalSeconds: 5,
          // Fair share: a workspace has at most its plan's rows in flight over every instance, whatever
          // else waits in the queue, so another workspace's rows are fetched beside them.
          groupConcurrency: { default: BATCH_CONCURRENCY.free, tiers: concurrencyTiers },
        },
        async (jobs: Job<RowJob>[]) => {
          const settled = await Promise.all(
            jobs.map(async (job) => {
              await this.#inFlight.run(() => handle(job));
              return { id: job.id, status: 'completed' as const };
            }),
          );
          // Rows ended, so their workspaces have room again: fetch at once rather than at the next poll
          // (a fetch cut short by a workspace's share would otherwise wait a whole interval).
          this.#boss.notifyWorker(self);
          return settled;
        },
      );
      self = worker;
      this.#workers.push(worker);
    }
  }

  /**
   * Stops taking rows and lets the rows in flight end within `graceMs`; those still running then are
   * aborted and left to be delivered again, to whichever instance works the queue. Resolves once no
   * handler runs any more.
   */
  async stop(graceMs: number): Promise<void> {
    if (!this.#started) return;
    this.#started = false;
    await stopPgBoss(this.#boss, this.#inFlight, graceMs);
  }

  /**
   * Queues one job per row inside `tx`, ROW_CHUNK a statement (a batch's 5,000 in one would grow
   * PGlite's memory for good): they exist once it commits; `wake` then, to start at once.
   */
  async enqueue(tx: Tx, rows: readonly RowToQueue[], startAfterSeconds?: number): Promise<void> {
    for (let start = 0; start < rows.length; start += ROW_CHUNK) {
      const jobs: JobInsert<RowJob>[] = rows.slice(start, start + ROW_CHUNK).map((row) => ({
        data: { batchId: row.batchId, index: row.index },
        singletonKey: `${row.batchId}:${row.index}`,
        group: { id: row.workspaceId, tier: row.plan },
        ...(startAfterSeconds ? { startAfter: startAfterSeconds } : {}),
      }));
      await this.#boss.insert(ROW_QUEUE, jobs, { db: inTransaction(tx) });
    }
  }

  /** Settles a delivered job inside the handler's transaction, with the row's own writes. */
  async complete(tx: Tx, jobId: string): Promise<void> {
    await this.#boss.complete(ROW_QUEUE, jobId, undefined, { db: inTransaction(tx) });
  }

  /**
   * The same pg-boss for the app's other queues (a workspace's export, ADR 0038): one set of
   * connections and one supervisor. Started by `start`, so their own start comes after it.
   */
  get boss(): PgBoss {
    return this.#boss;
  }

  /** The handlers running on this pg-boss, the other queues' too: `stop` waits for them all. */
  get handlers(): HandlersInFlight {
    return this.#inFlight;
  }

  /** Fetches at once instead of at the next poll, after a commit that queued rows. */
  wake(): void {
    for (const worker of this.#workers) this.#boss.notifyWorker(worker);
  }
}

const concurrencyTiers = Object.fromEntries(plans.map((plan) => [plan, BATCH_CONCURRENCY[plan]]));
