import { lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './client.ts';
import { deleteExpiredKeys } from '../modules/idempotency/store.ts';
import { wordReservations, workspaceExports } from './schema.ts';
import { pruneAuditLog } from '../modules/audit/retention.ts';

/** How often each instance looks after its database (docs/decisions/0024-database-maintenance.md). */
export const MAINTENANCE_INTERVAL_MS = 10 * 60_000;

export interface MaintenanceRun {
  /** Word reservations deleted because they had expired (left by a process that died). */
  expiredReservations: number;
  /** Idempotency keys deleted because their 24 hours were over. */
  expiredIdempotencyKeys: number;
  /** Audit entries deleted because their workspace's plan keeps them no longer. */
  prunedAuditEntries: number;
  /** The tables vacuumed: ours on PGlite, none on PostgreSQL (its autovacuum does it). */
  vacuumedTables: number;
}

/**
 * One round of upkeep. Reservations past their expiry no longer count for anything (reserve_words
 * reads only live ones) and are deleted here, as are idempotency keys past their 24 hours, audit entries
 * past their plan's retention (modules/audit/retention.ts) and workspace exports past their 7 days. On
 * PGlite — PostgreSQL in one thread, without the
 * autovacuum a server runs beside it — our tables are then vacuumed: rows deleted or replaced (each
 * chat turn's reservation, each save of a live document) stay in their table and its indexes, taking
 * disk and slowing every read that passes them, until a vacuum reclaims them; a vacuum also keeps the
 * planner's idea of each table's size current. Not analysed: on a workspace of 100,000 conversation
 * entries ANALYZE took 200–330 ms of PGlite's thread, which every other statement waits for, against
 * 5–20 ms for the vacuum. The system catalogs, which the app does not churn, are left out.
 */
export async function maintainDatabase(database: Database): Promise<MaintenanceRun> {
  const { db } = database;
  const expired = await db
    .delete(wordReservations)
    .where(lte(wordReservations.expiresAt, sql`now()`))
    .returning({ id: wordReservations.id });
  const expiredReservations = expired.length;
  const expiredIdempotencyKeys = await deleteExpiredKeys(db);
  const prunedAuditEntries = await pruneAuditLog(db);
  // Workspace exports are kept for download 7 days (docs/product.md, "Your data"); then they go, and
  // their zip's parts with them by cascade.
  await db.delete(workspaceExports).where(lte(workspaceExports.expiresAt, sql`now()`));
  const done = { expiredReservations, expiredIdempotencyKeys, prunedAuditEntries };
  if (database.kind !== 'pglite') return { ...done, vacuumedTables: 0 };
  const tables = (await db.execute(
    sql`select quote_ident(tablename) as name from pg_tables where schemaname = 'public' order by tablename`,
  )) as unknown as { rows: { name: string }[] };
  const names = tables.rows.map((table) => table.name);
  if (names.length > 0) await db.execute(sql.raw(`vacuum ${names.join(', ')}`));
  return { ...done, vacuumedTables: names.length };
}

/**
 * Runs `maintainDatabase` every MAINTENANCE_INTERVAL_MS from `start()` until `stop()`. A round still
 * running when the next is due makes that one skip (rounds never pile up); a round that fails is logged
 * and the next one tries again. `stop()` waits for a round in progress, so the database is not closed
 * under it.
 */
export function scheduleDatabaseMaintenance(
  database: Database,
  log: FastifyBaseLogger,
  intervalMs = MAINTENANCE_INTERVAL_MS,
) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const round = async () => {
    const startedAt = performance.now();
    try {
      const run = await maintainDatabase(database);
      log.info({ ...run, ms: Math.round(performance.now() - startedAt) }, 'database maintained');
    } catch (error) {
      log.error({ err: error }, 'database maintenance failed');
    }
  };
  return {
    start() {
      timer ??= setInterval(() => {
        running ??= round().finally(() => {
          running = undefined;
        });
      }, intervalMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
