import { sql } from 'drizzle-orm';
import type { Database, Db, Tx } from '../../db/client.ts';

/** The first key of billing's advisory locks (the two-key space, apart from the migrations' one-key lock). */
const BILLING_LOCK_SPACE = 0x6269_6c6c; // "bill"

/**
 * Runs `change` when no other change of the same workspace is running, anywhere. It receives the
 * database to read and write through.
 */
export type ChangeLock = <T>(workspaceId: string, change: (db: Db | Tx) => Promise<T>) => Promise<T>;

/**
 * One workspace's subscription changes one after the other (each computes its result from the state it
 * read, and calls the payment provider in between), without holding what other users need while the
 * provider answers, which may take a minute with timeouts and retries:
 *
 * - In this process, a promise chain per workspace, forgotten when idle. On PGlite this is all it takes:
 *   one process alone opens its database. A transaction there would stop every other user's
 *   statements, since PGlite runs one transaction at a time.
 * - On PostgreSQL, shared by several instances, the change then runs in a transaction holding only a
 *   transaction-scoped advisory lock on the workspace; the workspace row is locked only by the short
 *   apply at its end, so invitations, saves and word reservations of the workspace go on meanwhile. The
 *   in-process turn comes first so that one instance never waits with several connections, and the
 *   change uses the lock's own connection: a change needing a second connection could wait forever in a
 *   pool filled by changes of other workspaces.
 */
export function createChangeLock(database: Pick<Database, 'db' | 'kind'>): ChangeLock {
  const tails = new Map<string, Promise<void>>();

  async function inTurn<T>(workspaceId: string, change: () => Promise<T>): Promise<T> {
    const previous = tails.get(workspaceId);
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    const tail = previous ? previous.then(() => finished) : finished;
    tails.set(workspaceId, tail);
    try {
      await previous;
      return await change();
    } finally {
      finish();
      if (tails.get(workspaceId) === tail) tails.delete(workspaceId);
    }
  }

  if (database.kind === 'pglite') {
    return <T>(workspaceId: string, change: (db: Db | Tx) => Promise<T>) =>
      inTurn(workspaceId, () => change(database.db));
  }
  return <T>(workspaceId: string, change: (db: Db | Tx) => Promise<T>) =>
    inTurn(workspaceId, () =>
      database.db.transaction(async (tx) => {
        await tx.execute(
          sql`select pg_advisory_xact_lock(${BILLING_LOCK_SPACE}::int, hashtext(${workspaceId}::text))`,
        );
        return change(tx);
      }),
    );
}
