import type { PGlite, Results } from '@electric-sql/pglite';

/** At most this many calls share one statement: the first of them waits for all the others. */
const MAX_CALLS_PER_BATCH = 16;

interface PendingCall {
  id: number;
  statement: string;
}

/**
 * The database functions' calls (ADR 0006) as the database thread runs them (ADR 0007). Each call is
 * one simple-protocol statement, its arguments written into it as literals (`inlineArguments`):
 * PGlite's `query()` takes a statement with parameters through six exchanges with the database where
 * `exec()` takes two. The calls that reach the thread together — those sent while it was busy — run
 * as one multi-statement `exec()`, which PostgreSQL runs as one transaction: a write transaction's
 * own work (its commit, its WAL write, the exchange itself) is ~0.13 ms of this thread, most of what
 * a small call costs, and a chat turn makes two calls (docs/benchmarks.md). The calls of one batch
 * therefore share one `now()`. When any of them fails, the whole batch has rolled back, and each of
 * its calls runs again alone, so that only the failing one fails and every other takes effect once.
 *
 * `add` queues a call; the batch runs once this thread has taken every message waiting for it
 * (`setImmediate`), or at once when `flush` is called before another kind of request, so that every
 * statement reaches PGlite in the order its request arrived.
 */
export class CallBatches {
  #pending: PendingCall[] = [];
  #scheduled = false;

  constructor(
    private readonly client: PGlite,
    private readonly answer: (id: number, value: string | null) => void,
    private readonly fail: (id: number, error: unknown) => void,
  ) {}

  add(id: number, sql: string, params: (string | null)[]) {
    let statement: string;
    try {
      statement = inlineArguments(sql, params);
    } catch (error) {
      this.fail(id, error);
      return;
    }
    this.#pending.push({ id, statement });
    if (this.#scheduled) return;
    this.#scheduled = true;
    setImmediate(() => {
      this.#scheduled = false;
      this.flush();
    });
  }

  /** Sends every queued call to PGlite now, in batches, in the order they came. */
  flush() {
    while (this.#pending.length > 0) {
      void this.#run(this.#pending.splice(0, MAX_CALLS_PER_BATCH));
    }
  }

  // PGlite queues each exec() as it is called: the first one here is called before any await.
  async #run(batch: PendingCall[]) {
    if (batch.length > 1) {
      // A failed batch kept nothing: each call runs alone below, and only the failing one fails.
      const results = await this.client
        .exec(batch.map((call) => call.statement).join(';\n'), { rowMode: 'array' })
        .catch(() => undefined);
      if (results) {
        batch.forEach((call, index) => this.#settle(call.id, results[index]));
        return;
      }
    }
    await Promise.all(
      batch.map((call) =>
        this.client.exec(call.statement, { rowMode: 'array' }).then(
          ([result]) => this.#settle(call.id, result),
          (error: unknown) => this.fail(call.id, error),
        ),
      ),
    );
  }

  #settle(id: number, result: Results | undefined) {
    const row = result?.rows[0] as [string | null] | undefined;
    if (row) this.answer(id, row[0]);
    else this.fail(id, new Error('The database function returned no row'));
  }
}

/**
 * `sql` (a function call whose arguments are `$1`, `$2`…, all its `$`) with each argument written as a
 * string literal, or null. An untyped literal takes the type of the function's parameter exactly as a
 * parameter does. Doubling its quotes is all a literal needs with standard_conforming_strings, which
 * PostgreSQL has had on by default since 9.1 and nothing here changes; a NUL, which no text value can
 * hold either way, is refused rather than cut the statement short.
 */
function inlineArguments(sql: string, params: (string | null)[]): string {
  return sql.replace(/\$(\d+)/g, (_, n: string) => {
    const value = params[Number(n) - 1];
    if (value === null || value === undefined) return 'null';
    if (value.includes('\0')) throw new Error('A database argument cannot hold a NUL character');
    return `'${value.replaceAll("'", "''")}'`;
  });
}
