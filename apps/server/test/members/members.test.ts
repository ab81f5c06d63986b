import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { invitations, memberships, projects, promptUsage } from '../../src/db/schema.ts';
import { changeWorkspacePlan } from '../../src/modules/plans/service.ts';
import { builtInPromptId } from '../../src/modules/prompts/built-ins.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { addMember, createUser, type TestUser } from '../helpers/factories.ts';
import { signUp, type SignedIn } from '../helpers/login.ts';
import { insertFolder, insertProject } from '../helpers/project-factories.ts';
import {
  accept,
  errorOf,
  invited,
  makePro,
  pendingList,
  preview,
} from '../invitations/invitation-helpers.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.app.close());

type Caller = Pick<TestUser, 'auth'>;

const members = (user: Caller, workspaceId: string) =>
  t.app.inject({ method: 'GET', url: `/api/workspace/${workspaceId}/members`, headers: user.auth });
const remove = (user: Caller, workspaceId: string, memberId: string) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/workspace/${workspaceId}/remove-invited-user/${memberId}`,
    headers: user.auth,
  });
const leave = (user: Caller, workspaceId: string) =>
  t.app.inject({ method: 'POST', url: `/api/workspace/${workspaceId}/leave`, headers: user.auth });
const usage = (user: Caller, workspaceId: string) =>
  t.app.inject({ method: 'GET', url: `/api/workspace/${workspaceId}/usage`, headers: user.auth });
const workspaceIds = async (user: Caller): Promise<string[]> => {
  const res = await t.app.inject({ method: 'GET', url: '/api/workspace/list', headers: user.auth });
  expect(res.statusCode).toBe(200);
  return res.json().map((workspace: { id: string }) => workspace.id);
};

async function pendingInvitation(owner: TestUser, email: string) {
  await t.app.db.insert(invitations).values({
    workspaceId: owner.workspaceId,
    email,
    invitedBy: owner.id,
    tokenHash: randomBytes(32).toString('hex'),
    expiresAt: new Date(Date.now() + 7 * 86_400_000),
  });
}

/** A user signed in through the real routes, so they hold a refresh cookie. */
async function signedIn(email: string): Promise<SignedIn & { workspaceId: string }> {
  const session = await signUp(t.app, email);
  const [workspaceId] = await workspaceIds(session);
  return { ...session, workspaceId: workspaceId! };
}

describe('GET /api/workspace/:id/members', () => {
  it('lists the owner first, then members by joining date, with seats used counting pending invitations', async () => {
    const owner = await createUser(t.app, {
      firstName: 'Olga',
      lastName: 'Dueña',
      email: 'olga@example.com',
    });
    await changeWorkspacePlan(t.app.db, {
      workspaceId: owner.workspaceId,
      plan: 'pro_monthly',
      extraSeats: 2,
    });
    const first = await createUser(t.app, { firstName: 'Pía', email: 'pia@example.com' });
    const second = await createUser(t.app, {
      firstName: 'Quim',
      lastName: 'Ruiz',
      email: 'quim@example.com',
    });
    // Quim joined before Pía, though his account is newer.
    await t.app.db.insert(memberships).values([
      { workspaceId: owner.workspaceId, userId: first.id, role: 'member', createdAt: new Date('2026-03-02') },
      {
        workspaceId: owner.workspaceId,
        userId: second.id,
        role: 'member',
        createdAt: new Date('2026-03-01'),
      },
    ]);
    await pendingInvitation(owner, 'nuevo@example.com');

    const res = await members(second, owner.workspaceId);

    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ userSeats: 5, seatsUsed: 3 });
    expect(body.members.map((m: { email: string; role: string }) => [m.email, m.role])).toEqual([
      ['olga@example.com', 'owner'],
      ['quim@example.com', 'member'],
      ['pia@example.com', 'member'],
    ]);
    expect(body.members[0]).toMatchObject({ id: owner.id, firstName: 'Olga', lastName: 'Dueña' });
    expect(body.members[1]).toMatchObject({ id: second.id, firstName: 'Quim', lastName: 'Ruiz' });
    expect(body.members[1].joinedAt).toBe(new Date('2026-03-01').toISOString());
  });

  it('answers 404 to someone outside the workspace and for a workspace that does not exist', async () => {
    const owner = await createUser(t.app);
    const outsider = await createUser(t.app);
    expect((await members(outsider, owner.workspaceId)).statusCode).toBe(404);
    expect((await members(owner, randomUUID())).statusCode).toBe(404);
  });
});

describe('removing a member', () => {
  it('lets only the owner remove: another member gets 403 with its message, an outsider 404', async () => {
    const owner = await createUser(t.app);
    const member = await createUser(t.app);
    const other = await createUser(t.app);
    const outsider = await createUser(t.app);
    await addMember(t.app, owner.workspaceId, member.id);
    await addMember(t.app, owner.workspaceId, other.id);

    const refused = await remove(member, owner.workspaceId, other.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      error: { code: 'MEMBER_REMOVAL_FORBIDDEN', message: "You don't have permission to remove a member" },
    });
    expect((await remove(outsider, owner.workspaceId, other.id)).statusCode).toBe(404);
    expect((await members(other, owner.workspaceId)).statusCode).toBe(200);

    expect((await remove(owner, owner.workspaceId, other.id)).statusCode).toBe(204);
    const listed = (await members(owner, owner.workspaceId)).json();
    expect(listed.members.map((m: { id: string }) => m.id)).toEqual([owner.id, member.id]);
  });

  it('refuses to remove the owner, and answers 404 for someone who is not a member', async () => {
    const owner = await createUser(t.app);
    const stranger = await createUser(t.app);
    const self = await remove(owner, owner.workspaceId, owner.id);
    expect(self.statusCode).toBe(409);
    expect(self.json().error.code).toBe('OWNER_CANNOT_LEAVE');
    expect((await remove(owner, owner.workspaceId, stranger.id)).statusCode).toBe(404);
    expect((await remove(owner, owner.workspaceId, randomUUID())).statusCode).toBe(404);
    expect((await members(owner, owner.workspaceId)).json().members).toHaveLength(1);
  });

  it('ends access at once, also after a refresh, and leaves the removed person their own workspace', async () => {
    const owner = await signedIn('owner@example.com');
    const member = await signedIn('member@example.com');
    await addMember(t.app, owner.workspaceId, member.user.id);
    expect((await usage(member, owner.workspaceId)).statusCode).toBe(200);

    expect((await remove(owner, owner.workspaceId, member.user.id)).statusCode).toBe(204);

    expect((await usage(member, owner.workspaceId)).statusCode).toBe(404);
    expect((await members(member, owner.workspaceId)).statusCode).toBe(404);
    const refreshed = await t.app.inject({
      method: 'GET',
      url: '/api/auth/refresh',
      headers: { cookie: member.refreshCookie, 'x-requested-with': 'XMLHttpRequest' },
    });
    expect(refreshed.statusCode).toBe(200);
    const renewed = { auth: { authorization: `Bearer ${refreshed.json().accessToken}` } };
    expect((await usage(renewed, owner.workspaceId)).statusCode).toBe(404);
    expect(await workspaceIds(renewed)).toEqual([member.workspaceId]);
    expect((await usage(renewed, member.workspaceId)).statusCode).toBe(200);
  });

  it("passes the member's private projects to the owner, still private, and keeps everything else", async () => {
    const owner = await createUser(t.app);
    const member = await createUser(t.app);
    const other = await createUser(t.app);
    await addMember(t.app, owner.workspaceId, member.id);
    await addMember(t.app, owner.workspaceId, other.id);
    const inWorkspace = { workspaceId: owner.workspaceId };
    const folder = await insertFolder(t.app, member, { ...inWorkspace, name: 'De Miembro' });
    const secret = await insertProject(t.app, member, {
      ...inWorkspace,
      name: 'Privado',
      folderId: folder.id,
      updatedAt: new Date('2026-01-02T03:04:05Z'),
    });
    const shared = await insertProject(t.app, member, { ...inWorkspace, name: 'Compartido', isShared: true });
    const personal = await insertProject(t.app, member, { name: 'Personal' });
    const promptId = builtInPromptId('es', 'blog-outline');
    for (const user of [member, other]) {
      const used = await t.app.inject({
        method: 'POST',
        url: `/api/prompt/${promptId}/use`,
        headers: user.auth,
        payload: { workspaceId: owner.workspaceId },
      });
      expect(used.statusCode, used.body).toBeLessThan(300);
    }

    expect((await remove(owner, owner.workspaceId, member.id)).statusCode).toBe(204);

    const rows = await t.app.db.select().from(projects);
    const byName = (name: string) => rows.find((row) => row.name === name)!;
    expect(byName('Privado')).toMatchObject({
      createdBy: owner.id,
      isShared: false,
      folderId: folder.id,
      updatedAt: secret.updatedAt,
    });
    expect(byName('Compartido')).toMatchObject({ createdBy: member.id, isShared: true });
    expect(byName('Personal')).toMatchObject({ createdBy: member.id, workspaceId: member.workspaceId });

    // The owner now sees the private project; the other member still does not.
    const project = (user: Caller, id: string) =>
      t.app.inject({ method: 'GET', url: `/api/project/${id}`, headers: user.auth });
    expect((await project(owner, secret.id)).statusCode).toBe(200);
    expect((await project(other, secret.id)).statusCode).toBe(404);
    expect((await project(other, shared.id)).statusCode).toBe(200);
    expect((await project(member, personal.id)).statusCode).toBe(200);

    const usageRows = await t.app.db
      .select({ userId: promptUsage.userId })
      .from(promptUsage)
      .where(eq(promptUsage.workspaceId, owner.workspaceId));
    expect(usageRows).toEqual([{ userId: other.id }]);
  });
});

describe("a departing member's invitations", () => {
  it.each([
    ['removed', (owner: TestUser, member: TestUser) => remove(owner, owner.workspaceId, member.id)],
    ['leaving', (owner: TestUser, member: TestUser) => leave(member, owner.workspaceId)],
  ])(
    'are revoked with the member %s: their links let nobody in and the list no longer shows them',
    async (_how, depart) => {
      const owner = await createUser(t.app);
      const member = await createUser(t.app);
      await addMember(t.app, owner.workspaceId, member.id);
      await makePro(t.app, owner.workspaceId);
      const alias = await invited(t.app, member, owner.workspaceId, 'alias@example.com');
      const kept = await invited(t.app, owner, owner.workspaceId, 'kept@example.com');

      expect((await depart(owner, member)).statusCode).toBe(204);

      const listed = (await pendingList(t.app, owner, owner.workspaceId)).json();
      expect(listed.map((invitation: { email: string }) => invitation.email)).toEqual(['kept@example.com']);
      expect((await members(owner, owner.workspaceId)).json()).toMatchObject({ seatsUsed: 1 });
      expect((await preview(t.app, alias.token)).json()).toMatchObject({ state: 'revoked' });
      const aliasUser = await createUser(t.app, { email: 'alias@example.com' });
      const refused = await accept(t.app, aliasUser, alias.token);
      expect(refused.statusCode).toBe(410);
      expect(errorOf(refused).code).toBe('INVITATION_REVOKED');
      expect((await usage(aliasUser, owner.workspaceId)).statusCode).toBe(404);

      // The owner's own invitation is untouched.
      const keptUser = await createUser(t.app, { email: 'kept@example.com' });
      expect((await accept(t.app, keptUser, kept.token)).statusCode).toBe(200);
    },
  );
});

describe('POST /api/workspace/:id/leave', () => {
  it('lets a member leave, with the same hand-over as a removal', async () => {
    const owner = await createUser(t.app);
    const member = await createUser(t.app);
    await addMember(t.app, owner.workspaceId, member.id);
    const draft = await insertProject(t.app, member, { workspaceId: owner.workspaceId, name: 'Borrador' });

    expect((await leave(member, owner.workspaceId)).statusCode).toBe(204);

    expect((await usage(member, owner.workspaceId)).statusCode).toBe(404);
    expect(await workspaceIds(member)).toEqual([member.workspaceId]);
    const [row] = await t.app.db.select().from(projects).where(eq(projects.id, draft.id));
    expect(row).toMatchObject({ createdBy: owner.id, isShared: false });
    expect((await leave(member, owner.workspaceId)).statusCode).toBe(404);
  });

  it('refuses the owner (409), who would leave the workspace without one', async () => {
    const owner = await createUser(t.app);
    const res = await leave(owner, owner.workspaceId);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('OWNER_CANNOT_LEAVE');
    const [row] = await t.app.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.workspaceId, owner.workspaceId), eq(memberships.userId, owner.id)));
    expect(row?.role).toBe('owner');
  });

  it('answers 404 to someone outside the workspace', async () => {
    const owner = await createUser(t.app);
    const outsider = await createUser(t.app);
    expect((await leave(outsider, owner.workspaceId)).statusCode).toBe(404);
  });
});
