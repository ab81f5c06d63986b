import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createChangeLock, type ChangeLock } from '../../src/modules/billing/change-lock.ts';
import { workerDatabase } from '../helpers/database.ts';

const WORKSPACE = '00000000-0000-4000-8000-00000000000a';
const OTHER_WORKSPACE = '00000000-0000-4000-8000-00000000000b';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

/** A change that says when it starts and ends, and ends when `finish` is called. */
function gatedChange(lock: ChangeLock, workspaceId: string, name: string, log: string[]) {
  const started = deferred();
  const gate = deferred();
  const done = lock(workspaceId, async () => {
    log.push(`${name} starts`);
    started.resolve();
    await gate.promise;
    log.push(`${name} ends`);
  });
  return { started: started.promise, finish: gate.resolve, done };
}

describe('the turn of a workspace for its subscription changes', () => {
  it("runs one workspace's changes one after the other, another workspace's meanwhile", async () => {
    const lock = createChangeLock(await workerDatabase());
    const log: string[] = [];
    const first = gatedChange(lock, WORKSPACE, 'first', log);
    await first.started;
    const second = lock(WORKSPACE, async () => void log.push('second'));

    await lock(OTHER_WORKSPACE, async () => void log.push('other workspace'));
    expect(log).toEqual(['first starts', 'other workspace']);

    first.finish();
    await Promise.all([first.done, second]);
    expect(log).toEqual(['first starts', 'other workspace', 'first ends', 'second']);
  });

  it('gives the turn on when a change fails', async () => {
    const lock = createChangeLock(await workerDatabase());
    const failing = lock(WORKSPACE, async () => {
      throw new Error('the provider refused');
    });
    const next = lock(WORKSPACE, async (db) => {
      const result = (await db.execute(sql`select 1 as one`)) as unknown as { rows: { one: number }[] };
      return result.rows[0]!.one;
    });
    await expect(failing).rejects.toThrow('the provider refused');
    await expect(next).resolves.toBe(1);
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    "on PostgreSQL, makes a second instance wait for the first one's change of the same workspace",
    async () => {
      const database = await workerDatabase();
      const [instanceA, instanceB] = [createChangeLock(database), createChangeLock(database)];
      const log: string[] = [];
      const first = gatedChange(instanceA, WORKSPACE, 'instance A', log);
      await first.started;
      const second = instanceB(WORKSPACE, async () => void log.push('instance B'));

      // Instance B's connection waits on the advisory lock of this database before A finishes.
      const waitingLocks = async () => {
        const result = (await database.db.execute(
          sql`select count(*)::int as waiting from pg_locks
              where locktype = 'advisory' and not granted
                and database = (select oid from pg_database where datname = current_database())`,
        )) as unknown as { rows: { waiting: number }[] };
        return result.rows[0]!.waiting;
      };
      while ((await waitingLocks()) === 0) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(log).toEqual(['instance A starts']);

      first.finish();
      await Promise.all([first.done, second]);
      expect(log).toEqual(['instance A starts', 'instance A ends', 'instance B']);
    },
  );
});
