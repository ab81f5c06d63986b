import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { invitations, memberships, projects, workspaces } from '../../src/db/schema.ts';
import { changeWorkspacePlan, seatsForPlan } from '../../src/modules/plans/service.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { addMember, createUser, type TestUser } from '../helpers/factories.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.app.close());

/** A pending invitation created `minutesAgo` minutes ago (older ones were sent first). */
async function invite(owner: TestUser, email: string, minutesAgo: number, expiresInDays = 7) {
  const createdAt = new Date(Date.now() - minutesAgo * 60_000);
  const [row] = await t.app.db
    .insert(invitations)
    .values({
      workspaceId: owner.workspaceId,
      email,
      invitedBy: owner.id,
      tokenHash: randomBytes(32).toString('hex'),
      createdAt,
      expiresAt: new Date(createdAt.getTime() + expiresInDays * 86_400_000),
    })
    .returning({ id: invitations.id });
  return row!.id;
}

async function pendingEmails(workspaceId: string): Promise<string[]> {
  const rows = await t.app.db
    .select({ email: invitations.email, revokedAt: invitations.revokedAt })
    .from(invitations)
    .where(eq(invitations.workspaceId, workspaceId));
  return rows
    .filter((row) => row.revokedAt === null)
    .map((row) => row.email)
    .sort();
}

async function listed(user: TestUser, workspaceId: string) {
  const res = await t.app.inject({ method: 'GET', url: '/api/workspace/list', headers: user.auth });
  expect(res.statusCode).toBe(200);
  return res.json().find((workspace: { id: string }) => workspace.id === workspaceId);
}

describe('seatsForPlan', () => {
  it('gives free none, Pro the three included plus those bought, Enterprise its configured number', () => {
    expect(seatsForPlan('free', { extraSeats: 5 })).toBe(0);
    expect(seatsForPlan('pro_monthly')).toBe(3);
    expect(seatsForPlan('pro_yearly', { extraSeats: 4 })).toBe(7);
    expect(seatsForPlan('enterprise', { enterpriseSeats: 40 })).toBe(40);
  });

  it('refuses an Enterprise plan without seats and seat numbers that are not whole and positive', () => {
    expect(() => seatsForPlan('enterprise')).toThrow(/Enterprise plan needs/);
    expect(() => seatsForPlan('pro_monthly', { extraSeats: -1 })).toThrow(/whole number/);
    expect(() => seatsForPlan('enterprise', { enterpriseSeats: 2.5 })).toThrow(/whole number/);
  });
});

