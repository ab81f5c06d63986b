import type { Db as IDatabase } from 'pg-boss';
import type { PGliteThread } from './pglite-thread.ts';

/**
 * pg-boss's scripts that must run as one (schema creation, migrations, maintenance under an advisory
 * lock) come as a single `BEGIN; …; COMMIT;` text without parameters.
 */
const transactionScript = /^\s*BEGIN;([\s\S]*);\s*COMMIT;\s*$/i;

/**
 * pg-boss's database on our PGlite, which lives in a thread of its own (ADR 0007; the queue: ADR 0031).
 * pg-boss's own `fromPglite` needs the PGlite instance, which only the database thread holds; this
 * sends the same statements through the thread's query path instead:
 *
 * - a statement with parameters goes to `query`, and one without to `exec` (several statements), as
 *   pg-boss's PGlite adapter does;
 * - a `BEGIN; …; COMMIT;` script runs inside one of the thread's transactions, whose BEGIN, COMMIT
 *   and ROLLBACK PGlite runs while it holds every other statement back. Sent as it is, a script that
 *   failed half-way would leave the one connection inside an aborted transaction for whichever
 *   statement came next, until someone rolled it back.
 *
 * No `listen`: the only writer of a PGlite database is this process, which wakes its own workers
 * (BatchQueue.wake) after a commit that queued jobs.
 */
export function pgBossOnPGliteThread(thread: PGliteThread): IDatabase {
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (values?.length) return { rows: (await thread.query(text, values)).rows };
      const script = transactionScript.exec(text);
      const results = script
        ? await thread.transaction((tx) => tx.exec(script[1]!))
        : await thread.exec(text);
      return { rows: results.flatMap((result) => result.rows) };
    },
  };
}
