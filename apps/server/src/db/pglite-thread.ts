import { deserialize } from 'node:v8';
import { Worker } from 'node:worker_threads';
import { SEMI_SPACE_MB } from '../../../../scripts/lib/server-memory.mjs';
import { typeScriptThreadScript } from '../lib/thread-script.ts';
import type { Results } from '@electric-sql/pglite';
import type {
  DatabaseCall,
  DatabaseRequest,
  DatabaseResponse,
  DatabaseStarted,
  ErrorFields,
  PGliteMemory,
} from './pglite-protocol.ts';

interface QueryOptions {
  /** Rows as arrays of values (drizzle's typed selects) or as objects by column name. */
  rowMode?: 'array' | 'object';
}

/** What drizzle's PGlite driver calls on a client and on a transaction. */
export interface PGliteRunner {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
}

/**
 * PGlite in a thread of its own (ADR 0007), behind the part of PGlite's interface drizzle's driver
 * uses: `query`, `exec` and `transaction`; and `call`, a database function answered with its one value.
 * The database's work — on PGlite about two fifths of a chat request's event-loop work before its first
 * token — runs beside the server's event loop, not inside it.
 *
 * Query options other than `rowMode` are not sent: drizzle's parsers (timestamps, dates and
 * intervals as text) are installed in the database thread once (pglite-worker.ts).
 */
export class PGliteThread implements PGliteRunner {
  readonly #worker: Worker;
  readonly #pending = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: Error) => void }
  >();
  #nextId = 1;
  #failure: Error | null = null;
  #closing = false;

  /**
   * Settles, with why, if the database thread stops other than through `close()` (PGlite aborted, the
   * thread ran out of memory or was terminated). Every statement after that fails and nothing brings
   * the database back in this process: its owner should say so and stop, so that it is restarted.
   */
  readonly endedUnexpectedly: Promise<Error>;

  private constructor(worker: Worker) {
    this.#worker = worker;
    let endedUnexpectedly!: (error: Error) => void;
    this.endedUnexpectedly = new Promise((resolve) => (endedUnexpectedly = resolve));
    worker.on('message', (response: DatabaseResponse) => {
      const pending = this.#pending.get(response.id);
      if (!pending) return;
      this.#pending.delete(response.id);
      if (!response.ok) return pending.reject(databaseError(response.error));
      let value: unknown;
      try {
        value = deserialize(response.bytes);
      } catch (error) {
        return pending.reject(new Error(`The database's answer could not be read: ${String(error)}`));
      }
      pending.resolve(value);
    });
    const fail = (error: Error) => {
      this.#failure ??= error;
      for (const pending of this.#pending.values()) pending.reject(error);
      this.#pending.clear();
    };
    // An uncaught error in the thread comes first, then its exit: the error is the reason given.
    worker.on('error', fail);
    worker.on('exit', (code) => {
      fail(threadStopped(code));
      if (!this.#closing) endedUnexpectedly(this.#failure!);
    });
  }

  /** Starts the database thread with PGlite in `dataDir` (in memory without one) and waits until it is open. */
  static async open(dataDir: string | undefined): Promise<PGliteThread> {
    const worker = new Worker(startScript, {
      eval: true,
      workerData: { dataDir },
      resourceLimits: {
        // Node's default, stated because the protocol relies on it (DatabaseResponse, #request).
        stackSizeMb: 4,
        // Two semi-spaces and as much again for new large objects: the server's own young generation,
        // whatever flags the process was started with (ADR 0042).
        maxYoungGenerationSizeMb: 3 * SEMI_SPACE_MB,
      },
    });
    const started = await new Promise<DatabaseStarted>((resolve, reject) => {
      const stopped = (code: number) => reject(threadStopped(code));
      worker.once('message', (message: DatabaseStarted) => {
        worker.off('error', reject).off('exit', stopped);
        resolve(message);
      });
      worker.once('error', reject).once('exit', stopped);
    });
    if (!started.started) {
      await worker.terminate();
      throw databaseError(started.error);
    }
    return new PGliteThread(worker);
  }

  query<T>(sql: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    return this.#request({ kind: 'query', tx: null, sql, params, rowMode: options?.rowMode ?? 'object' });
  }

  exec(sql: string): Promise<Results[]> {
    return this.#request({ kind: 'exec', tx: null, sql });
  }

  /**
   * Runs `callback` in one transaction: committed when it resolves, rolled back when it throws.
   * Other statements wait until it ends, as with PGlite in the same thread.
   */
  async transaction<T>(callback: (tx: PGliteRunner) => Promise<T>): Promise<T> {
    const tx = await this.#request<number>({ kind: 'begin' });
    const runner: PGliteRunner = {
      query: (sql, params = [], options) =>
        this.#request({ kind: 'query', tx, sql, params, rowMode: options?.rowMode ?? 'object' }),
      exec: (sql) => this.#request({ kind: 'exec', tx, sql }),
    };
    let result: T;
    try {
      result = await callback(runner);
    } catch (error) {
      // The callback's error is the one to report; a rollback that fails too means the thread is gone.
      await this.#request({ kind: 'end', tx, commit: false }).catch(() => {});
      throw error;
    }
    await this.#request({ kind: 'end', tx, commit: true });
    return result;
  }

  /**
   * Runs `sql` — a call of one database function returning one value — outside any transaction
   * opened here (calls that reach the database thread together share one: ADR 0025); answers the value
   * as text (null for SQL NULL).
   */
  call(sql: string, params: (string | null)[]): Promise<string | null> {
    return this.#request({ kind: 'call', sql, params });
  }

  /** Statements sent to the thread and not answered yet (the metrics' database load on PGlite). */
  get inFlight(): number {
    return this.#pending.size;
  }

  /** The database thread's memory: PGlite's WebAssembly memory and the thread's JS heap. */
  memory(): Promise<PGliteMemory> {
    return this.#request({ kind: 'memory' });
  }

  /** Closes PGlite (after the statements already sent) and stops its thread. */
  async close(): Promise<void> {
    this.#closing = true;
    await this.#request({ kind: 'close' });
    await this.#worker.terminate();
  }

  #request<T>(call: DatabaseCall): Promise<T> {
    if (this.#failure) return Promise.reject(this.#failure);
    const id = this.#nextId++;
    return new Promise<T>((resolve, reject) => {
      // A statement whose parameters cannot be sent (nested too deep to serialize) fails alone. What
      // this thread can serialize the database thread can read: it has four times the stack.
      this.#worker.postMessage({ ...call, id } satisfies DatabaseRequest);
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
    });
  }
}

const startScript = typeScriptThreadScript(new URL('./pglite-worker.ts', import.meta.url), import.meta.url);

const threadStopped = (code: number) => new Error(`The database thread stopped (exit code ${code})`);

/** The database thread's error again, with its fields (code, constraint…); drizzle adds the query. */
function databaseError(fields: ErrorFields): Error {
  const { message, ...rest } = fields;
  return Object.assign(new Error(message), rest);
}
