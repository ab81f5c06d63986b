import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { createPostgresDatabase } from './postgres-database.ts';

let shared: Promise<Database> | undefined;

/**
 * One database per test worker, never one per test (creating a PGlite database takes 5–7 s). PGlite
 * in memory by default; with TEST_DATABASE_URL a fresh PostgreSQL database is created for this worker
 * and dropped by the global teardown, so parallel workers and repeated runs never see each other's data.
 */
export function workerDatabase(): Promise<Database> {
  shared ??= create();
  return shared;
}

async function create(): Promise<Database> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) return openDatabase({ dataDir: null });

  const run = process.env.REDACTA_TEST_RUN ?? `${process.pid}_${Date.now().toString(36)}`;
  const name = `redacta_test_${run}_${process.env.VITEST_POOL_ID ?? '0'}`;
  const { url } = await createPostgresDatabase(baseUrl, name);
  return openDatabase({ databaseUrl: url, dataDir: null });
}

/**
 * Empties every table between tests; far cheaper than a new database. An earlier test's app has
 * finished its writes by then: closing an app waits until its chat replies in progress are saved.
 */
export async function resetDatabase(database: Database): Promise<void> {
  const result = (await database.db.execute(
    sql`select tablename from pg_tables where schemaname = 'public'`,
  )) as unknown as { rows: { tablename: string }[] };
  const rows = result.rows;
  const tables = rows.map((row) => `"${row.tablename}"`).join(', ');
  if (tables) await database.db.execute(sql.raw(`truncate ${tables} restart identity cascade`));
}
