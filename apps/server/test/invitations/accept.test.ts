import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { invitations, memberships, users } from '../../src/db/schema.ts';
import { seatsUsed } from '../../src/modules/invitations/index.ts';
import { INVITATION_PREVIEWS_PER_15MIN } from '../../src/modules/invitations/routes.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { addMember, createUser, type TestUser } from '../helpers/factories.ts';
import { accept, errorOf, expire, invited, makePro, preview, revoke } from './invitation-helpers.ts';

let t: TestApp;
let owner: TestUser;
beforeEach(async () => {
  t = await createTestApp();
  owner = await createUser(t.app, { firstName: 'Ana', lastName: 'García' });
  await makePro(t.app, owner.workspaceId);
});
afterEach(() => t.app.close());

async function membershipOf(userId: string) {
  const [row] = await t.app.db
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.workspaceId, owner.workspaceId), eq(memberships.userId, userId)));
  return row;
}

describe('accepting an invitation', () => {
  it('makes the invited user a member, once: the same link again is INVITATION_USED', async () => {
    const { token } = await invited(t.app, owner, owner.workspaceId, 'guest@example.com');
    const guest = await createUser(t.app, { email: 'guest@example.com' });
    expect(await seatsUsed(t.app.db, owner.workspaceId)).toBe(1);

    const first = await accept(t.app, guest, token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ id: owner.workspaceId });
    expect(await membershipOf(guest.id)).toEqual({ role: 'member' });
    // The pending seat became a member's seat.
    expect(await seatsUsed(t.app.db, owner.workspaceId)).toBe(1);

    const again = await accept(t.app, guest, token);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe('INVITATION_USED');
    expect(again.headers['cache-control']).toBe('no-store');
  });

  it('lets exactly one of two simultaneous accepts through', async () => {
    const { token } = await invited(t.app, owner, owner.workspaceId, 'guest@example.com');
    const guest = await createUser(t.app, { email: 'guest@example.com' });
    const answers = await Promise.all([accept(t.app, guest, token), accept(t.app, guest, token)]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    expect(errorOf(answers.find((res) => res.statusCode === 409)!).code).toBe('INVITATION_USED');
    const rows = await t.app.db.select().from(memberships).where(eq(memberships.userId, guest.id));
    expect(rows).toHaveLength(2); // their personal workspace and this one
  });

  it('refuses an expired invitation with INVITATION_EXPIRED and adds no one', async () => {
    const { invitation, token } = await invited(t.app, owner, owner.workspaceId, 'guest@example.com');
    const guest = await createUser(t.app, { email: 'guest@example.com' });
    await expire(t.app, invitation.id);
    const res = await accept(t.app, guest, token);
    expect(res.statusCode).toBe(410);
    expect(errorOf(res).code).toBe('INVITATION_EXPIRED');
    expect(await membershipOf(guest.id)).toBeUndefined();
  });

  it('refuses a revoked invitation with INVITATION_REVOKED and adds no one', async () => {
    const { invitation, token } = await invited(t.app, owner, owner.workspaceId, 'guest@example.com');
    const guest = await createUser(t.app, { email: 'guest@example.com' });
    expect((await revoke(t.app, owner, invitation.id)).statusCode).toBe(204);
    const res = await accept(t.app, guest, token);
    expect(res.statusCode).toBe(410);
    expect(errorOf(res).code).toBe('INVITATION_REVOKED');
    expect(await membershipOf(guest.id)).toBeUndefined();
  });

  it('refuses someone signed in with another address, and the invited person can still accept', async () => {
    const { token } = await invited(t.app, owner, owner.workspaceId, 'guest@example.com');
    const forwardedTo = await createUser(t.app, { email: 'someone-else@example.com' });
    const res = await accept(t.app, forwardedTo, token);
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).code).toBe('INVITATION_EMAIL_MISMATCH');
    expect(await membershipOf(forwardedTo.id)).toBeUndefined();

    const guest = await createUser(t.app, { email: 'guest@example.com' });
    expect((await accept(t.app, guest, token)).statusCode).toBe(200);
  });

  it('matches the invited address ignoring case, on either side', async () => {
    const { token } = await invited(t.app, owner, owner.workspaceId, 'Guest@Example.COM');
    // An account whose address was stored with capitals (written before addresses were lower-cased).
    const guest = await createUser(t.app, { email: 'GUEST@example.com' });
    const res = await accept(t.app, guest, token);
    expect(res.statusCode, res.body).toBe(200);
    expect(await membershipOf(guest.id)).toEqual({ role: 'member' });
  });

  it('uses up the invitation of someone already a member and answers the workspace', async () => {
    const { invitation, token } = await invited(t.app, owner, owner.workspaceId, 'guest@example.com');
    const guest = await createUser(t.app, { email: 'guest@example.com' });
    await addMember(t.app, owner.workspaceId, guest.id);
    const res = await accept(t.app, guest, token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: owner.workspaceId });
    const [row] = await t.app.db.select().from(invitations).where(eq(invitations.id, invitation.id));
    expect(row!.acceptedAt).toBeInstanceOf(Date);
    expect((await preview(t.app, token)).json().state).toBe('used');
  });

  it('answers 404 for a token never issued, 400 for one of the wrong shape, 401 without a session', async () => {
    const guest = await createUser(t.app, { email: 'guest@example.com' });
    const unknown = await accept(t.app, guest, 'A'.repeat(43));
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).code).toBe('NOT_FOUND');
    expect((await accept(t.app, guest, 'short')).statusCode).toBe(400);
    const { token } = await invited(t.app, owner, owner.workspaceId, 'guest@example.com');
    expect((await accept(t.app, { auth: { authorization: '' } }, token)).statusCode).toBe(401);
  });
});

