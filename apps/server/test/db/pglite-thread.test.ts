import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { PGlite } from '@electric-sql/pglite';
import { PGliteThread } from '../../src/db/pglite-thread.ts';
import { isUniqueViolation } from '../../src/lib/errors.ts';

const notes = pgTable('notes', {
  id: integer('id').primaryKey(),
  body: text('body').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

describe('PGlite in its own thread', () => {
  let thread: PGliteThread;
  const db = () => drizzle(thread as unknown as PGlite);

  beforeAll(async () => {
    thread = await PGliteThread.open(undefined);
    await thread.exec(`
      create table notes (id integer primary key, body text not null, created_at timestamptz not null default now());
      create table pairs (n integer, unique (n) deferrable initially deferred);
    `);
  });
  afterAll(() => thread.close());

  it('answers drizzle queries as in-thread PGlite does: rows, timestamps as dates, json parsed', async () => {
    await db()
      .insert(notes)
      .values({ id: 1, body: 'hola', createdAt: new Date('2026-01-02T03:04:05Z') });
    const rows = await db().select().from(notes);
    expect(rows).toEqual([{ id: 1, body: 'hola', createdAt: new Date('2026-01-02T03:04:05Z') }]);
    const raw = await thread.query<{ stamp: string; doc: { a: number[] } }>(
      `select created_at as stamp, '{"a":[1,2]}'::json as doc from notes`,
    );
    expect(raw.rows[0]).toEqual({ stamp: '2026-01-02 03:04:05+00', doc: { a: [1, 2] } });
    const arrays = await thread.query('select $1::int + 1, $2::text', [41, 'x'], { rowMode: 'array' });
    expect(arrays.rows).toEqual([[42, 'x']]);
  });

  it("rejects a failed statement with the database's error code, so unique violations are recognised", async () => {
    await db().insert(notes).values({ id: 2, body: 'one' });
    const error = await db()
      .insert(notes)
      .values({ id: 2, body: 'two' })
      .catch((e: unknown) => e);
    expect(isUniqueViolation(error)).toBe(true);
    const direct = await thread.query('select missing_column from notes').catch((e: unknown) => e);
    expect(direct).toMatchObject({ code: '42703', message: 'column "missing_column" does not exist' });
  });

  it('commits a transaction that resolves and rolls back one that throws', async () => {
    await db().transaction(async (tx) => {
      await tx.insert(notes).values({ id: 10, body: 'kept' });
    });
    const failed = await db()
      .transaction(async (tx) => {
        await tx.insert(notes).values({ id: 11, body: 'dropped' });
        throw new Error('changed my mind');
      })
      .catch((e: Error) => e.message);
    expect(failed).toBe('changed my mind');
    const ids = await db().execute(sql`select id from notes where id in (10, 11) order by id`);
    expect(ids.rows).toEqual([{ id: 10 }]);
  });

  it('holds statements from outside an open transaction until it commits', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = db().transaction(async (tx) => {
      await tx.insert(notes).values({ id: 20, body: 'inside' });
      await held;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    let outsideAnswered = false;
    const outside = thread
      .query<{ n: number }>('select count(*)::int as n from notes where id = 20')
      .then((r) => {
        outsideAnswered = true;
        return r.rows[0]!.n;
      });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(outsideAnswered).toBe(false);
    release();
    await transaction;
    expect(await outside).toBe(1);
  });

  it('rejects a transaction whose COMMIT fails, and keeps none of it', async () => {
    const error = await thread
      .transaction(async (tx) => {
        await tx.query('insert into pairs (n) values (1), (1)');
      })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: '23505' });
    expect((await thread.query('select * from pairs')).rows).toEqual([]);
  });
});

describe('PGlite thread on disk', () => {
  it('keeps its data across a close and a new start', async () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'redacta-pglite-thread-')), 'pglite');
    const first = await PGliteThread.open(dir);
    await first.exec(`create table kept (v text); insert into kept values ('still here')`);
    await first.close();
    await expect(first.query('select 1')).rejects.toThrow(/database thread stopped/);

    const second = await PGliteThread.open(dir);
    expect((await second.query('select v from kept')).rows).toEqual([{ v: 'still here' }]);
    await second.close();
  });

  it('fails to start, saying why, when its data directory cannot be used', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'redacta-pglite-thread-')), 'not-a-dir');
    writeFileSync(file, 'x');
    await expect(PGliteThread.open(file)).rejects.toThrow();
  });
});
