import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditEntries, memberships, projects, users } from '../../src/db/schema.ts';
import { verifyAuditChain } from '../../src/modules/audit/index.ts';
import { addMember, createUser, type TestUser } from '../helpers/factories.ts';
import { listeningApp, type ListeningApp } from '../helpers/listening-app.ts';
import { insertProject } from '../helpers/project-factories.ts';
import { connect, synced, until, type LiveClient } from '../collab/live-client.ts';
import { follow } from '../chat/live-helpers.ts';
import {
  ERROR_SCHEMA,
  enterpriseToken,
  newUser,
  patchOp,
  scimClient,
  USER_SCHEMA,
  type ScimClient,
} from './scim-helpers.ts';

let t: ListeningApp;
let owner: TestUser;
let scim: ScimClient;
const clients: LiveClient[] = [];

beforeEach(async () => {
  t = await listeningApp();
  owner = t.ana;
  scim = scimClient(t.base, await enterpriseToken(t.app, owner, 3));
});
afterEach(async () => {
  clients.splice(0).forEach((client) => client.destroy());
  await t.close();
});

const isMember = async (userId: string) =>
  (
    await t.app.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.workspaceId, owner.workspaceId), eq(memberships.userId, userId)))
  ).length === 1;

/** An existing account the identity provider then provisions into the workspace by its address. */
async function provisioned(): Promise<{ person: TestUser; id: string }> {
  const person = await createUser(t.app);
  const created = await scim('POST', '/Users', newUser(person.email));
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { person, id: created.body.id };
}

/** The person's next request to the workspace, with their still-valid session. */
const membersAs = (person: TestUser) =>
  fetch(`${t.base}/api/workspace/${owner.workspaceId}/members`, { headers: person.auth });

