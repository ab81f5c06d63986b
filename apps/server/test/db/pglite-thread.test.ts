import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
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

  it('runs PostgreSQL with small shared buffers and tells the memory its thread holds', async () => {
    // initdb's 128 MB stayed resident in the WebAssembly memory, which never shrinks.
    const { rows } = await thread.query<{ shared_buffers: string }>('show shared_buffers');
    expect(rows[0]!.shared_buffers).toBe('16MB');
    const memory = await thread.memory();
    expect(memory.wasmBytes).toBeGreaterThanOrEqual(16 * 1024 * 1024);
    expect(memory.heapUsedBytes).toBeGreaterThan(0);
  });

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

  it('passes a function call its arguments exactly, whatever they hold, and typed by the function', async () => {
    await thread.exec(`
      create function echo_args(p_text text, p_id uuid, p_count integer, p_flag boolean) returns json
      language sql as $$ select json_build_object('text', p_text, 'id', p_id, 'count', p_count, 'flag', p_flag) $$;
    `);
    const call = (text: string | null) =>
      thread.call('select to_json(echo_args(p_text => $1, p_id => $2, p_count => $3, p_flag => $4))::text', [
        text,
        '6f9619ff-8b86-d011-b42d-00cf4fc964ff',
        '7',
        'true',
      ]);
    for (const text of [
      "it's",
      "'); drop table notes; --",
      "a\\'b",
      '$1 $2 $$ $$',
      "E'\\x00'",
      'ñandú 🎉',
      null,
    ]) {
      expect(JSON.parse((await call(text))!)).toEqual({
        text,
        id: '6f9619ff-8b86-d011-b42d-00cf4fc964ff',
        count: 7,
        flag: true,
      });
    }
    await expect(call('a\0b')).rejects.toThrow('NUL');
    expect(await thread.query('select count(*)::int as n from notes')).toMatchObject({ rows: [{ n: 1 }] });
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

  it('answers a function call with its value as text: NULL arguments, errors with their code', async () => {
    await thread.exec(`
      create function note_count(p_min integer, p_body text) returns json language sql as $$
        select json_build_object('count', count(*)::int, 'body', p_body) from notes where id >= p_min
      $$;
      create function add_note(p_id integer, p_body text) returns integer language sql as $$
        insert into notes (id, body) values (p_id, p_body) returning id
      $$;
    `);
    const { rows } = await thread.query<{ n: number }>('select count(*)::int as n from notes');
    const counted = await thread.call('select note_count($1, $2)::text', ['0', null]);
    expect(JSON.parse(counted!)).toEqual({ count: rows[0]!.n, body: null });
    expect(await thread.call('select add_note($1, $2)::text', ['300', 'ñandú'])).toBe('300');
    expect((await thread.query('select body from notes where id = 300')).rows).toEqual([{ body: 'ñandú' }]);
    const duplicate = await thread
      .call('select add_note($1, $2)::text', ['300', 'again'])
      .catch((e: unknown) => e);
    expect(isUniqueViolation(duplicate)).toBe(true);
    expect(duplicate).toMatchObject({ code: '23505', constraint: 'notes_pkey', table: 'notes' });
    // After an error the next call is answered as usual.
    expect(await thread.call('select add_note($1, $2)::text', ['301', 'next'])).toBe('301');
  });

  it('answers calls sent together each with its own value, fails only the failing one and keeps every other once', async () => {
    // Sent without waiting, the calls reach the thread together and run as batches of one statement.
    const ids = Array.from({ length: 40 }, (_, i) => 600 + i);
    const calls = ids.map((id) =>
      thread.call('select add_note($1, $2)::text', [String(id === 620 ? 300 : id), `batch ${id}`]),
    );
    const outcomes = await Promise.allSettled(calls);
    outcomes.forEach((outcome, i) => {
      if (ids[i] === 620) {
        expect(outcome.status).toBe('rejected');
        expect(isUniqueViolation((outcome as PromiseRejectedResult).reason)).toBe(true);
      } else expect(outcome).toEqual({ status: 'fulfilled', value: String(ids[i]) });
    });
    const { rows } = await thread.query<{ id: number }>(
      'select id from notes where id between 600 and 699 order by id',
    );
    expect(rows.map((row) => row.id)).toEqual(ids.filter((id) => id !== 620));
  });

  it('runs a call before a statement sent after it, even without waiting for its answer', async () => {
    const call = thread.call('select add_note($1, $2)::text', ['700', 'first']);
    const read = thread.query<{ body: string }>('select body from notes where id = 700');
    expect(await call).toBe('700');
    expect((await read).rows).toEqual([{ body: 'first' }]);
  });

  it('fails only the statement whose answer is too deep to hand over, and keeps answering', async () => {
    const nested = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
    await thread.exec('create table docs (id integer primary key, body jsonb not null)');
    // 2,500 levels: the database thread parses and sends it, the server's smaller stack cannot read
    // it. (An answer too deep for the database thread's own 4 MB stack to serialize cannot come from
    // PGlite intact: its Postgres, compiled to WebAssembly, mishandles jsonb nested beyond ~5,000
    // levels, measured here: no row at all, or an internal "bad buffer ID" error, now and then; the
    // API never stores JSON over 100 levels deep.)
    const failed = await thread
      .transaction(async (tx) => {
        await tx.query('insert into docs (id, body) values ($1, $2) returning body', [1, nested(2_500)]);
      })
      .catch((e: Error) => e.message);
    expect(failed).toMatch(/answer could not be read/);
    // The transaction rolled back instead of holding PGlite forever: other statements run.
    expect((await thread.query('select count(*)::int as n from docs')).rows).toEqual([{ n: 0 }]);
    // Parameters too deep for this thread to send fail their own statement too.
    let deep: unknown = 1;
    for (let i = 0; i < 20_000; i++) deep = { a: deep };
    await expect(thread.query('select $1::jsonb', [deep])).rejects.toThrow(RangeError);
    expect((await thread.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
  });

  it('holds a function call until an open transaction ends, and never runs it inside one', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = thread
      .transaction(async (tx) => {
        await tx.query("insert into notes (id, body) values (400, 'inside')");
        await held;
        throw new Error('roll back');
      })
      .catch(() => {});
    await new Promise((resolve) => setTimeout(resolve, 50));
    let answered = false;
    const call = thread.call('select add_note($1, $2)::text', ['401', 'outside']).then((value) => {
      answered = true;
      return value;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(answered).toBe(false);
    release();
    await transaction;
    expect(await call).toBe('401');
    // The rollback took only the transaction's own row.
    const rows = await thread.query<{ id: number }>(
      'select id from notes where id in (400, 401) order by id',
    );
    expect(rows.rows).toEqual([{ id: 401 }]);
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

/** A database thread and its Worker, which `PGliteThread` keeps to itself: Node announces every new one. */
async function openWithWorker(): Promise<{ thread: PGliteThread; worker: Worker }> {
  let worker: Worker | undefined;
  const announced = (created: Worker) => (worker = created);
  process.once('worker', announced);
  const thread = await PGliteThread.open(undefined).finally(() => process.off('worker', announced));
  return { thread, worker: worker! };
}

/**
 * The database thread's JavaScript heap after a full collection (taking a snapshot runs one), in bytes:
 * objects, strings and code, without the WebAssembly memory PostgreSQL manages itself.
 */
async function heapAfterCollection(worker: Worker): Promise<number> {
  let json = '';
  for await (const chunk of await worker.getHeapSnapshot()) json += chunk;
  const { snapshot, nodes } = JSON.parse(json) as {
    snapshot: { meta: { node_fields: string[]; node_types: [string[]] } };
    nodes: number[];
  };
  const fields = snapshot.meta.node_fields;
  const typeAt = fields.indexOf('type');
  const sizeAt = fields.indexOf('self_size');
  const native = snapshot.meta.node_types[0].indexOf('native');
  let bytes = 0;
  for (let at = 0; at < nodes.length; at += fields.length) {
    if (nodes[at + typeAt] !== native) bytes += nodes[at + sizeAt]!;
  }
  return bytes;
}

describe('PGlite thread under a chat-only load', () => {
  it('keeps no part of 50,000 function calls: its heap ends within a few MB of where it began', async () => {
    const { thread, worker } = await openWithWorker();
    try {
      await thread.exec(`
        create function next_turn(p_turn integer, p_text text) returns json language sql as $$
          select json_build_object('turn', p_turn + 1, 'text', p_text)
        $$;
      `);
      // The statement callFunction sends, in bursts like simultaneous chat requests.
      const calls = async (count: number) => {
        for (let done = 0; done < count; done += 500) {
          const burst = Array.from({ length: 500 }, (_, i) =>
            thread.call('select to_json(next_turn(p_turn => $1, p_text => $2))::text', [
              String(done + i),
              'hola',
            ]),
          );
          const answers = await Promise.all(burst);
          expect(JSON.parse(answers[499]!)).toEqual({ turn: done + 500, text: 'hola' });
        }
      };
      // Caches filled on the first calls (compiled code, PGlite's parsers) are not retention.
      await calls(2_000);
      const before = await heapAfterCollection(worker);
      await calls(50_000);
      const after = await heapAfterCollection(worker);
      expect((after - before) / 1e6, `heap ${before} → ${after} bytes`).toBeLessThan(3);
    } finally {
      await thread.close();
    }
  }, 180_000);
});

describe('PGlite thread that stops', () => {
  it('says so, with why, when it stops on its own, and fails every later statement', async () => {
    const { thread, worker } = await openWithWorker();
    await worker.terminate();
    const reason = await thread.endedUnexpectedly;
    expect(reason.message).toMatch(/database thread stopped/);
    await expect(thread.query('select 1')).rejects.toBe(reason);
  });

  it('says nothing when it is closed', async () => {
    const thread = await PGliteThread.open(undefined);
    await thread.close();
    const said = await Promise.race([
      thread.endedUnexpectedly.then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 200)),
    ]);
    expect(said).toBe(false);
  });
});
