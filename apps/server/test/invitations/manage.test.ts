import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { invitations } from '../../src/db/schema.ts';
import { changeWorkspacePlan } from '../../src/modules/plans/service.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';
import {
  accept,
  errorOf,
  expire,
  invitationMailsTo,
  invite,
  invited,
  invitingTeam,
  makePro,
  pendingList,
  preview,
  resend,
  revoke,
  tokenFromMail,
} from './invitation-helpers.ts';

let t: TestApp;
let owner: TestUser;
/** Sent the invitation. */
let inviter: TestUser;
/** In the workspace, but neither the inviter nor the owner. */
let bystander: TestUser;
/** Not in the workspace. */
let outsider: TestUser;
let invitationId: string;

beforeEach(async () => {
  t = await createTestApp();
  ({ owner, inviter, bystander, outsider } = await invitingTeam(t.app, 2));
  ({
    invitation: { id: invitationId },
  } = await invited(t.app, inviter, owner.workspaceId, 'guest@example.com'));
});
afterEach(() => t.app.close());

const mailsToGuest = () => invitationMailsTo(t.app, 'guest@example.com');

describe('the pending invitations', () => {
  it('are listed for every member with their inviter, oldest first, without accepted, revoked or expired ones', async () => {
    await makePro(t.app, owner.workspaceId, 5);
    const later = await invited(t.app, owner, owner.workspaceId, 'later@example.com');
    const gone = await invited(t.app, owner, owner.workspaceId, 'gone@example.com');
    const old = await invited(t.app, owner, owner.workspaceId, 'old@example.com');
    const joined = await invited(t.app, owner, owner.workspaceId, 'joined@example.com');
    await revoke(t.app, owner, gone.invitation.id);
    await expire(t.app, old.invitation.id);
    await accept(t.app, await createUser(t.app, { email: 'joined@example.com' }), joined.token);

    for (const viewer of [owner, inviter, bystander]) {
      const res = await pendingList(t.app, viewer, owner.workspaceId);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([
        expect.objectContaining({
          id: invitationId,
          email: 'guest@example.com',
          invitedBy: { id: inviter.id, firstName: 'Bea', lastName: 'Ruiz', email: inviter.email },
        }),
        expect.objectContaining({
          id: later.invitation.id,
          invitedBy: expect.objectContaining({ id: owner.id }),
        }),
      ]);
    }
    expect((await pendingList(t.app, outsider, owner.workspaceId)).statusCode).toBe(404);
  });
});

describe('resending an invitation', () => {
  it('is for its inviter and the owner: one more link and a new expiry, mailed again, every earlier link still working', async () => {
    const firstToken = tokenFromMail(mailsToGuest()[0]!.text);
    for (const allowed of [inviter, owner]) {
      const res = await resend(t.app, allowed, invitationId);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ id: invitationId, invitedBy: { id: inviter.id } });
    }
    expect(mailsToGuest()).toHaveLength(3);
    // The mail still comes from the person who invited.
    expect(mailsToGuest()[0]!.subject).toContain('Bea Ruiz');
    const tokens = mailsToGuest().map((mail) => tokenFromMail(mail.text));
    expect(new Set(tokens).size).toBe(3);
    expect(tokens).toContain(firstToken);
    for (const token of tokens) expect((await preview(t.app, token)).json().state).toBe('pending');
    // The first link mailed is as good as the newest; once used, every link reads as used.
    const guest = await createUser(t.app, { email: 'guest@example.com' });
    expect((await accept(t.app, guest, firstToken)).statusCode).toBe(200);
    for (const token of tokens) expect((await preview(t.app, token)).json().state).toBe('used');
  });

  it('is refused to another member with NOT_INVITER, and is 404 outside the workspace', async () => {
    const refused = await resend(t.app, bystander, invitationId);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toMatchObject({ code: 'NOT_INVITER', message: 'The user is not an inviter' });
    const hidden = await resend(t.app, outsider, invitationId);
    expect(hidden.statusCode).toBe(404);
    expect(mailsToGuest()).toHaveLength(1);
  });

  it('renews an expired invitation only while a seat is free, and never a revoked or accepted one', async () => {
    await invited(t.app, owner, owner.workspaceId, 'a@example.com');
    await expire(t.app, invitationId);
    await invited(t.app, owner, owner.workspaceId, 'b@example.com'); // 5 seats: 2 members + a + b + c
    await invited(t.app, owner, owner.workspaceId, 'c@example.com');
    const full = await resend(t.app, inviter, invitationId);
    expect(full.statusCode).toBe(409);
    expect(errorOf(full).code).toBe('SEATS_EXHAUSTED');

    await makePro(t.app, owner.workspaceId, 3);
    expect((await resend(t.app, inviter, invitationId)).statusCode).toBe(200);
    expect((await pendingList(t.app, owner, owner.workspaceId)).json()).toHaveLength(4);

    await revoke(t.app, inviter, invitationId);
    const revoked = await resend(t.app, inviter, invitationId);
    expect(revoked.statusCode).toBe(410);
    expect(errorOf(revoked).code).toBe('INVITATION_REVOKED');

    const accepted = await invited(t.app, owner, owner.workspaceId, 'd@example.com');
    await accept(t.app, await createUser(t.app, { email: 'd@example.com' }), accepted.token);
    const used = await resend(t.app, owner, accepted.invitation.id);
    expect(used.statusCode).toBe(409);
    expect(errorOf(used).code).toBe('INVITATION_USED');
  });

  it('is refused with the upgrade message once the workspace is back on free', async () => {
    await expire(t.app, invitationId);
    await changeWorkspacePlan(t.app.db, { workspaceId: owner.workspaceId, plan: 'free' });
    const res = await resend(t.app, owner, invitationId);
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).code).toBe('PLAN_REQUIRED');
  });
});