describe('provisioning users', () => {
  it('creates the account of a new address and makes it a member, in SCIM JSON', async () => {
    const created = await scim(
      'POST',
      '/Users',
      newUser('Lucia.Martin@Example.com', { externalId: 'entra-1' }),
    );
    expect(created.status).toBe(201);
    expect(created.contentType).toMatch(/^application\/scim\+json/);
    expect(created.body).toMatchObject({
      schemas: [USER_SCHEMA],
      userName: 'lucia.martin@example.com',
      externalId: 'entra-1',
      active: true,
      name: { givenName: 'Lucía', familyName: 'Martín' },
      meta: { resourceType: 'User' },
    });
    const [account] = await t.app.db.select().from(users).where(eq(users.email, 'lucia.martin@example.com'));
    expect(account).toMatchObject({ firstName: 'Lucía', lastName: 'Martín' });
    expect(await isMember(account!.id)).toBe(true);
    const read = await scim('GET', `/Users/${created.body.id}`);
    expect(read.body).toMatchObject({
      id: created.body.id,
      userName: 'lucia.martin@example.com',
      active: true,
    });

    const again = await scim('POST', '/Users', newUser('lucia.martin@example.com'));
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ schemas: [ERROR_SCHEMA], status: '409', scimType: 'uniqueness' });
  });

  it('refuses a user over the seats with a SCIM 409 that says so, and adds nobody', async () => {
    for (const n of [1, 2, 3])
      expect((await scim('POST', '/Users', newUser(`p${n}@example.com`))).status).toBe(201);
    const over = await scim('POST', '/Users', newUser('p4@example.com'));
    expect(over.status).toBe(409);
    expect(over.body.schemas).toEqual([ERROR_SCHEMA]);
    expect(over.body.detail).toMatch(/seats/);
    expect((await scim('GET', '/Users')).body.totalResults).toBe(3);
  });

  it('gives the last seat to one of two creates at once, never to both', async () => {
    for (const n of [1, 2]) await scim('POST', '/Users', newUser(`p${n}@example.com`));
    const answers = await Promise.all(
      ['a', 'b'].map((tag) => scim('POST', '/Users', newUser(`last-${tag}@example.com`))),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const members = await t.app.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.workspaceId, owner.workspaceId), eq(memberships.role, 'member')));
    expect(members).toHaveLength(3);
  });

  it('refuses what our rules refuse: an address that is not one, a name that cannot be stored', async () => {
    const notEmail = await scim('POST', '/Users', newUser('lucia'));
    expect(notEmail.status).toBe(400);
    expect(notEmail.body).toMatchObject({ schemas: [ERROR_SCHEMA], scimType: 'invalidValue' });
    const badName = await scim(
      'POST',
      '/Users',
      newUser('x@example.com', { name: { givenName: 'a\u0000b' } }),
    );
    expect(badName.status).toBe(400);
  });

  it('finds a user with filter=userName eq "…", whatever the case, and pages with startIndex and count', async () => {
    for (const n of [1, 2, 3]) await scim('POST', '/Users', newUser(`p${n}@example.com`));
    const found = await scim('GET', `/Users?filter=${encodeURIComponent('userName eq "P2@Example.com"')}`);
    expect(found.body).toMatchObject({ totalResults: 1, Resources: [{ userName: 'p2@example.com' }] });
    const none = await scim('GET', `/Users?filter=${encodeURIComponent('userName eq "nobody@example.com"')}`);
    expect(none.body).toMatchObject({ totalResults: 0 });
    expect(none.body.Resources ?? []).toEqual([]);

    const first = await scim('GET', '/Users?startIndex=1&count=2');
    expect(first.body).toMatchObject({ totalResults: 3, startIndex: 1, itemsPerPage: 2 });
    expect(first.body.Resources.map((u: { userName: string }) => u.userName)).toEqual([
      'p1@example.com',
      'p2@example.com',
    ]);
    const second = await scim('GET', '/Users?startIndex=3&count=2');
    expect(second.body.Resources.map((u: { userName: string }) => u.userName)).toEqual(['p3@example.com']);
  });

  it('lets no token see another workspace: its users are 404 and absent from its lists', async () => {
    const { id } = await provisioned();
    const other = await createUser(t.app);
    const otherScim = scimClient(t.base, await enterpriseToken(t.app, other));
    expect((await otherScim('GET', `/Users/${id}`)).status).toBe(404);
    expect(
      (await otherScim('PATCH', `/Users/${id}`, patchOp({ op: 'replace', value: { active: false } }))).status,
    ).toBe(404);
    expect((await otherScim('DELETE', `/Users/${id}`)).status).toBe(404);
    expect((await otherScim('GET', '/Users')).body.totalResults).toBe(0);
    expect((await scim('GET', `/Users/${id}`)).body.active).toBe(true);
  });

  it('replaces names with PUT and keeps the address, which cannot change', async () => {
    const { person, id } = await provisioned();
    const put = await scim(
      'PUT',
      `/Users/${id}`,
      newUser(person.email, { name: { givenName: 'Lu', familyName: 'M' } }),
    );
    expect(put.status).toBe(200);
    expect(put.body.name).toEqual({ givenName: 'Lu', familyName: 'M' });
    const moved = await scim('PUT', `/Users/${id}`, newUser('elsewhere@example.com'));
    expect(moved.status).toBe(400);
    expect(moved.body.scimType).toBe('mutability');
  });

  it('links an existing member sent as inactive by removing them', async () => {
    const person = await createUser(t.app);
    await addMember(t.app, owner.workspaceId, person.id);
    const linked = await scim('POST', '/Users', newUser(person.email, { active: false }));
    expect(linked.status).toBe(201);
    expect(linked.body.active).toBe(false);
    expect(await isMember(person.id)).toBe(false);
  });

  it('will not deactivate the workspace owner', async () => {
    const linked = await scim('POST', '/Users', newUser(owner.email));
    expect(linked.status).toBe(201);
    const off = await scim(
      'PATCH',
      `/Users/${linked.body.id}`,
      patchOp({ op: 'replace', value: { active: false } }),
    );
    expect(off.status, JSON.stringify(off.body)).toBe(409);
    expect(await isMember(owner.id)).toBe(true);
  });
});

