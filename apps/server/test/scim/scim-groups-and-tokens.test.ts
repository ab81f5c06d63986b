import { and, asc, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditEntries, memberships, scimTokens, users } from '../../src/db/schema.ts';
import { hashSecret } from '../../src/lib/secrets.ts';
import { addMember, createUser, setPlan, type TestUser } from '../helpers/factories.ts';
import { listeningApp, type ListeningApp } from '../helpers/listening-app.ts';
import {
  ERROR_SCHEMA,
  GROUP_SCHEMA,
  enterpriseToken,
  newUser,
  patchOp,
  scimClient,
  type ScimClient,
} from './scim-helpers.ts';

let t: ListeningApp;
let owner: TestUser;

beforeEach(async () => {
  t = await listeningApp();
  owner = t.ana;
});
afterEach(() => t.close());

const settings = (user: TestUser, workspaceId = owner.workspaceId) =>
  t.app.inject({ method: 'GET', url: `/api/workspace/${workspaceId}/scim`, headers: user.auth });
const rotate = (user: TestUser) =>
  t.app.inject({ method: 'POST', url: `/api/workspace/${owner.workspaceId}/scim/token`, headers: user.auth });
const revoke = (user: TestUser) =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/workspace/${owner.workspaceId}/scim/token`,
    headers: user.auth,
  });

describe('the SCIM token', () => {
  it('is for Enterprise workspaces only, and for their owner only', async () => {
    expect((await settings(owner)).json()).toMatchObject({ available: false, token: null });
    const refused = await rotate(owner);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('PLAN_REQUIRED');

    await setPlan(t.app, owner.workspaceId, 'enterprise');
    const member = await createUser(t.app);
    await addMember(t.app, owner.workspaceId, member.id);
    expect((await rotate(member)).statusCode).toBe(403);
    expect((await settings(member)).statusCode).toBe(403);
    expect((await settings(await createUser(t.app))).statusCode).toBe(404);
  });

  it('is shown once, stored as a hash, works until rotated or revoked, and records its last use', async () => {
    const first = await enterpriseToken(t.app, owner);
    const [stored] = await t.app.db
      .select()
      .from(scimTokens)
      .where(eq(scimTokens.workspaceId, owner.workspaceId));
    expect(stored!.tokenHash).toBe(hashSecret(first));
    expect(JSON.stringify(stored)).not.toContain(first);
    const shown = (await settings(owner)).json();
    expect(shown).toMatchObject({
      available: true,
      baseUrl: `${t.app.config.APP_URL}/scim/v2`,
      token: { prefix: first.slice(0, 12), lastUsedAt: null },
    });
    expect(JSON.stringify(shown)).not.toContain(first);

    expect((await scimClient(t.base, first)('GET', '/Users')).status).toBe(200);
    expect((await settings(owner)).json().token.lastUsedAt).not.toBeNull();

    const second = (await rotate(owner)).json().token as string;
    expect((await scimClient(t.base, first)('GET', '/Users')).status).toBe(401);
    expect((await scimClient(t.base, second)('GET', '/Users')).status).toBe(200);

    expect((await revoke(owner)).statusCode).toBe(204);
    const after = await scimClient(t.base, second)('GET', '/Users');
    expect(after.status).toBe(401);
    expect(after.body).toMatchObject({ schemas: [ERROR_SCHEMA], status: '401' });
    expect((await revoke(owner)).statusCode).toBe(404);
  });

  it('refuses a request without a token, and a workspace no longer Enterprise, in SCIM errors', async () => {
    const token = await enterpriseToken(t.app, owner);
    const none = await fetch(`${t.base}/scim/v2/Users`);
    expect(none.status).toBe(401);
    expect(none.headers.get('content-type')).toMatch(/^application\/scim\+json/);
    expect((await none.json()).schemas).toEqual([ERROR_SCHEMA]);
    // A sign-in token or an API key is not a SCIM token.
    expect((await fetch(`${t.base}/scim/v2/Users`, { headers: owner.auth })).status).toBe(401);

    await setPlan(t.app, owner.workspaceId, 'pro_monthly');
    const downgraded = await scimClient(t.base, token)('GET', '/Users');
    expect(downgraded.status).toBe(403);
    expect(downgraded.body.detail).toMatch(/Enterprise/);
  });

  it("limits a token's requests a minute, answering 429 in SCIM's error format with Retry-After", async () => {
    await t.close();
    t = await listeningApp({ RATE_LIMIT_SCIM_REQUESTS_PER_MINUTE: '3' });
    owner = t.ana;
    const token = await enterpriseToken(t.app, owner);
    const scim = scimClient(t.base, token);
    for (let i = 0; i < 3; i++) expect((await scim('GET', '/Users')).status).toBe(200);
    const limited = await fetch(`${t.base}/scim/v2/Users`, { headers: { authorization: `Bearer ${token}` } });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('content-type')).toMatch(/^application\/scim\+json/);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await limited.json()).schemas).toEqual([ERROR_SCHEMA]);
  });

  it('tells the identity provider what the service does', async () => {
    const scim = scimClient(t.base, await enterpriseToken(t.app, owner));
    const config = await scim('GET', '/ServiceProviderConfig');
    expect(config.contentType).toMatch(/^application\/scim\+json/);
    expect(config.body).toMatchObject({
      patch: { supported: true },
      filter: { supported: true },
      bulk: { supported: false },
    });
    const types = await scim('GET', '/ResourceTypes');
    expect(types.body.Resources.map((r: { name: string }) => r.name)).toEqual(['User', 'Group']);
    const schemas = await scim('GET', '/Schemas');
    expect(schemas.body.Resources.map((s: { id: string }) => s.id)).toEqual(
      expect.arrayContaining(['urn:ietf:params:scim:schemas:core:2.0:User', GROUP_SCHEMA]),
    );
  });
});

/** The owner's SCIM client on Enterprise and two Users it provisioned, `<prefix>1@` and `<prefix>2@example.com`. */
async function twoUsers(prefix: string) {
  const scim = scimClient(t.base, await enterpriseToken(t.app, owner));
  const userIds: string[] = [];
  for (const n of [1, 2])
    userIds.push((await scim('POST', '/Users', newUser(`${prefix}${n}@example.com`))).body.id);
  return { scim, userIds };
}

describe('groups', () => {
  let scim: ScimClient;
  let userIds: string[] = [];
  beforeEach(async () => {
    ({ scim, userIds } = await twoUsers('g'));
  });

  const memberValues = (group: { members?: { value: string }[] }) =>
    (group.members ?? []).map((member) => member.value).sort();

  it('are created with members, found by displayName, and changed with Entra ID and RFC PatchOps', async () => {
    const created = await scim('POST', '/Groups', {
      schemas: [GROUP_SCHEMA],
      displayName: 'Marketing',
      members: [{ value: userIds[0] }],
    });
    expect(created.status).toBe(201);
    expect(created.body.members).toEqual([{ value: userIds[0], display: 'g1@example.com', type: 'User' }]);
    const id = created.body.id as string;
    const found = await scim('GET', `/Groups?filter=${encodeURIComponent('displayName eq "Marketing"')}`);
    expect(found.body).toMatchObject({ totalResults: 1, Resources: [{ id }] });

    const added = await scim(
      'PATCH',
      `/Groups/${id}`,
      patchOp({ op: 'Add', path: 'members', value: [{ value: userIds[1] }] }),
    );
    expect(added.status).toBe(200);
    expect(memberValues(added.body)).toEqual([...userIds].sort());
    const removed = await scim(
      'PATCH',
      `/Groups/${id}`,
      patchOp({ op: 'remove', path: `members[value eq "${userIds[0]}"]` }),
    );
    expect(memberValues(removed.body)).toEqual([userIds[1]]);
    const renamed = await scim(
      'PATCH',
      `/Groups/${id}`,
      patchOp({ op: 'Replace', path: 'displayName', value: 'Ventas' }),
    );
    expect(renamed.body.displayName).toBe('Ventas');
  });

  it('grant membership and nothing more when no group is named admin: deleting one leaves its members members', async () => {
    const created = await scim('POST', '/Groups', {
      schemas: [GROUP_SCHEMA],
      displayName: 'Todos',
      members: userIds.map((value) => ({ value })),
    });
    const roles = async () =>
      (
        await t.app.db
          .select({ role: memberships.role })
          .from(memberships)
          .where(eq(memberships.workspaceId, owner.workspaceId))
      )
        .map((row) => row.role)
        .sort();
    expect(await roles()).toEqual(['member', 'member', 'owner']);
    expect((await scim('DELETE', `/Groups/${created.body.id}`)).status).toBe(204);
    expect((await scim('GET', `/Groups/${created.body.id}`)).status).toBe(404);
    expect(await roles()).toEqual(['member', 'member', 'owner']);
  });

  it('refuse a member that is not a User of this workspace, and a name taken', async () => {
    const other = await createUser(t.app);
    const otherScim = scimClient(t.base, await enterpriseToken(t.app, other));
    const foreign = (await otherScim('POST', '/Users', newUser('foreign@example.com'))).body.id;
    const refused = await scim('POST', '/Groups', {
      schemas: [GROUP_SCHEMA],
      displayName: 'X',
      members: [{ value: foreign }],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.scimType).toBe('invalidValue');
    expect((await scim('POST', '/Groups', { schemas: [GROUP_SCHEMA], displayName: 'X' })).status).toBe(201);
    const taken = await scim('POST', '/Groups', { schemas: [GROUP_SCHEMA], displayName: 'X' });
    expect(taken.status).toBe(409);
    expect(taken.body.scimType).toBe('uniqueness');
    expect((await otherScim('GET', '/Groups')).body.totalResults).toBe(0);
  });
});

describe('groups mapped to roles', () => {
  let scim: ScimClient;
  let userIds: string[] = [];
  beforeEach(async () => {
    ({ scim, userIds } = await twoUsers('r'));
  });

  const setAdminGroups = (user: TestUser, adminGroups: string[]) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/workspace/${owner.workspaceId}/scim/admin-groups`,
      headers: user.auth,
      payload: { adminGroups },
    });
  /** Each address's role in the workspace, the owner's included. */
  const roles = async () =>
    Object.fromEntries(
      (
        await t.app.db
          .select({ email: users.email, role: memberships.role })
          .from(memberships)
          .innerJoin(users, eq(users.id, memberships.userId))
          .where(eq(memberships.workspaceId, owner.workspaceId))
      ).map((row) => [row.email, row.role]),
    );
  const roleChanges = async () =>
    (
      await t.app.db
        .select()
        .from(auditEntries)
        .where(
          and(
            eq(auditEntries.workspaceId, owner.workspaceId),
            eq(auditEntries.action, 'member.role_changed'),
          ),
        )
        .orderBy(asc(auditEntries.seq))
    ).map((entry) => [entry.actorKind, entry.targetLabel, entry.before, entry.after]);

  it('make the members of a group the workspace names admins, and members again when they leave it', async () => {
    const saved = await setAdminGroups(owner, ['Redacta Admins', ' redacta admins ']);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().adminGroups).toEqual(['Redacta Admins']);

    // Names are compared ignoring case, as providers spell them as they like.
    const created = await scim('POST', '/Groups', {
      schemas: [GROUP_SCHEMA],
      displayName: 'REDACTA ADMINS',
      members: [{ value: userIds[0] }],
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    expect(await roles()).toMatchObject({ 'r1@example.com': 'admin', 'r2@example.com': 'member' });

    await scim(
      'PATCH',
      `/Groups/${id}`,
      patchOp({ op: 'Add', path: 'members', value: [{ value: userIds[1] }] }),
    );
    await scim(
      'PATCH',
      `/Groups/${id}`,
      patchOp({ op: 'remove', path: `members[value eq "${userIds[0]}"]` }),
    );
    expect(await roles()).toMatchObject({ 'r1@example.com': 'member', 'r2@example.com': 'admin' });

    // A deactivated admin comes back an admin: their groups are still theirs.
    await scim('PATCH', `/Users/${userIds[1]}`, patchOp({ op: 'replace', path: 'active', value: false }));
    expect((await roles())['r2@example.com']).toBeUndefined();
    await scim('PATCH', `/Users/${userIds[1]}`, patchOp({ op: 'replace', path: 'active', value: true }));
    expect((await roles())['r2@example.com']).toBe('admin');

    // Renaming the group out of the list, or deleting it, makes its members members.
    await scim('PATCH', `/Groups/${id}`, patchOp({ op: 'Replace', path: 'displayName', value: 'Ventas' }));
    expect((await roles())['r2@example.com']).toBe('member');
    await scim(
      'PATCH',
      `/Groups/${id}`,
      patchOp({ op: 'Replace', path: 'displayName', value: 'Redacta Admins' }),
    );
    expect((await roles())['r2@example.com']).toBe('admin');
    expect((await scim('DELETE', `/Groups/${id}`)).status).toBe(204);
    expect((await roles())['r2@example.com']).toBe('member');

    expect(await roleChanges()).toEqual([
      ['scim', 'Lucía Martín', { role: 'member' }, { role: 'admin' }],
      ['scim', 'Lucía Martín', { role: 'member' }, { role: 'admin' }],
      ['scim', 'Lucía Martín', { role: 'admin' }, { role: 'member' }],
      ['scim', 'Lucía Martín', { role: 'admin' }, { role: 'member' }],
      ['scim', 'Lucía Martín', { role: 'member' }, { role: 'admin' }],
      ['scim', 'Lucía Martín', { role: 'admin' }, { role: 'member' }],
    ]);
  });

  it('apply to everyone SCIM provisioned as soon as the list is saved, and never to the owner', async () => {
    const ownerUser = (await scim('POST', '/Users', newUser(owner.email))).body.id as string;
    await scim('POST', '/Groups', {
      schemas: [GROUP_SCHEMA],
      displayName: 'Dirección',
      members: [{ value: userIds[0] }, { value: ownerUser }],
    });
    expect(await roles()).toMatchObject({ 'r1@example.com': 'member', [owner.email]: 'owner' });

    expect((await setAdminGroups(owner, ['Dirección'])).statusCode).toBe(200);
    expect(await roles()).toMatchObject({ 'r1@example.com': 'admin', [owner.email]: 'owner' });
    expect((await setAdminGroups(owner, [])).statusCode).toBe(200);
    expect(await roles()).toMatchObject({ 'r1@example.com': 'member', [owner.email]: 'owner' });
    const changes = await t.app.db
      .select()
      .from(auditEntries)
      .where(
        and(
          eq(auditEntries.workspaceId, owner.workspaceId),
          eq(auditEntries.action, 'scim.admin_groups_changed'),
        ),
      );
    expect(changes.map((entry) => [entry.before, entry.after])).toEqual([
      [{ adminGroups: [] }, { adminGroups: ['Dirección'] }],
      [{ adminGroups: ['Dirección'] }, { adminGroups: [] }],
    ]);
  });

  it('are named by the owner or an admin, not by a member', async () => {
    const member = await createUser(t.app);
    await addMember(t.app, owner.workspaceId, member.id);
    const refused = await setAdminGroups(member, ['Todos']);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('NOT_WORKSPACE_OWNER');
    const admin = await createUser(t.app);
    await addMember(t.app, owner.workspaceId, admin.id, 'admin');
    expect((await setAdminGroups(admin, ['Todos'])).json().adminGroups).toEqual(['Todos']);
  });
});