describe('changeWorkspacePlan', () => {
  it('makes a free workspace Pro with its seats, as the workspace list then shows', async () => {
    const owner = await createUser(t.app);
    const result = await changeWorkspacePlan(t.app.db, {
      workspaceId: owner.workspaceId,
      plan: 'pro_yearly',
      extraSeats: 2,
    });
    expect(result).toEqual({ plan: 'pro_yearly', userSeats: 5, revokedInvitations: 0 });
    expect(await listed(owner, owner.workspaceId)).toMatchObject({
      plan: 'pro_yearly',
      isPro: true,
      userSeats: 5,
      workspaceUsage: { limit: null },
    });
  });

  it('answers 404 for a workspace that does not exist and changes nothing', async () => {
    await expect(
      changeWorkspacePlan(t.app.db, { workspaceId: randomUUID(), plan: 'pro_monthly' }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND', status: 404 });
  });

  it('revokes the newest pending invitations the smaller plan has no seat for, and keeps every member', async () => {
    const owner = await createUser(t.app);
    await changeWorkspacePlan(t.app.db, {
      workspaceId: owner.workspaceId,
      plan: 'enterprise',
      enterpriseSeats: 6,
    });
    const members = [await createUser(t.app), await createUser(t.app)];
    for (const member of members) await addMember(t.app, owner.workspaceId, member.id);
    await invite(owner, 'first@example.com', 30);
    await invite(owner, 'second@example.com', 20);
    await invite(owner, 'third@example.com', 10);
    // Expired invitations hold no seat and are left as they are.
    await invite(owner, 'expired@example.com', 60 * 24 * 8);

    const result = await changeWorkspacePlan(t.app.db, {
      workspaceId: owner.workspaceId,
      plan: 'pro_monthly',
    });

    expect(result).toEqual({ plan: 'pro_monthly', userSeats: 3, revokedInvitations: 2 });
    expect(await pendingEmails(owner.workspaceId)).toEqual(['expired@example.com', 'first@example.com']);
    const workspace = await listed(owner, owner.workspaceId);
    expect(workspace.userSeats).toBe(3);
    expect(workspace.invitedUsers.map((user: { id: string }) => user.id).sort()).toEqual(
      members.map((member) => member.id).sort(),
    );
  });

  it('keeps members beyond the seats: a plan smaller than its team still lets them in', async () => {
    const owner = await createUser(t.app);
    await changeWorkspacePlan(t.app.db, {
      workspaceId: owner.workspaceId,
      plan: 'enterprise',
      enterpriseSeats: 5,
    });
    const members: TestUser[] = [];
    for (let i = 0; i < 5; i++) {
      const member = await createUser(t.app);
      await addMember(t.app, owner.workspaceId, member.id);
      members.push(member);
    }
    await invite(owner, 'late@example.com', 1);

    const result = await changeWorkspacePlan(t.app.db, {
      workspaceId: owner.workspaceId,
      plan: 'pro_yearly',
    });

    expect(result).toEqual({ plan: 'pro_yearly', userSeats: 3, revokedInvitations: 1 });
    const membership = await t.app.db
      .select()
      .from(memberships)
      .where(eq(memberships.workspaceId, owner.workspaceId));
    expect(membership).toHaveLength(6);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/workspace/${owner.workspaceId}/usage`,
      headers: members[4]!.auth,
    });
    expect(res.statusCode).toBe(200);
  });

  it('going to free revokes every pending invitation, turns the premium model off and deletes nothing', async () => {
    const owner = await createUser(t.app);
    await changeWorkspacePlan(t.app.db, {
      workspaceId: owner.workspaceId,
      plan: 'pro_monthly',
      extraSeats: 5,
    });
    await t.app.db
      .update(workspaces)
      .set({ isGpt4TurnedOn: true })
      .where(eq(workspaces.id, owner.workspaceId));
    const member = await createUser(t.app);
    await addMember(t.app, owner.workspaceId, member.id);
    await t.app.db
      .insert(projects)
      .values({ workspaceId: owner.workspaceId, createdBy: member.id, name: 'Kept' });
    await invite(owner, 'one@example.com', 5);
    await invite(owner, 'two@example.com', 4);

    const result = await changeWorkspacePlan(t.app.db, { workspaceId: owner.workspaceId, plan: 'free' });

    expect(result).toEqual({ plan: 'free', userSeats: 0, revokedInvitations: 2 });
    expect(await pendingEmails(owner.workspaceId)).toEqual([]);
    const [row] = await t.app.db.select().from(workspaces).where(eq(workspaces.id, owner.workspaceId));
    expect(row).toMatchObject({ plan: 'free', userSeats: 0, isGpt4TurnedOn: false });
    const workspace = await listed(member, owner.workspaceId);
    expect(workspace).toMatchObject({ plan: 'free', invitedUsers: [{ id: member.id }] });
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/workspace/${owner.workspaceId}/projects`,
      headers: member.auth,
    });
    expect(list.statusCode).toBe(200);
    expect(JSON.stringify(list.json())).toContain('Kept');
  });

  it('upgrading keeps every pending invitation', async () => {
    const owner = await createUser(t.app);
    await changeWorkspacePlan(t.app.db, { workspaceId: owner.workspaceId, plan: 'pro_monthly' });
    await invite(owner, 'a@example.com', 3);
    await invite(owner, 'b@example.com', 2);
    const result = await changeWorkspacePlan(t.app.db, {
      workspaceId: owner.workspaceId,
      plan: 'enterprise',
      enterpriseSeats: 20,
    });
    expect(result.revokedInvitations).toBe(0);
    expect(await pendingEmails(owner.workspaceId)).toEqual(['a@example.com', 'b@example.com']);
  });
});
