import { sql } from 'drizzle-orm';
import { fromDrizzle, PgBoss, type DrizzleTransactionLike, type Job, type JobInsert } from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { BATCH_CONCURRENCY, plans, type Plan } from '@redacta/shared';
import type { Database, Tx } from '../../db/client.ts';
import { PGliteThread } from '../../db/pglite-thread.ts';
import { pgBossOnPGliteThread } from '../../db/pg-boss-pglite.ts';
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

/**
 * Fetch loops an instance runs, each taking one row at a time: at most 32 rows in flight an instance.
 * One row a fetch, because a loop fetches again only once everything it fetched has ended: with
 * several, a row's place stayed empty until the slowest of its fetch ended.
 */
const WORKERS = 32;
/**
 * How often a loop with nothing to do asks the queue by itself. The first asks every second, for the
 * rows nothing announces (a retry's or a 429's delay ending, a dead instance's rows coming back); the
 * others mostly sleep, since every idle poll is a fetch query that walks the waiting rows (up to
 * 10,000 of one workspace at its share), and they are woken instead: by `wake` after a commit that
 * queued rows, by PostgreSQL's NOTIFY, and by a loop that found a row (see `start`).
 */
const SCOUT_POLL_SECONDS = 1;
const BACKSTOP_POLL_SECONDS = 10;

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
  #workers: string[] = [];
  /** Loops with no row in hand. */
  readonly #idle = new Set<string>();
  /** Loops woken by another to look for more rows. */
  readonly #woken = new Set<string>();
  #started = false;

  private constructor(boss: PgBoss, heartbeatSeconds: number) {
    this.#boss = boss;
    this.#heartbeatSeconds = heartbeatSeconds;
  }

  static create(
    database: Database,
    options: { heartbeatSeconds: number; log: FastifyBaseLogger },
  ): BatchQueue {
    const client = (database.db as unknown as { $client: PGliteThread | pg.Pool }).$client;
    const shared = {
      // Rows taken by an instance that stopped answering come back after its heartbeat lapses; the
      // supervisor looks for them as often.
      superviseIntervalSeconds: options.heartbeatSeconds,
      monitorIntervalSeconds: 60,
      schedule: false,
    };
    const boss =
      client instanceof PGliteThread
        ? new PgBoss({ ...shared, db: pgBossOnPGliteThread(client), backend: 'pglite' })
        : new PgBoss({
            ...shared,
            // Its own few connections to the same database, beside the app's pool.
            connectionString: client.options.connectionString!,
            max: 4,
            useListenNotify: true,
          });
    boss.on('error', (error) => options.log.error({ err: error }, 'batch queue error'));
    return new BatchQueue(boss, options.heartbeatSeconds);
  }

  /** Creates the queue if it is new and starts working it, WORKERS rows at a time at most. */
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
    // One work() per fetch loop, rather than localConcurrency, so that each can be woken alone.
    for (let i = 0; i < WORKERS; i++) {
      let self = '';
      const poll = i === 0 ? SCOUT_POLL_SECONDS : BACKSTOP_POLL_SECONDS;
      const worker = await this.#boss.work<RowJob>(
        ROW_QUEUE,
        {
          batchSize: 1,
          pollingIntervalSeconds: poll,
          notifyPollingIntervalSeconds: poll,
          // Fair share: a workspace has at most its plan's rows in flight over every instance, whatever
          // else waits in the queue, so another workspace's rows are fetched beside them.
          groupConcurrency: { default: BATCH_CONCURRENCY.free, tiers: concurrencyTiers },
        },
        async ([job]: Job<RowJob>[]) => {
          this.#idle.delete(self);
          // A loop woken to look, or the one that polls, may have found the first of several rows
          // waiting: it wakes another idle loop, which does the same until a fetch finds nothing. A loop
          // that fetched again for the place of the row it ended does not, or every row would cost a
          // fetch that walks the waiting rows for nothing.
          if (this.#woken.delete(self) || poll === SCOUT_POLL_SECONDS) this.#wakeOne();
          try {
            await handle(job!);
          } finally {
            this.#idle.add(self);
            // The row's place is free: fetch again at once rather than at the next poll.
            this.#boss.notifyWorker(self);
          }
        },
      );
      self = worker;
      this.#workers.push(worker);
      this.#idle.add(worker);
    }
  }

  /** Wakes one loop with no row in hand, one not already woken if there is one. */
  #wakeOne(): void {
    const idle = [...this.#idle];
    const worker = idle.find((id) => !this.#woken.has(id)) ?? idle[0];
    if (worker === undefined) return;
    this.#woken.add(worker);
    this.#boss.notifyWorker(worker);
  }

  /**
   * Stops taking rows and lets the rows in flight end within `graceMs`; those still running then are
   * left to be delivered again, after their heartbeat lapses, to whichever instance works the queue.
   */
  async stop(graceMs: number): Promise<void> {
    if (!this.#started) return;
    this.#started = false;
    await this.#boss.stop({ graceful: graceMs > 0, timeout: Math.max(graceMs, 1), close: true });
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

  /** Fetches at once instead of at the next poll, after a commit that queued rows. */
  wake(): void {
    this.#woken.clear();
    for (const worker of this.#workers) this.#boss.notifyWorker(worker);
  }
}

const concurrencyTiers = Object.fromEntries(plans.map((plan) => [plan, BATCH_CONCURRENCY[plan]]));

/** pg-boss's statements as part of one of our transactions. */
const inTransaction = (tx: Tx) => fromDrizzle(tx as unknown as DrizzleTransactionLike, sql);
