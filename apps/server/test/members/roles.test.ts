import { and, asc, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditEntries } from '../../src/db/schema.ts';
import { verifyAuditChain } from '../../src/modules/audit/index.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { addMember, createUser, setPlan, type TestUser } from '../helpers/factories.ts';

/*
 * Roles (docs/product.md, "Workspaces and roles"; ADR 0040): the owner makes a member an admin and
 * back, through one route, recorded in the audit log, effective on the next request — an API key's
 * included — and never interleaved with an admin's action in flight.
 */

let t: TestApp;
let owner: TestUser;
let person: TestUser;

beforeEach(async () => {
  t = await createTestApp();
  owner = await createUser(t.app, { firstName: 'Olga', lastName: 'Dueña' });
  person = await createUser(t.app, { firstName: 'Pablo', lastName: 'Pérez' });
  await setPlan(t.app, owner.workspaceId, 'enterprise');
  await addMember(t.app, owner.workspaceId, person.id);
});
afterEach(() => t.app.close());

const setRole = (
  caller: Pick<TestUser, 'auth'>,
  memberId: string,
  role: unknown,
  workspaceId = owner.workspaceId,
) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/workspace/${workspaceId}/member/${memberId}/role`,
    headers: caller.auth,
    payload: { role },
  });
const auditLog = (caller: Pick<TestUser, 'auth'>) =>
  t.app.inject({ method: 'GET', url: `/api/workspace/${owner.workspaceId}/audit`, headers: caller.auth });
const setBudget = (caller: Pick<TestUser, 'auth'>, memberId: string, monthlyWords: number | null) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/workspace/${owner.workspaceId}/member/${memberId}/budget`,
    headers: caller.auth,
    payload: { monthlyWords },
  });
