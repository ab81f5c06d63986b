import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { BatchQueue } from '../../src/modules/batches/queue.ts';
import { WebhookQueue } from '../../src/modules/webhooks/queue.ts';
import { workerDatabase } from '../helpers/database.ts';

const log = pino({ level: 'silent' });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const aborted = (signal: AbortSignal) =>
  new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));

/**
 * A stopped queue's handlers are done when its stop resolves: what a handler still does after its job
 * was aborted (release words, record an attempt) must not reach the database after the app that owns
 * the queue closed it, or the next user of that database (a test's reset) meets a writer nobody waits for.
 */
describe('a queue that stops', () => {
  it('returns from stop only after the batch rows it aborted have ended', async () => {
    const database = await workerDatabase();
    const queue = BatchQueue.create(database, { heartbeatSeconds: 60, log });
    const batchId = randomUUID();
    let taken!: () => void;
    const rowTaken = new Promise<void>((resolve) => (taken = resolve));
    const ended: string[] = [];
    await queue.start(async (job) => {
      // Rows an earlier test of this worker left queued are not this test's.
      if (job.data.batchId !== batchId) return;
      taken();
      await aborted(job.signal);
      await sleep(200);
      await database.db.execute(sql`select 1`);
      ended.push('row');
    });
    await database.db.transaction((tx) =>
      queue.enqueue(tx, [{ batchId, index: 0, workspaceId: randomUUID(), plan: 'pro_monthly' }]),
    );
    queue.wake();
    await rowTaken;

    await queue.stop(0);
    expect(ended).toEqual(['row']);
  });

  it('returns from stop only after the webhook attempts it aborted have ended', async () => {
    const database = await workerDatabase();
    const queue = WebhookQueue.create(database, {
      schedule: { delaySeconds: 1, delayMaxSeconds: 1, retries: 0 },
      log,
    });
    const deliveryId = randomUUID();
    let taken!: () => void;
    const attemptTaken = new Promise<void>((resolve) => (taken = resolve));
    const ended: string[] = [];
    await queue.start(async (job) => {
      if (job.data.deliveryId !== deliveryId) return 'completed';
      taken();
      await aborted(job.signal);
      await sleep(200);
      ended.push('attempt');
      return 'failed';
    });
    await database.db.transaction((tx) => queue.enqueue(tx, [deliveryId]));
    queue.wake();
    await attemptTaken;

    await queue.stop(0);
    expect(ended).toEqual(['attempt']);
  });
});