describe('previewing an invitation', () => {
  it('needs no session and tells the state: pending, used, expired, revoked (never cached)', async () => {
    await t.app.db.update(users).set({ firstName: null, lastName: null }).where(eq(users.id, owner.id));
    await makePro(t.app, owner.workspaceId, 1); // four seats for four invitations
    const pending = await invited(t.app, owner, owner.workspaceId, 'p@example.com');
    const used = await invited(t.app, owner, owner.workspaceId, 'u@example.com');
    const expired = await invited(t.app, owner, owner.workspaceId, 'e@example.com');
    const revoked = await invited(t.app, owner, owner.workspaceId, 'r@example.com');
    await accept(t.app, await createUser(t.app, { email: 'u@example.com' }), used.token);
    await expire(t.app, expired.invitation.id);
    await revoke(t.app, owner, revoked.invitation.id);

    const res = await preview(t.app, pending.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    // An inviter without a name is shown by address.
    expect(res.json()).toEqual({
      state: 'pending',
      workspaceName: 'Mi espacio de trabajo',
      inviterName: owner.email,
      email: 'p@example.com',
    });
    expect((await preview(t.app, used.token)).json().state).toBe('used');
    expect((await preview(t.app, expired.token)).json().state).toBe('expired');
    expect((await preview(t.app, revoked.token)).json().state).toBe('revoked');

    // Revoked after it had expired (say, closed by its inviter later): its holder hears "expired".
    await revoke(t.app, owner, expired.invitation.id);
    expect((await preview(t.app, expired.token)).json().state).toBe('expired');
  });

  it('is 404 for an unknown token', async () => {
    const res = await preview(t.app, 'B'.repeat(43));
    expect(res.statusCode).toBe(404);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('is rate-limited per IP, so tokens cannot be tried in bulk', async () => {
    const { token } = await invited(t.app, owner, owner.workspaceId, 'guest@example.com');
    for (let i = 0; i < INVITATION_PREVIEWS_PER_15MIN; i += 1) {
      expect((await preview(t.app, 'C'.repeat(43), '10.0.0.7')).statusCode).toBe(404);
    }
    const limited = await preview(t.app, token, '10.0.0.7');
    expect(limited.statusCode).toBe(429);
    expect(errorOf(limited).code).toBe('RATE_LIMITED');
    expect((await preview(t.app, token, '10.0.0.8')).json().state).toBe('pending');
  });
});
