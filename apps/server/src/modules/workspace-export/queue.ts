import type { Job, PgBoss } from 'pg-boss';
import type { Tx } from '../../db/client.ts';
import { inTransaction, type HandlersInFlight } from '../../db/pg-boss.ts';

/** The queue of workspace exports, on the batch queue's pg-boss (ADR 0038). */
const EXPORT_QUEUE = 'workspace-exports';

/** A pg-boss another queue owns, and the handlers its stop waits for. */
interface QueueHost {
  readonly boss: PgBoss;
  readonly handlers: HandlersInFlight;
}

interface ExportJob {
  exportId: string;
}

/**
 * One job per export. A job whose instance died is delivered again after its heartbeat lapses; the
 * handler starts the export over, since a zip half-built in a dead process is gone with it.
 */
export class ExportQueue {
  readonly #host: QueueHost;

  /** `host`: the queue whose pg-boss this one shares, and whose stop waits for its handlers too. */
  constructor(host: QueueHost) {
    this.#host = host;
  }

  /**
   * Creates the queue if it is new and works it, one export at a time per instance. `signal` is
   * aborted when the app stops mid-export; the job is then delivered again and the export starts over.
   */
  async start(handle: (exportId: string, signal: AbortSignal) => Promise<void>): Promise<void> {
    const { boss, handlers } = this.#host;
    await boss.createQueue(EXPORT_QUEUE, {
      policy: 'exclusive',
      heartbeatSeconds: 60,
      retryLimit: 3,
      retryDelay: 10,
      notify: true,
    });
    await boss.work<ExportJob>(
      EXPORT_QUEUE,
      { batchSize: 1, pollingIntervalSeconds: 2, notifyPollingIntervalSeconds: 5 },
      async (jobs: Job<ExportJob>[]) => {
        for (const job of jobs) await handlers.run(() => handle(job.data.exportId, job.signal));
      },
    );
  }

  /** Queues the export inside `tx`: the job exists once the export's row is committed. */
  async enqueue(tx: Tx, exportId: string): Promise<void> {
    await this.#host.boss.insert(EXPORT_QUEUE, [{ data: { exportId }, singletonKey: exportId }], {
      db: inTransaction(tx),
    });
  }
}
