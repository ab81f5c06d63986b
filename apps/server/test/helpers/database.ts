import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { isDatabaseFree } from '../database-free.ts';
import { createPostgresDatabase } from './postgres-database.ts';

let shared: Promise<Database> | undefined;

/**
 * One database per test worker, never one per test (creating a PGlite database takes 5–7 s). PGlite
 * in memory by default; with TEST_DATABASE_URL a fresh PostgreSQL database is created for this worker
 * and dropped by the global teardown, so parallel workers and repeated runs never see each other's data.
 * A test file found database-free is refused it: it would be missing from the pass on PostgreSQL.
 */
export function workerDatabase(): Promise<Database> {
  const file = expect.getState().testPath;
  if (file && isDatabaseFree(file)) {
    throw new Error(
      `${file} uses the test database through no import that apps/server/test/database-free.ts can see: ` +
        'import its helper with a literal path, so that the pass on PostgreSQL runs the file too',
    );
  }
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

/** A table past this size after a reset is truncated, so its space is given back (see resetDatabase). */
const KEEP_AT_MOST_BYTES = 8 * 1024 * 1024;
interface Tables {
  names: string[];
  /** Whether this connection may turn foreign keys and triggers off (a superuser; PGlite's always is). */
  mayDisableTriggers: boolean;
}
const tablesOf = new WeakMap<Database, Promise<Tables>>();

function publicTables(database: Database): Promise<Tables> {
  let tables = tablesOf.get(database);
  if (!tables) {
    tables = (async () => {
      const result = (await database.db.execute(
        sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
      )) as unknown as { rows: { tablename: string }[] };
      const role = (await database.db.execute(
        sql`select current_setting('is_superuser') = 'on' as superuser`,
      )) as unknown as { rows: { superuser: boolean }[] };
      return { names: result.rows.map((row) => row.tablename), mayDisableTriggers: role.rows[0]!.superuser };
    })();
    tablesOf.set(database, tables);
  }
  return tables;
}

/**
 * Empties every table between tests; far cheaper than a new database. An earlier test's app has
 * finished its writes by then: closing an app waits until its chat replies in progress are saved and
 * its queues' handlers (batch rows, exports, webhook attempts) have ended.
 *
 * Rows are deleted, in one statement, with foreign keys and triggers off for the transaction
 * (`session_replication_role = replica`): TRUNCATE gives every table and index a new file, which took
 * 1.4 s a reset on PostgreSQL (and 0.27 s on PGlite) against 0.03 s for the deletes. No table has a
 * sequence to restart. A table a test filled past a few MiB is truncated afterwards, so its space
 * does not stay with the worker's database until a vacuum. A PostgreSQL role that is no superuser may
 * not turn them off: there every table is truncated.
 */
export async function resetDatabase(database: Database): Promise<void> {
  const { names, mayDisableTriggers } = await publicTables(database);
  if (names.length === 0) return;
  const quoted = names.map((name) => `"${name}"`);
  if (!mayDisableTriggers) {
    await database.db.execute(sql.raw(`truncate ${quoted.join(', ')} cascade`));
    return;
  }
  const deletes = quoted.map((table, i) => `d${i} as (delete from ${table})`).join(', ');
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    // As TRUNCATE would: wait for whatever still writes to them, and keep everyone out until the end.
    await tx.execute(sql.raw(`lock table ${quoted.join(', ')} in access exclusive mode`));
    await tx.execute(sql.raw(`with ${deletes} select 1`));
  });
  const large = (await database.db.execute(sql`
    select c.relname from pg_class c
    where c.relkind = 'r' and c.relnamespace = 'public'::regnamespace
      and pg_total_relation_size(c.oid) > ${KEEP_AT_MOST_BYTES}
  `)) as unknown as { rows: { relname: string }[] };
  if (large.rows.length > 0) {
    const names = large.rows.map((row) => `"${row.relname}"`).join(', ');
    await database.db.execute(sql.raw(`truncate ${names} cascade`));
  }
}