const roleOf = async (caller: Pick<TestUser, 'auth'>, userId: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/workspace/${owner.workspaceId}/members`,
    headers: caller.auth,
  });
  return (res.json().members as { id: string; role: string }[]).find((member) => member.id === userId)?.role;
};
const entries = (action: string) =>
  t.app.db
    .select()
    .from(auditEntries)
    .where(and(eq(auditEntries.workspaceId, owner.workspaceId), eq(auditEntries.action, action)))
    .orderBy(asc(auditEntries.seq));

describe('changing a role', () => {
  it('makes a member an admin who may read the audit log at once, and a member again who may not', async () => {
    expect((await auditLog(person)).json().error.code).toBe('NOT_WORKSPACE_OWNER');

    const promoted = await setRole(owner, person.id, 'admin');
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(promoted.json()).toMatchObject({ id: person.id, role: 'admin', firstName: 'Pablo' });
    expect(await roleOf(person, person.id)).toBe('admin');
    // An admin takes a seat as a member does.
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/workspace/${owner.workspaceId}/members`,
      headers: owner.auth,
    });
    expect(list.json().seatsUsed).toBe(1);
    expect((await auditLog(person)).statusCode).toBe(200);

    const demoted = await setRole(owner, person.id, 'member');
    expect(demoted.json().role).toBe('member');
    expect((await auditLog(person)).json().error.code).toBe('NOT_WORKSPACE_OWNER');

    const changes = await entries('member.role_changed');
    expect(changes.map((entry) => [entry.actorUserId, entry.targetId, entry.before, entry.after])).toEqual([
      [owner.id, person.id, { role: 'member' }, { role: 'admin' }],
      [owner.id, person.id, { role: 'admin' }, { role: 'member' }],
    ]);
    expect((await verifyAuditChain(t.app.db, owner.workspaceId)).valid).toBe(true);
  });

  it('records nothing when the role is already the one asked for', async () => {
    expect((await setRole(owner, person.id, 'member')).statusCode).toBe(200);
    expect(await entries('member.role_changed')).toEqual([]);
  });

  it("is the owner's alone, never on the owner, and 404 for someone who is not a member", async () => {
    const admin = await createUser(t.app);
    await addMember(t.app, owner.workspaceId, admin.id, 'admin');
    for (const caller of [admin, person]) {
      const refused = await setRole(caller, person.id, 'admin');
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe('NOT_WORKSPACE_OWNER');
    }
    const own = await setRole(owner, owner.id, 'member');
    expect(own.statusCode).toBe(409);
    expect(own.json().error.code).toBe('OWNER_ROLE_FIXED');
    const stranger = await createUser(t.app);
    expect((await setRole(owner, stranger.id, 'admin')).statusCode).toBe(404);
    // Ownership is not a role one is given.
    expect((await setRole(owner, person.id, 'owner')).statusCode).toBe(400);
    // Someone else's workspace does not exist for the owner of this one.
    expect((await setRole(owner, person.id, 'admin', stranger.workspaceId)).statusCode).toBe(404);
    expect(await roleOf(owner, person.id)).toBe('member');
    expect(await roleOf(owner, owner.id)).toBe('owner');
  });

  it("caps an admin's API key by the admin's current role, from the next request", async () => {
    await setRole(owner, person.id, 'admin');
    const made = await t.app.inject({
      method: 'POST',
      url: `/api/workspace/${owner.workspaceId}/api-keys`,
      headers: person.auth,
      payload: { name: 'Integración', scopes: ['write'] },
    });
    expect(made.statusCode, made.body).toBe(201);
    const key = { authorization: `Bearer ${made.json().key}` };
    const rules = (payload: { rules: { kind: string; phrase: string }[] }) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/workspace/${owner.workspaceId}/style-rules`,
        headers: key,
        payload,
      });
    expect((await rules({ rules: [{ kind: 'ban', phrase: 'revolucionario' }] })).statusCode).toBe(200);

    await setRole(owner, person.id, 'member');
    const refused = await rules({ rules: [] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('NOT_WORKSPACE_OWNER');
  });

  it('never interleaves with an admin setting budgets: each budget is set before the demotion or refused after it', async () => {
    await setRole(owner, person.id, 'admin');
    const members = await Promise.all(Array.from({ length: 6 }, () => createUser(t.app)));
    for (const member of members) await addMember(t.app, owner.workspaceId, member.id);

    const [demotion, ...budgets] = await Promise.all([
      setRole(owner, person.id, 'member'),
      ...members.map((member, i) => setBudget(person, member.id, 1000 + i)),
    ]);
    expect(demotion.statusCode).toBe(200);
    for (const res of budgets) expect([200, 403], res.body).toContain(res.statusCode);

    const [roleChange] = await entries('member.role_changed').then((all) => all.slice(-1));
    const set = await entries('budget.changed');
    // Every budget that was set is recorded before the demotion, none after it.
    expect(set).toHaveLength(budgets.filter((res) => res.statusCode === 200).length);
    for (const entry of set) expect(entry.seq).toBeLessThan(roleChange!.seq);

    const after = await setBudget(person, members[0]!.id, 5);
    expect(after.statusCode).toBe(403);
    expect(after.json().error.code).toBe('NOT_WORKSPACE_OWNER');
  });
});

describe('what an admin may do to people', () => {
  let admin: TestUser;
  beforeEach(async () => {
    admin = await createUser(t.app);
    await addMember(t.app, owner.workspaceId, admin.id, 'admin');
  });

  const remove = (caller: TestUser, memberId: string) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/workspace/${owner.workspaceId}/remove-invited-user/${memberId}`,
      headers: caller.auth,
    });

  it('removes a member but not another admin nor the owner; the owner removes an admin', async () => {
    const other = await createUser(t.app);
    await addMember(t.app, owner.workspaceId, other.id, 'admin');
    for (const target of [other.id, owner.id]) {
      const refused = await remove(admin, target);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe('MEMBER_REMOVAL_FORBIDDEN');
    }
    expect((await remove(admin, person.id)).statusCode).toBe(204);
    expect((await remove(owner, other.id)).statusCode).toBe(204);
    const [removed] = (await entries('member.removed')).filter((entry) => entry.targetId === other.id);
    expect(removed!.before).toEqual({ role: 'admin' });
  });

  it("sets members' budgets, but not their own, another admin's or the owner's", async () => {
    expect((await setBudget(admin, person.id, 1000)).statusCode).toBe(200);
    for (const target of [admin.id, owner.id]) {
      const refused = await setBudget(admin, target, 1000);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe('NOT_WORKSPACE_OWNER');
    }
    expect((await setBudget(owner, admin.id, 1000)).statusCode).toBe(200);
  });

  it("sees everyone's words in the usage breakdown, as the owner does", async () => {
    const breakdown = await t.app.inject({
      method: 'GET',
      url: `/api/workspace/${owner.workspaceId}/usage/breakdown`,
      headers: admin.auth,
    });
    expect(breakdown.statusCode).toBe(200);
    const ids = (breakdown.json().members as { userId: string }[]).map((member) => member.userId);
    expect(ids).toEqual(expect.arrayContaining([owner.id, person.id, admin.id]));
  });
});
