import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { auditEntries } from '../../src/db/schema.ts';
import {
  eraseFromAuditLog,
  recordAudit,
  runWithAuditContext,
  verifyAuditChain,
} from '../../src/modules/audit/index.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { addMember, createUser, type TestUser } from '../helpers/factories.ts';

/*
 * A deleted account's erasure from the audit log: the only change the database lets anyone make to an
 * entry, which leaves every chain verifiable and every other kind of tampering still visible.
 */

let t: TestApp;
let owner: TestUser;
let member: TestUser;

beforeEach(async () => {
  t = await createTestApp();
  owner = await createUser(t.app, { firstName: 'Olga', lastName: 'Dueña' });
  member = await createUser(t.app, { firstName: 'Mario', lastName: 'Miembro' });
  await addMember(t.app, owner.workspaceId, member.id);
});
afterEach(() => t.app.close());

/** One entry by `who` from their address, about `target`, with this before/after. */
async function write(
  who: TestUser,
  target: { type: string; id?: string; label?: string },
  change: { before?: Record<string, unknown>; after?: Record<string, unknown> } = {},
) {
  await runWithAuditContext({ ip: '198.51.100.4', userAgent: 'Firefox', userId: who.id }, () =>
    t.app.db.transaction((tx) =>
      recordAudit(tx, { workspaceId: owner.workspaceId, action: 'member.removed', target, ...change }),
    ),
  );
}

const log = () =>
  t.app.db
    .select()
    .from(auditEntries)
    .where(eq(auditEntries.workspaceId, owner.workspaceId))
    .orderBy(auditEntries.seq);

const erase = (person: TestUser, names: string[]) =>
  t.app.db.transaction((tx) => eraseFromAuditLog(tx, { userId: person.id, names }));

describe("erasing a deleted account's person from the audit log", () => {
  beforeEach(async () => {
    await write(member, { type: 'project', id: 'p1', label: 'Otoño' }); // Mario acts.
    await write(owner, { type: 'member', id: member.id, label: 'Mario Miembro' }); // Mario is the target.
    await write(
      owner,
      { type: 'workspace', id: owner.workspaceId },
      { before: { ownerId: member.id, owner: 'Mario Miembro', plan: 'pro' }, after: { role: 'member' } },
    );
    await write(owner, { type: 'project', id: 'p2', label: 'Primavera' }); // Not about Mario.
  });

  it('erases them wherever they are named, keeps everything else, and the chain still verifies', async () => {
    expect(await erase(member, ['Mario Miembro', member.email])).toBe(3);
    const [acted, targeted, changed, other] = await log();
    expect(acted).toMatchObject({
      actorUserId: null,
      actorLabel: 'Former member',
      ip: null,
      userAgent: null,
      targetLabel: 'Otoño',
      personalSalt: null,
    });
    expect(targeted).toMatchObject({
      actorUserId: owner.id,
      actorLabel: 'Olga Dueña',
      ip: '198.51.100.4',
      targetId: null,
      targetLabel: 'Former member',
    });
    expect(changed!.before).toEqual({ ownerId: null, owner: 'Former member', plan: 'pro' });
    expect(changed!.after).toEqual({ role: 'member' });
    // An entry that does not name them keeps its salt: its fields are still checked against its digest.
    expect(other).toMatchObject({ actorLabel: 'Olga Dueña', personalSalt: expect.any(String) });
    expect(await verifyAuditChain(t.app.db, owner.workspaceId)).toEqual({ valid: true, entries: 4 });

    // After erasure, an edit of what the chain covers directly, or a removal, still shows.
    await t.app.db.execute(sql`alter table audit_entries disable trigger audit_entries_append_only`);
    await t.app.db.execute(
      sql`update audit_entries set action = 'member.left' where workspace_id = ${owner.workspaceId} and seq = 1`,
    );
    await t.app.db.execute(sql`alter table audit_entries enable trigger audit_entries_append_only`);
    expect(await verifyAuditChain(t.app.db, owner.workspaceId)).toMatchObject({
      valid: false,
      brokenAtSeq: 1,
    });
    await t.app.db
      .delete(auditEntries)
      .where(and(eq(auditEntries.workspaceId, owner.workspaceId), eq(auditEntries.seq, 1)));
    await t.app.db
      .delete(auditEntries)
      .where(and(eq(auditEntries.workspaceId, owner.workspaceId), eq(auditEntries.seq, 3)));
    expect(await verifyAuditChain(t.app.db, owner.workspaceId)).toMatchObject({
      valid: false,
      brokenAtSeq: 4,
    });
  });

  it('a personal field edited where the salt is kept still breaks the chain', async () => {
    await erase(member, ['Mario Miembro', member.email]);
    await t.app.db.execute(sql`alter table audit_entries disable trigger audit_entries_append_only`);
    await t.app.db.execute(
      sql`update audit_entries set target_label = 'Invierno' where workspace_id = ${owner.workspaceId} and seq = 4`,
    );
    await t.app.db.execute(sql`alter table audit_entries enable trigger audit_entries_append_only`);
    expect(await verifyAuditChain(t.app.db, owner.workspaceId)).toMatchObject({
      valid: false,
      brokenAtSeq: 4,
    });
  });

  it('is the only change the database allows, and only during an account deletion', async () => {
    const update = (set: ReturnType<typeof sql>, erasing: boolean) =>
      t.app.db.transaction(async (tx) => {
        if (erasing) await tx.execute(sql`select set_config('redacta.audit_erasure', ${member.id}, true)`);
        await tx.execute(
          sql`update audit_entries set ${set} where workspace_id = ${owner.workspaceId} and seq = 1`,
        );
      });
    const erasure = sql`actor_user_id = null, actor_label = 'Former member', ip = null, user_agent = null, personal_salt = null`;
    // The erasure's own shape, outside an account deletion: refused.
    await expect(update(erasure, false)).rejects.toThrow();
    // During one, anything else is refused: another name, a kept salt, a changed action or hash.
    await expect(update(sql`actor_label = 'Nadie', personal_salt = null`, true)).rejects.toThrow();
    await expect(update(sql`actor_user_id = null, ip = null`, true)).rejects.toThrow();
    await expect(update(sql`action = 'member.left', personal_salt = null`, true)).rejects.toThrow();
    await expect(update(sql`hash = repeat('0', 64), personal_salt = null`, true)).rejects.toThrow();
    await expect(update(sql`ip = '10.0.0.1', personal_salt = null`, true)).rejects.toThrow();
    await expect(
      update(sql`after = '{"injected": true}'::jsonb, personal_salt = null`, true),
    ).rejects.toThrow();
    expect((await log())[0]).toMatchObject({ actorLabel: 'Mario Miembro', ip: '198.51.100.4' });
    // And the erasure itself goes through.
    await update(erasure, true);
    expect((await log())[0]).toMatchObject({ actorLabel: 'Former member', ip: null });
    expect(await verifyAuditChain(t.app.db, owner.workspaceId)).toEqual({ valid: true, entries: 4 });
  });
});
