import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mkdirSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.ts';
import { PGliteThread } from './pglite-thread.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** What a transaction callback receives; services accept `Db | Tx` where they may run inside one. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * The value of one database function call, e.g. `callFunction<number>(db, sql\`charge_words(...)\`)`
 * (the chat's PL/pgSQL functions, migration 0003). Both drivers answer `execute` with `{ rows }` and
 * parse json results.
 */
export async function callFunction<T>(db: Db | Tx, call: SQL): Promise<T> {
  const result = (await db.execute(sql`select ${call} as value`)) as unknown as { rows: { value: T }[] };
  return result.rows[0]!.value;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs `select 1`; used by /readyz. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * PostgreSQL when a URL is given, otherwise PGlite in `dataDir` (or in memory when dataDir is null),
 * in a thread of its own (ADR 0007).
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string | null;
}): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await migratePg(drizzlePg(pool), { migrationsFolder });
    return {
      db,
      kind: 'postgres',
      ping: async () => void (await pool.query('select 1')),
      close: () => pool.end(),
    };
  }
  let dir: string | undefined;
  if (options.dataDir) {
    dir = path.join(options.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
  }
  const client = await PGliteThread.open(dir);
  // Drizzle's PGlite driver calls only query and transaction, which PGliteThread answers as PGlite does.
  const db = drizzlePglite(client as unknown as PGlite, { schema });
  await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    ping: async () => void (await client.query('select 1')),
    close: () => client.close(),
  };
}
