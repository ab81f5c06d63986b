import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { memberships, projects, subscriptions, workspaces } from '../../src/db/schema.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { addMember, createUser, type TestUser } from '../helpers/factories.ts';
import { insertConversation, insertProject } from '../helpers/project-factories.ts';

/*
 * docs/product.md, "Your data": the owner deletes a workspace by typing its name; everything in it
 * goes at once, members lose access on their next request, and everyone keeps a workspace.
 */

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.app.close());

const remove = (user: TestUser, workspaceId: string, name: string) =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/workspace/${workspaceId}`,
    headers: user.auth,
    payload: { name },
  });

async function teamWorkspace(owner: TestUser, name = 'Agencia Norte') {
  const [workspace] = await t.app.db.insert(workspaces).values({ name, ownerId: owner.id }).returning();
  await t.app.db.insert(memberships).values({ workspaceId: workspace!.id, userId: owner.id, role: 'owner' });
  return workspace!.id;
}

describe('deleting a workspace', () => {
  it('removes it with its projects; members lose access at once and keep their own workspaces', async () => {
    const owner = await createUser(t.app);
    const member = await createUser(t.app);
    const workspaceId = await teamWorkspace(owner);
    await addMember(t.app, workspaceId, member.id);
    const project = await insertProject(t.app, { ...member, workspaceId }, { isShared: true });
    await insertConversation(t.app, project.id, { ...member, workspaceId });
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/project/${project.id}`, headers: member.auth }))
        .statusCode,
    ).toBe(200);

    const res = await remove(owner, workspaceId, 'Agencia Norte');
    expect(res.statusCode, res.body).toBe(204);

    expect(
      (await t.app.inject({ method: 'GET', url: `/api/project/${project.id}`, headers: member.auth }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/workspace/${workspaceId}/usage`, headers: owner.auth }))
        .statusCode,
    ).toBe(404);
    expect(await t.app.db.select().from(projects).where(eq(projects.workspaceId, workspaceId))).toEqual([]);
    const list = await t.app.inject({ method: 'GET', url: '/api/workspace/list', headers: member.auth });
    expect(list.json().map((workspace: { id: string }) => workspace.id)).toEqual([member.workspaceId]);
  });

  it('gives a member left with no workspace a new personal one', async () => {
    const owner = await createUser(t.app);
    const member = await createUser(t.app, { locale: 'en' });
    const workspaceId = await teamWorkspace(owner);
    await addMember(t.app, workspaceId, member.id);
    await t.app.db.delete(workspaces).where(eq(workspaces.id, member.workspaceId));

    expect((await remove(owner, workspaceId, 'Agencia Norte')).statusCode).toBe(204);
    const list = await t.app.inject({ method: 'GET', url: '/api/workspace/list', headers: member.auth });
    expect(list.json()).toEqual([expect.objectContaining({ name: 'My workspace', ownerId: member.id })]);
  });

  it('needs the name typed as it is', async () => {
    const owner = await createUser(t.app);
    const workspaceId = await teamWorkspace(owner);
    const res = await remove(owner, workspaceId, 'Agencia Sur');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('WORKSPACE_NAME_MISMATCH');
    expect(await t.app.db.select().from(workspaces).where(eq(workspaces.id, workspaceId))).toHaveLength(1);
  });

  it('keeps the only workspace its owner has: the account goes with it instead', async () => {
    const owner = await createUser(t.app);
    const res = await remove(owner, owner.workspaceId, 'Mi espacio de trabajo');
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('LAST_WORKSPACE');
  });

  it('waits for a subscription that renews to be cancelled', async () => {
    const owner = await createUser(t.app);
    const workspaceId = await teamWorkspace(owner);
    await t.app.db.insert(subscriptions).values({
      workspaceId,
      provider: 'sandbox',
      externalId: 'sbx_sub_1',
      paymentType: 'MONTHLY',
      status: 'active',
    });
    const res = await remove(owner, workspaceId, 'Agencia Norte');
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('SUBSCRIPTION_EXISTS');
    await t.app.db
      .update(subscriptions)
      .set({ cancelAtPeriodEnd: true })
      .where(eq(subscriptions.workspaceId, workspaceId));
    expect((await remove(owner, workspaceId, 'Agencia Norte')).statusCode).toBe(204);
  });
});
