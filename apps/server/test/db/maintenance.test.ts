import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { usagePeriod } from '@redacta/shared';
import { maintainDatabase, scheduleDatabaseMaintenance } from '../../src/db/maintenance.ts';
import { wordReservations } from '../../src/db/schema.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';
import { eventually } from '../chat/chat-helpers.ts';

let t: TestApp;
let ana: TestUser;

beforeEach(async () => {
  t = await createTestApp();
  ana = await createUser(t.app);
});
afterEach(() => t.app.close());

/** `count` reservations of Ana's workspace, expiring `inMs` from now. */
function reservations(count: number, inMs: number) {
  return Array.from({ length: count }, () => ({
    workspaceId: ana.workspaceId,
    userId: ana.id,
    kind: 'chat' as const,
    period: usagePeriod(new Date()),
    words: 10,
    expiresAt: new Date(Date.now() + inMs),
  }));
}

async function tableBytes(): Promise<number> {
  const result = (await t.app.db.execute(
    sql`select pg_relation_size('word_reservations') as bytes`,
  )) as unknown as { rows: { bytes: number | string }[] };
  return Number(result.rows[0]!.bytes);
}

describe('the database maintenance', () => {
  it('deletes the reservations past their expiry and keeps the live ones', async () => {
    await t.app.db.insert(wordReservations).values([...reservations(3, -1000), ...reservations(2, 60_000)]);
    expect(await maintainDatabase(t.app.database)).toMatchObject({ expiredReservations: 3 });
    expect(await t.app.db.select().from(wordReservations)).toHaveLength(2);
  });

  // A chat turn's reservation is deleted when its reply is saved; on PGlite nothing else reclaimed the
  // rows, and the table grew with every turn a workspace ever had.
  it('gives back the space of deleted rows on PGlite, and leaves that to autovacuum on PostgreSQL', async () => {
    for (let i = 0; i < 4; i += 1) {
      await t.app.db.insert(wordReservations).values(reservations(1000, 60_000));
      await t.app.db.delete(wordReservations);
    }
    const grown = await tableBytes();
    const run = await maintainDatabase(t.app.database);
    if (t.app.database.kind === 'pglite') {
      expect(run.vacuumedTables).toBeGreaterThan(20);
      expect(await tableBytes()).toBeLessThan(grown / 10);
    } else {
      expect(run.vacuumedTables).toBe(0);
    }
  });

  it('runs on its interval until stopped, and stopping waits for a round in progress', async () => {
    await t.app.db.insert(wordReservations).values(reservations(2, -1000));
    const maintenance = scheduleDatabaseMaintenance(t.app.database, t.app.log, 20);
    maintenance.start();
    await eventually(async () =>
      (await t.app.db.select().from(wordReservations)).length === 0 ? true : undefined,
    );
    await maintenance.stop();
    await t.app.db.insert(wordReservations).values(reservations(1, -1000));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await t.app.db.select().from(wordReservations)).toHaveLength(1);
  });
});
