import type { FastifyBaseLogger } from 'fastify';
import type { JobInsert, JobResult, PgBoss } from 'pg-boss';
import type { Database, Tx } from '../../db/client.ts';
import { createPgBoss, HandlersInFlight, inTransaction, stopPgBoss } from '../../db/pg-boss.ts';

/** The one queue of webhook deliveries: a job per attempt series of one event to one endpoint. */
const DELIVERY_QUEUE = 'webhook-deliveries';

/** What a delivery's job carries: which delivery, how many retries the job has, and whether a person asked for it. */
export interface DeliveryJob {
  deliveryId: string;
  retries: number;
  redelivery?: true;
}

/** What became of one attempt: done with (delivered, or failed for good), or to be retried by pg-boss. */
export type AttemptEnd = 'completed' | 'failed';

/**
 * Sends one attempt of a job; `retryCount` is pg-boss's count of this job's earlier attempts. `signal`
 * is aborted when the queue stops with the attempt still running.
 */
export type DeliveryHandler = (job: {
  data: DeliveryJob;
  retryCount: number;
  signal: AbortSignal;
}) => Promise<AttemptEnd>;

export interface RetrySchedule {
  /** The first retry waits 1–2 times this; each later wait doubles (with jitter). */
  delaySeconds: number;
  /** No wait is longer than this. */
  delayMaxSeconds: number;
  retries: number;
}

/** Deliveries one fetch takes: a slow receiver holds its own attempt only, up to its timeout. */
const FETCH_SIZE = 8;

/**
 * The webhook deliveries' queue on pg-boss (the same database and set-up as the batch rows', ADR
 * 0031). A failed attempt is retried by pg-boss itself, with its exponential backoff: the job's
 * `retryCount` says which attempt runs, so the last one knows it is the last. Delivery is at least
 * once, as the Standard Webhooks spec expects: an attempt whose instance died before it settled is
 * sent again with the same `webhook-id`, which receivers use to drop duplicates.
 */
export class WebhookQueue {
  readonly #boss: PgBoss;
  readonly #schedule: RetrySchedule;
  readonly #inFlight = new HandlersInFlight();
  #workers: string[] = [];
  #started = false;

  private constructor(boss: PgBoss, schedule: RetrySchedule) {
    this.#boss = boss;
    this.#schedule = schedule;
  }

  static create(database: Database, options: { schedule: RetrySchedule; log: FastifyBaseLogger }) {
    const boss = createPgBoss(database, {
      superviseIntervalSeconds: 60,
      log: options.log,
      name: 'webhook queue',
    });
    return new WebhookQueue(boss, options.schedule);
  }

  async start(handle: DeliveryHandler): Promise<void> {
    await this.#boss.start();
    this.#started = true;
    await this.#boss.createQueue(DELIVERY_QUEUE, { notify: true });
    const worker = await this.#boss.work<DeliveryJob>(
      DELIVERY_QUEUE,
      {
        batchSize: FETCH_SIZE,
        perJobResults: true,
        // A retry is a job whose start is delayed, which no notification announces: looking every second
        // keeps the first retry within 10 s of the failure (4–8 s of backoff, then at most 1 s).
        pollingIntervalSeconds: 1,
        notifyPollingIntervalSeconds: 1,
      },
      async (jobs) =>
        Promise.all(
          jobs.map(async (job): Promise<JobResult> => ({
            id: job.id,
            status: await this.#inFlight.run(() => handle(job)),
          })),
        ),
    );
    this.#workers.push(worker);
  }

  /**
   * Stops taking deliveries and lets the attempts being sent end within `graceMs`; those still being
   * sent then are aborted and sent again later, with the same webhook-id. Resolves once no handler runs.
   */
  async stop(graceMs: number): Promise<void> {
    if (!this.#started) return;
    this.#started = false;
    await stopPgBoss(this.#boss, this.#inFlight, graceMs);
  }

  /**
   * Queues the first attempt of each delivery inside `tx`, with the retry schedule: they exist once
   * it commits.
   */
  async enqueue(tx: Tx, deliveryIds: readonly string[]): Promise<void> {
    if (deliveryIds.length === 0) return;
    const { delaySeconds, delayMaxSeconds, retries } = this.#schedule;
    const jobs: JobInsert<DeliveryJob>[] = deliveryIds.map((deliveryId) => ({
      data: { deliveryId, retries },
      retryLimit: retries,
      retryDelay: delaySeconds,
      retryBackoff: true,
      retryDelayMax: delayMaxSeconds,
    }));
    await this.#boss.insert(DELIVERY_QUEUE, jobs, { db: inTransaction(tx) });
  }

  /** Queues one more attempt of a delivery, asked for by a person: sent once, not retried. */
  async redeliver(tx: Tx, deliveryId: string): Promise<void> {
    await this.#boss.insert(
      DELIVERY_QUEUE,
      [{ data: { deliveryId, retries: 0, redelivery: true }, retryLimit: 0 }],
      {
        db: inTransaction(tx),
      },
    );
  }

  /** Fetches at once instead of at the next poll, after a commit that queued deliveries. */
  wake(): void {
    for (const worker of this.#workers) this.#boss.notifyWorker(worker);
  }
}