describe('deactivation removes the member at once', () => {
  it('Entra ID shape: their next request is 404, their live document closes within a second, their private project passes to the owner', async () => {
    const { person, id } = await provisioned();
    const shared = await insertProject(t.app, owner, { isShared: true });
    const privateOne = await insertProject(t.app, person, { workspaceId: owner.workspaceId });
    expect((await membersAs(person)).status).toBe(200);
    const live = connect(t.app, shared.id, person.accessToken);
    clients.push(live);
    await synced(live);

    const off = await scim(
      'PATCH',
      `/Users/${id}`,
      patchOp({ op: 'Replace', path: 'active', value: 'False' }),
    );
    expect(off.status).toBe(200);
    expect(off.body.active).toBe(false);
    const took = await until(() => live.refusals.includes('forbidden'), 'the live document to close', 1000);
    expect(took).toBeLessThan(1000);
    await until(() => live.socketCloses.length > 0, 'the socket to close', 1000);
    expect(live.socketCloses[0]).toEqual({ code: 4403, reason: 'forbidden' });
    expect((await membersAs(person)).status).toBe(404);
    const [handedOver] = await t.app.db.select().from(projects).where(eq(projects.id, privateOne.id));
    expect(handedOver!.createdBy).toBe(owner.id);
    // The provider still reads them, inactive, under the same id.
    expect((await scim('GET', `/Users/${id}`)).body).toMatchObject({ id, active: false });
  });

  it('Okta shape: a live conversation they follow ends within a second; reactivation adds them back', async () => {
    const { person, id } = await provisioned();
    const shared = await insertProject(t.app, owner, { isShared: true });
    const follower = await follow(t.base, person, shared.id);
    await follower.until((part) => part.type === 'replies');

    const off = await scim('PATCH', `/Users/${id}`, patchOp({ op: 'replace', value: { active: false } }));
    expect(off.body.active).toBe(false);
    expect(await follower.until((part) => part.type === 'closed', 1000)).toEqual({
      type: 'closed',
      reason: 'access',
    });
    await follower.ended;
    expect(await isMember(person.id)).toBe(false);

    const on = await scim('PATCH', `/Users/${id}`, patchOp({ op: 'replace', value: { active: true } }));
    expect(on.body.active).toBe(true);
    expect((await membersAs(person)).status).toBe(200);
  });

  it('PUT with active false removes them too, and DELETE removes them and forgets the user', async () => {
    const first = await provisioned();
    const put = await scim('PUT', `/Users/${first.id}`, newUser(first.person.email, { active: false }));
    expect(put.body.active).toBe(false);
    expect(await isMember(first.person.id)).toBe(false);

    const second = await provisioned();
    const live = connect(
      t.app,
      (await insertProject(t.app, owner, { isShared: true })).id,
      second.person.accessToken,
    );
    clients.push(live);
    await synced(live);
    expect((await scim('DELETE', `/Users/${second.id}`)).status).toBe(204);
    await until(() => live.refusals.includes('forbidden'), 'the live document to close', 1000);
    expect(await isMember(second.person.id)).toBe(false);
    expect((await scim('GET', `/Users/${second.id}`)).status).toBe(404);
    // The account itself stays: it may be theirs elsewhere.
    expect((await t.app.db.select().from(users).where(eq(users.id, second.person.id))).length).toBe(1);

    // The audit log has the token made by the owner, then each provisioning and removal done by "SCIM".
    const logged = await t.app.db
      .select({ action: auditEntries.action, actor: auditEntries.actorLabel, target: auditEntries.targetId })
      .from(auditEntries)
      .where(eq(auditEntries.workspaceId, owner.workspaceId))
      .orderBy(auditEntries.seq);
    expect(
      logged.filter((entry) => entry.action.startsWith('scim.') || entry.action === 'member.removed'),
    ).toEqual([
      // The token the identity provider uses, made by the owner.
      { action: 'scim.token_created', actor: 'Ana García', target: expect.any(String) },
      { action: 'scim.member_joined', actor: 'SCIM', target: first.person.id },
      { action: 'member.removed', actor: 'SCIM', target: first.person.id },
      { action: 'scim.member_joined', actor: 'SCIM', target: second.person.id },
      { action: 'member.removed', actor: 'SCIM', target: second.person.id },
    ]);
    expect(await verifyAuditChain(t.app.db, owner.workspaceId)).toMatchObject({ valid: true });
  });
});
