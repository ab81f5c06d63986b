import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type pg from 'pg';
import { invitations } from '../../src/db/schema.ts';
import { seatsUsed } from '../../src/modules/invitations/index.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { addMember, createUser, type TestUser } from '../helpers/factories.ts';
import { errorOf, invitationMailsTo, invite, invited, makePro } from './invitation-helpers.ts';

// Runs on PGlite by default and on PostgreSQL with TEST_DATABASE_URL, where the requests' transactions
// really run side by side on separate connections.
let t: TestApp;
let owner: TestUser;
let member: TestUser;
beforeEach(async () => {
  t = await createTestApp();
  owner = await createUser(t.app);
  member = await createUser(t.app);
  await addMember(t.app, owner.workspaceId, member.id);
  await makePro(t.app, owner.workspaceId); // 3 seats
  await invited(t.app, owner, owner.workspaceId, 'first@example.com'); // one seat left
});
afterEach(() => t.app.close());

/**
 * Runs `racers` requests so that, on PostgreSQL, none of them can write an invitation before all of
 * them have got as far as they can: another connection holds the invitations table against writes
 * until every request's transaction is waiting on a lock. Without the workspace row lock each would
 * by then have counted the same free seat; with it, all but one wait for the seat count itself.
 * PGlite runs one transaction at a time, so there the requests simply go as they come.
 */
async function race<T>(racers: number, start: () => Promise<T>[]): Promise<T[]> {
  if (t.app.database.kind === 'pglite') return Promise.all(start());
  const pool = (t.app.db as unknown as { $client: pg.Pool }).$client;
  const blocker = await pool.connect();
  try {
    await blocker.query('begin');
    await blocker.query('lock table invitations in exclusive mode');
    const answers = Promise.all(start());
    for (;;) {
      // Inside a transaction the activity view is a snapshot taken once; each look needs a fresh one.
      await blocker.query('select pg_stat_clear_snapshot()');
      const { rows } = await blocker.query<{ waiting: number }>(
        `select count(*)::int as waiting from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`,
      );
      if (rows[0]!.waiting >= racers) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await blocker.query('commit');
    return await answers;
  } finally {
    blocker.release();
  }
}

describe('invitations racing for the last seat', () => {
  it('let exactly one through; the others get SEATS_EXHAUSTED and no invitation', async () => {
    const senders = [owner, member, owner, member, owner, member];
    const answers = await race(senders.length, () =>
      senders.map((sender, i) => invite(t.app, sender, owner.workspaceId, `racer${i}@example.com`)),
    );
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(senders.length - 1);
    for (const refused of answers.filter((res) => res.statusCode === 409)) {
      expect(errorOf(refused).code).toBe('SEATS_EXHAUSTED');
    }
    expect(await seatsUsed(t.app.db, owner.workspaceId)).toBe(3);
    const rows = await t.app.db
      .select()
      .from(invitations)
      .where(eq(invitations.workspaceId, owner.workspaceId));
    expect(rows).toHaveLength(2);
  });

  it('invite one address once however many ask at the same time: one invitation, one mail', async () => {
    const answers = await race(3, () =>
      [owner, owner, owner].map((sender) => invite(t.app, sender, owner.workspaceId, 'same@example.com')),
    );
    // The repeats answer as the first invitation they repeat: created, not "sent again".
    expect(answers.map((res) => res.statusCode)).toEqual([201, 201, 201]);
    expect(answers.map((res) => res.json().resent)).toEqual([false, false, false]);
    const ids = new Set(answers.map((res) => res.json().invitation.id));
    expect(ids.size).toBe(1);
    expect(await seatsUsed(t.app.db, owner.workspaceId)).toBe(3);
    // The repeats came within a minute of the first mail.
    expect(invitationMailsTo(t.app, 'same@example.com')).toHaveLength(1);
  });
});
