import type { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import { afterEach, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { openDatabase } from '../../src/db/client.ts';
import { READY_TIMEOUT_MS } from '../../src/modules/health/routes.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.app.close();
  t = undefined;
});

it('reports the database unavailable when it does not answer in time, instead of hanging', async (ctx) => {
  t = await createTestApp();
  // PGlite holds every statement while a transaction is open: a database that does not answer.
  if (t.app.database.kind !== 'pglite') ctx.skip();
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const transaction = t.app.db.transaction(async (tx) => {
    await tx.execute(sql`select 1`);
    await held;
  });
  const started = Date.now();
  const ready = await t.app.inject('/readyz');
  expect(ready.statusCode).toBe(503);
  expect(ready.json()).toEqual({ status: 'unavailable', database: 'pglite' });
  expect(Date.now() - started).toBeLessThan(READY_TIMEOUT_MS + 2_000);
  release();
  await transaction;
  expect((await t.app.inject('/readyz')).statusCode).toBe(200);
});

it('reports the database unavailable, at once, when its PGlite thread has stopped', async () => {
  // A PGlite database of its own: the worker's shared one must outlive this test.
  let worker: Worker | undefined;
  const announced = (created: Worker) => (worker = created);
  process.once('worker', announced);
  const database = await openDatabase({ dataDir: null }).finally(() => process.off('worker', announced));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: '/nonexistent',
    WEB_DIST_DIR: '/nonexistent-web-dist',
  });
  const app = await buildApp({ config, database });
  try {
    expect((await app.inject('/readyz')).statusCode).toBe(200);
    await worker!.terminate();
    await database.lost;
    const started = Date.now();
    const ready = await app.inject('/readyz');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'unavailable', database: 'pglite' });
    expect(Date.now() - started).toBeLessThan(READY_TIMEOUT_MS);
  } finally {
    await app.close();
  }
});
