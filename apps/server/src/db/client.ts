import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mkdirSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { sql as statement } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { z } from 'zod';
import * as schema from './schema.ts';
import { PGliteThread } from './pglite-thread.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { DEFAULT_DATABASE_POOL_SIZE } from '../config.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** What a transaction callback receives; services accept `Db | Tx` where they may run inside one. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type FunctionArgument = string | number | boolean | null | undefined;

/**
 * The value of one database function call — the PL/pgSQL functions of migrations 0003 to 0005
 * (ADR 0006), e.g. `callFunction(db, 'charge_words', { p_workspace_id, p_period, p_words }, z.number())`
 * — outside any transaction (each function is atomic by itself). Arguments are passed by name
 * (`p_words => $3`), so a function whose parameters change cannot silently take a value meant for
 * another; they travel as text and take the types of the function's one signature. The result, the
 * function's value as JSON, is parsed with `schema`: an answer of another shape fails here, loudly,
 * instead of travelling on under a type it does not have.
 *
 * The statement goes to the driver's client directly, not through drizzle's query builder: on the
 * chat's hot path that builder cost ~0.05 ms a call, and PGlite's thread answers a call with its one
 * value instead of a whole result (`PGliteThread.call`). Inside a transaction (`tx`) the call is one
 * of its statements, through drizzle, and commits or rolls back with it.
 */
export async function callFunction<Schema extends z.ZodType>(
  db: Db | Tx,
  name: string,
  args: Readonly<Record<string, FunctionArgument>>,
  schema: Schema,
): Promise<z.output<Schema>> {
  const names = Object.keys(args);
  const sql = functionCallSql(name, names);
  const params = names.map((key) => {
    const arg = args[key];
    return arg === null || arg === undefined ? null : String(arg);
  });
  const client = (db as unknown as { $client?: PGliteThread | pg.Pool }).$client;
  let text: string | null;
  try {
    if (client instanceof PGliteThread) text = await client.call(sql, params);
    else if (!client) {
      const args = names.map((parameter, i) => statement`${statement.raw(parameter)} => ${params[i]}`);
      const result = (await db.execute(
        statement`select to_json(${statement.raw(name)}(${statement.join(args, statement`, `)}))::text as value`,
      )) as unknown as { rows: { value: string | null }[] };
      text = result.rows[0]!.value;
    } else {
      const result = await client.query<[string | null]>({
        text: sql,
        values: params,
        rowMode: 'array',
        types: asText,
      });
      text = result.rows[0]![0];
    }
  } catch (error) {
    // Shaped like drizzle's errors: the database's own (code, constraint…) is the cause.
    throw new Error(`Failed query: ${sql}`, { cause: error });
  }
  return schema.parse(text === null ? null : JSON.parse(text));
}

const asText = { getTypeParser: () => (value: string) => value };
const functionCalls = new Map<string, string>();
const identifier = /^[a-z_][a-z0-9_]*$/;

function functionCallSql(name: string, parameters: readonly string[]): string {
  const key = `${name}(${parameters.join(',')})`;
  let sql = functionCalls.get(key);
  if (!sql) {
    for (const word of [name, ...parameters]) {
      if (!identifier.test(word)) throw new Error(`Not a database function or parameter name: ${word}`);
    }
    const args = parameters.map((parameter, i) => `${parameter} => $${i + 1}`).join(', ');
    sql = `select to_json(${name}(${args}))::text`;
    functionCalls.set(key, sql);
  }
  return sql;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs `select 1`; used by /readyz. */
  ping(): Promise<void>;
  /**
   * Settles, with why, when the database can no longer answer in this process and only a restart
   * helps: PGlite's thread stopped. Never for PostgreSQL, whose pool opens new connections itself.
   */
  lost: Promise<Error>;
  close(): Promise<void>;
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** The advisory lock instances starting on one PostgreSQL database take turns on to migrate it. */
const MIGRATION_LOCK_KEY = 0x7265_6461; // "reda"

/**
 * Migrates a PostgreSQL database one instance at a time: instances started together on an empty
 * database would otherwise create the same tables at once, and all but one would fail. The lock is a
 * session lock on a connection of its own, released when migrating ends or the connection drops.
 */
async function migrateUnderLock(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migratePg(drizzlePg(client), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

/**
 * PostgreSQL when a URL is given, otherwise PGlite in `dataDir` (or in memory when dataDir is null),
 * in a thread of its own (ADR 0007).
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string | null;
  /** PostgreSQL connections (DATABASE_POOL_SIZE). */
  poolSize?: number;
}): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? DEFAULT_DATABASE_POOL_SIZE,
    });
    // A connection PostgreSQL ends while it sits idle in the pool (a restart, an administrator, an idle
    // timeout) is dropped from the pool, which opens another when needed; a lasting outage fails the
    // next queries and /readyz. Without a listener the pool's error event would end the process.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await migrateUnderLock(pool).catch(async (error: unknown) => {
      await pool.end();
      throw error;
    });
    return {
      db,
      kind: 'postgres',
      ping: async () => void (await pool.query('select 1')),
      lost: new Promise<never>(() => {}),
      close: () => pool.end(),
    };
  }
  let dir: string | undefined;
  let release = () => {};
  if (options.dataDir) {
    dir = path.join(options.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    // One process at a time: PGlite would open the files a second time and both would write them.
    release = lockDataDir(options.dataDir);
  }
  const client = await PGliteThread.open(dir).catch((error: unknown) => {
    release();
    throw error;
  });
  const close = () => client.close().finally(release);
  // Drizzle's PGlite driver calls only query and transaction, which PGliteThread answers as PGlite does.
  const db = drizzlePglite(client as unknown as PGlite, { schema });
  await migratePglite(db, { migrationsFolder }).catch(async (error: unknown) => {
    await close();
    throw error;
  });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    ping: async () => void (await client.query('select 1')),
    lost: client.endedUnexpectedly,
    close,
  };
}