describe('revoking an invitation', () => {
  it('is for its inviter: 204, its seat freed, its link dead', async () => {
    const res = await revoke(t.app, inviter, invitationId);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await pendingList(t.app, owner, owner.workspaceId)).json()).toEqual([]);
    const [row] = await t.app.db.select().from(invitations).where(eq(invitations.id, invitationId));
    expect(row!.revokedAt).toBeInstanceOf(Date);
    // Revoking twice changes nothing.
    expect((await revoke(t.app, inviter, invitationId)).statusCode).toBe(204);
    // The address can be invited again, on a new invitation.
    const again = await invite(t.app, owner, owner.workspaceId, 'guest@example.com');
    expect(again.statusCode).toBe(201);
    expect(again.json().invitation.id).not.toBe(invitationId);
  });

  it('is for the owner too', async () => {
    expect((await revoke(t.app, owner, invitationId)).statusCode).toBe(204);
  });

  it('is refused to another member with NOT_INVITER, and is 404 outside the workspace', async () => {
    const refused = await revoke(t.app, bystander, invitationId);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toMatchObject({ code: 'NOT_INVITER', message: 'The user is not an inviter' });

    // The owner of another workspace is an outsider here.
    const hidden = await revoke(t.app, outsider, invitationId);
    expect(hidden.statusCode).toBe(404);
    expect(errorOf(hidden).code).toBe('NOT_FOUND');
    expect((await revoke(t.app, owner, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await pendingList(t.app, owner, owner.workspaceId)).json()).toHaveLength(1);
  });

  it('cannot undo an accepted invitation (removing the member does)', async () => {
    const guest = await createUser(t.app, { email: 'guest@example.com' });
    expect((await accept(t.app, guest, tokenFromMail(mailsToGuest()[0]!.text))).statusCode).toBe(200);
    const res = await revoke(t.app, owner, invitationId);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).code).toBe('INVITATION_USED');
  });
});

describe("another workspace's invitation", () => {
  it('is 404 to the owner and members of a different workspace for resend and revoke alike', async () => {
    await makePro(t.app, outsider.workspaceId);
    const theirs = await invited(t.app, outsider, outsider.workspaceId, 'x@example.com');
    for (const user of [owner, inviter, bystander]) {
      expect((await resend(t.app, user, theirs.invitation.id)).statusCode).toBe(404);
      expect((await revoke(t.app, user, theirs.invitation.id)).statusCode).toBe(404);
    }
    expect((await pendingList(t.app, outsider, outsider.workspaceId)).json()).toHaveLength(1);
  });
});
