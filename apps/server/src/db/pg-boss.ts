import { sql } from 'drizzle-orm';
import { fromDrizzle, PgBoss, type DrizzleTransactionLike } from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { Database, Tx } from './client.ts';
import { PGliteThread } from './pglite-thread.ts';
import { pgBossOnPGliteThread } from './pg-boss-pglite.ts';

/**
 * A pg-boss on whichever database the app runs on (ADR 0031): PostgreSQL through pg-boss's own few
 * connections (its LISTEN/NOTIFY wakes every instance), PGlite through the database thread's query
 * path, where this process is the only one and wakes its own workers.
 */
export function createPgBoss(
  database: Database,
  options: { superviseIntervalSeconds: number; log: FastifyBaseLogger; name: string },
): PgBoss {
  const client = (database.db as unknown as { $client: PGliteThread | pg.Pool }).$client;
  const shared = {
    superviseIntervalSeconds: options.superviseIntervalSeconds,
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
  boss.on('error', (error) => options.log.error({ err: error }, `${options.name} error`));
  return boss;
}

/**
 * pg-boss's statements as part of one of our transactions: on PGlite a statement sent outside an
 * open transaction would wait for it forever.
 */
export const inTransaction = (tx: Tx) => fromDrizzle(tx as unknown as DrizzleTransactionLike, sql);

/**
 * The handlers a queue's workers are running. pg-boss's stop fails the jobs still active when its
 * grace ends and aborts their signals, but does not wait for their handlers: a queue waits here too,
 * so that nothing it started still writes once the app that owns it has closed (and its database with it).
 */
export class HandlersInFlight {
  readonly #running = new Set<Promise<unknown>>();

  run<T>(handler: () => Promise<T>): Promise<T> {
    const running = handler();
    this.#running.add(running);
    const forget = () => this.#running.delete(running);
    running.then(forget, forget);
    return running;
  }

  async settled(): Promise<void> {
    await Promise.allSettled([...this.#running]);
  }
}

/**
 * Stops a queue's pg-boss: no new jobs, those running get `graceMs` to end and are then failed (to be
 * delivered again) with their signals aborted; resolves once none of `handlers` runs any more.
 */
export async function stopPgBoss(boss: PgBoss, handlers: HandlersInFlight, graceMs: number): Promise<void> {
  await boss.stop({ graceful: graceMs > 0, timeout: Math.max(graceMs, 1), close: true });
  await handlers.settled();
}
