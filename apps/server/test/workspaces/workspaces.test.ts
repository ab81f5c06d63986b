import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { usageCounters } from '../../src/db/schema.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { addMember, createUser, setPlan } from '../helpers/factories.ts';
import { createTeam, insertProject } from '../helpers/project-factories.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ FREE_PLAN_WORDS: '2000' });
});
afterEach(() => t.app.close());

describe('GET /api/workspace/list', () => {
  it('needs a bearer token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/workspace/list' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
  });

  it('lists the personal workspace with owner, free plan and this month’s usage', async () => {
    const ana = await createUser(t.app, { email: 'ana@example.com', firstName: 'Ana', lastName: 'García' });
    const month = new Date().toISOString().slice(0, 7);
    await t.app.db
      .insert(usageCounters)
      .values({ workspaceId: ana.workspaceId, period: month, wordCount: 150 });

    const res = await t.app.inject({ method: 'GET', url: '/api/workspace/list', headers: ana.auth });
    expect(res.statusCode).toBe(200);
    const [workspace, ...others] = res.json();
    expect(others).toHaveLength(0);
    expect(workspace).toMatchObject({
      id: ana.workspaceId,
      name: 'Mi espacio de trabajo',
      ownerId: ana.id,
      owner: { id: ana.id, firstName: 'Ana', lastName: 'García', email: 'ana@example.com' },
      plan: 'free',
      isPro: false,
      isEnterprise: false,
      isGpt4TurnedOn: false,
      userSeats: 0,
      invitedUsers: [],
      premiumSubscription: null,
      workspaceUsage: { workspaceId: ana.workspaceId, wordCount: 150, limit: 2000, remaining: 1850 },
    });
    const resetsAt = new Date(workspace.workspaceUsage.resetsAt);
    expect(resetsAt.getUTCDate()).toBe(1);
    expect(resetsAt.getTime()).toBeGreaterThan(Date.now());
  });

  it('shows workspaces the user was added to, with their members, and unlimited words on Pro', async () => {
    const owner = await createUser(t.app, { locale: 'en' });
    const member = await createUser(t.app, { firstName: 'Luis', lastName: 'Pérez' });
    await setPlan(t.app, owner.workspaceId, 'pro_yearly');
    await addMember(t.app, owner.workspaceId, member.id);

    const res = await t.app.inject({ method: 'GET', url: '/api/workspace/list', headers: member.auth });
    const list = res.json();
    expect(list.map((w: { id: string }) => w.id).sort()).toEqual(
      [owner.workspaceId, member.workspaceId].sort(),
    );
    const shared = list.find((w: { id: string }) => w.id === owner.workspaceId);
    expect(shared).toMatchObject({
      name: 'My workspace',
      isPro: true,
      invitedUsers: [{ id: member.id, firstName: 'Luis', lastName: 'Pérez' }],
      workspaceUsage: { limit: null, remaining: null },
    });
  });

  it('never lists another user’s workspace', async () => {
    const ana = await createUser(t.app);
    const bob = await createUser(t.app);
    const res = await t.app.inject({ method: 'GET', url: '/api/workspace/list', headers: bob.auth });
    expect(res.json().map((w: { id: string }) => w.id)).toEqual([bob.workspaceId]);
    expect(JSON.stringify(res.json())).not.toContain(ana.workspaceId);
  });
});

describe('GET /api/workspace/list: the newest project of each workspace', () => {
  const newestIn = async (auth: Record<string, string>, workspaceId: string) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/workspace/list', headers: auth });
    return res.json().find((w: { id: string }) => w.id === workspaceId).newestProjectId as string | null;
  };
  const firstRecent = async (auth: Record<string, string>, workspaceId: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/workspace/${workspaceId}/projects?sort=updatedAt&order=desc&limit=5`,
      headers: auth,
    });
    return (res.json().items[0]?.id as string | undefined) ?? null;
  };

  it('is null without projects, then the first of the recent projects, for each member as they see them', async () => {
    const { owner, member, other, workspaceId } = await createTeam(t.app);
    expect(await newestIn(member.auth, workspaceId)).toBeNull();

    const at = (minutes: number) => new Date(Date.UTC(2026, 10, 20, 12, minutes));
    const older = await insertProject(t.app, member, { workspaceId, updatedAt: at(1) });
    const shared = await insertProject(t.app, other, { workspaceId, isShared: true, updatedAt: at(2) });
    // Two projects changed at the same instant: the order breaks the tie as the recent list does.
    const tiedA = await insertProject(t.app, owner, { workspaceId, updatedAt: at(3) });
    const tiedB = await insertProject(t.app, owner, { workspaceId, updatedAt: at(3) });
    // The newest of all is private to the other member: only they see it.
    const hidden = await insertProject(t.app, other, { workspaceId, updatedAt: at(4) });

    expect(await newestIn(member.auth, workspaceId)).toBe(shared.id);
    expect(await newestIn(other.auth, workspaceId)).toBe(hidden.id);
    expect([tiedA.id, tiedB.id]).toContain(await newestIn(owner.auth, workspaceId));
    for (const user of [owner, member, other]) {
      expect(await newestIn(user.auth, workspaceId)).toBe(await firstRecent(user.auth, workspaceId));
    }
    // Each workspace names its own: the member's personal one has none.
    expect(await newestIn(member.auth, member.workspaceId)).toBeNull();

    // Renaming a project makes it the newest.
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/project/rename/${older.id}`,
      headers: member.auth,
      payload: { name: 'Campaña de invierno' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(await newestIn(member.auth, workspaceId)).toBe(older.id);
  });
});

describe('PATCH /api/workspace/rename/:id', () => {
  it('renames the owner’s workspace and trims the name', async () => {
    const ana = await createUser(t.app);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/workspace/rename/${ana.workspaceId}`,
      headers: ana.auth,
      payload: { name: '  Agencia Norte  ' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: ana.workspaceId, name: 'Agencia Norte' });
    const list = await t.app.inject({ method: 'GET', url: '/api/workspace/list', headers: ana.auth });
    expect(list.json()[0].name).toBe('Agencia Norte');
  });

  it('gives 404 for a workspace of another user, and leaves it unchanged', async () => {
    const ana = await createUser(t.app);
    const bob = await createUser(t.app);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/workspace/rename/${ana.workspaceId}`,
      headers: bob.auth,
      payload: { name: 'Hijacked' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    const list = await t.app.inject({ method: 'GET', url: '/api/workspace/list', headers: ana.auth });
    expect(list.json()[0].name).toBe('Mi espacio de trabajo');
  });

  it('forbids members who are not the owner', async () => {
    const owner = await createUser(t.app);
    const member = await createUser(t.app);
    await addMember(t.app, owner.workspaceId, member.id);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/workspace/rename/${owner.workspaceId}`,
      headers: member.auth,
      payload: { name: 'Mine now' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: { code: 'NOT_WORKSPACE_OWNER' } });
  });

  it.each<[Record<string, unknown>, string]>([
    [{ name: '' }, 'empty'],
    [{ name: '   ' }, 'blank'],
    [{ name: '<script>' }, 'angle brackets'],
    [{ name: '---' }, 'no letters'],
    [{ name: 'x'.repeat(61) }, 'too long'],
    [{ name: 'Ok', plan: 'enterprise' }, 'unknown key'],
    [{}, 'missing'],
  ])('rejects %j (%s) with 400 and the error shape', async (payload, _why) => {
    const ana = await createUser(t.app);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/workspace/rename/${ana.workspaceId}`,
      headers: ana.auth,
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED', message: expect.any(String) } });
  });

  it.each([
    ['<script>', 'The signs < and > and control characters are not allowed. Remove: < >'],
    ['---', 'Include at least one letter or digit'],
  ])('says why %j is not a workspace name', async (name, why) => {
    const ana = await createUser(t.app);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/workspace/rename/${ana.workspaceId}`,
      headers: ana.auth,
      payload: { name },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(`Enter a valid workspace name: ${why}`);
  });

  it('rejects a malformed id with 400, not 500', async () => {
    const ana = await createUser(t.app);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/workspace/rename/not-a-uuid',
      headers: ana.auth,
      payload: { name: 'Ok' },
    });
    expect(res.statusCode).toBe(400);
  });

  it('rejects malformed JSON with 400 and the error shape', async () => {
    const ana = await createUser(t.app);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/workspace/rename/${ana.workspaceId}`,
      headers: { ...ana.auth, 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
  });
});

describe('GET /api/workspace/:id/usage', () => {
  it('returns usage for a member and 404 for anyone else', async () => {
    const ana = await createUser(t.app);
    const bob = await createUser(t.app);
    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/workspace/${ana.workspaceId}/usage`,
      headers: ana.auth,
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({
      workspaceId: ana.workspaceId,
      wordCount: 0,
      limit: 2000,
      remaining: 2000,
    });
    const theirs = await t.app.inject({
      method: 'GET',
      url: `/api/workspace/${ana.workspaceId}/usage`,
      headers: bob.auth,
    });
    expect(theirs.statusCode).toBe(404);
  });
});
