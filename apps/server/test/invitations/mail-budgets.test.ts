import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { invitations } from '../../src/db/schema.ts';
import { INVITATION_MAILS_PER_ADDRESS_PER_HOUR } from '../../src/mail/budgets.ts';
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
/** A member who invites. */
let inviter: TestUser;
/** Another member. */
let bystander: TestUser;

beforeEach(async () => {
  t = await createTestApp();
  ({ owner, inviter, bystander } = await invitingTeam(t.app, 40));
});
afterEach(() => t.app.close());

const mailsTo = (email: string) => invitationMailsTo(t.app, email);

/** Moves an invitation's link a minute into the past, as if it had been mailed then. */
async function mailedAMinuteAgo(invitationId: string) {
  await t.app.db
    .update(invitations)
    .set({ expiresAt: sql`${invitations.expiresAt} - interval '61 seconds'` })
    .where(eq(invitations.id, invitationId));
}

const expectRetryLater = (res: Awaited<ReturnType<typeof invite>>, refusal: string) => {
  expect(res.statusCode).toBe(429);
  expect(errorOf(res)).toMatchObject({
    code: 'RATE_LIMITED',
    message: expect.stringMatching(new RegExp(`^${refusal}; try again in \\d+ minutes$`)),
  });
};

describe('invitation mails to one address', () => {
  it(`are ${INVITATION_MAILS_PER_ADDRESS_PER_HOUR} an hour across invitations: revoking and inviting again does not reset it`, async () => {
    const first = await invited(t.app, inviter, owner.workspaceId, 'guest@example.com');
    await mailedAMinuteAgo(first.invitation.id);
    expect((await resend(t.app, inviter, first.invitation.id)).statusCode).toBe(200);
    expect((await revoke(t.app, inviter, first.invitation.id)).statusCode).toBe(204);
    const second = await invited(t.app, owner, owner.workspaceId, 'guest@example.com');
    expect(second.invitation.id).not.toBe(first.invitation.id);
    await mailedAMinuteAgo(second.invitation.id);
    expect((await invite(t.app, owner, owner.workspaceId, 'GUEST@example.com')).statusCode).toBe(200);
    expect(mailsTo('guest@example.com')).toHaveLength(INVITATION_MAILS_PER_ADDRESS_PER_HOUR);

    await mailedAMinuteAgo(second.invitation.id);
    expectRetryLater(
      await resend(t.app, owner, second.invitation.id),
      'Too many invitations were sent to this address',
    );
    expect((await revoke(t.app, owner, second.invitation.id)).statusCode).toBe(204);
    expectRetryLater(
      await invite(t.app, bystander, owner.workspaceId, 'guest@example.com'),
      'Too many invitations were sent to this address',
    );
    expect(mailsTo('guest@example.com')).toHaveLength(INVITATION_MAILS_PER_ADDRESS_PER_HOUR);
    // A refused invitation takes no seat and is not listed.
    expect((await pendingList(t.app, owner, owner.workspaceId)).json()).toEqual([]);

    // Counted for the address, across workspaces too; other addresses have their own budget.
    const elsewhere = await createUser(t.app);
    await makePro(t.app, elsewhere.workspaceId);
    expect((await invite(t.app, elsewhere, elsewhere.workspaceId, 'guest@example.com')).statusCode).toBe(429);
    expect((await invite(t.app, bystander, owner.workspaceId, 'other@example.com')).statusCode).toBe(201);
  });

  it('sends no second mail for the same invitation asked for again within a minute, and answers as the first time', async () => {
    const first = await invited(t.app, inviter, owner.workspaceId, 'guest@example.com');
    // A double click on a first invitation: the repeat is a first invitation too, never "sent again".
    const again = await invite(t.app, inviter, owner.workspaceId, 'guest@example.com');
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({
      resent: false,
      invitation: { id: first.invitation.id, email: 'guest@example.com', invitedBy: { id: inviter.id } },
    });
    expect((await invite(t.app, owner, owner.workspaceId, 'guest@example.com')).statusCode).toBe(201);
    expect(mailsTo('guest@example.com')).toHaveLength(1);
    // The mailed link still works: nothing was reissued.
    expect((await preview(t.app, first.token)).json()).toMatchObject({ state: 'pending' });

    await mailedAMinuteAgo(first.invitation.id);
    expect((await invite(t.app, inviter, owner.workspaceId, 'guest@example.com')).json().resent).toBe(true);
    expect(mailsTo('guest@example.com')).toHaveLength(2);
    expect((await preview(t.app, first.token)).json().state).toBe('pending');
    // A repeat of that resend answers as a resend.
    const repeated = await invite(t.app, inviter, owner.workspaceId, 'guest@example.com');
    expect(repeated.statusCode).toBe(200);
    expect(repeated.json().resent).toBe(true);
    expect(mailsTo('guest@example.com')).toHaveLength(2);
  });
});

describe('invitation mails from one person', () => {
  it('are 30 an hour by default (RATE_LIMIT_INVITATIONS_PER_HOUR); other members go on inviting', async () => {
    expect(t.config.RATE_LIMIT_INVITATIONS_PER_HOUR).toBe(30);
    for (let i = 0; i < t.config.RATE_LIMIT_INVITATIONS_PER_HOUR; i += 1) {
      expect((await invite(t.app, inviter, owner.workspaceId, `guest${i}@example.com`)).statusCode).toBe(201);
    }
    expectRetryLater(
      await invite(t.app, inviter, owner.workspaceId, 'one-more@example.com'),
      'You have sent too many invitations',
    );
    expect(mailsTo('one-more@example.com')).toEqual([]);
    expect((await invite(t.app, bystander, owner.workspaceId, 'one-more@example.com')).statusCode).toBe(201);
  });
});

describe('inviting an address that already has a pending invitation', () => {
  it("is refused to another member with NOT_INVITER, not resent; its inviter's and the owner's are resends", async () => {
    const first = await invited(t.app, inviter, owner.workspaceId, 'guest@example.com');
    const refused = await invite(t.app, bystander, owner.workspaceId, 'Guest@Example.com');
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toMatchObject({ code: 'NOT_INVITER', message: 'The user is not an inviter' });
    expect(mailsTo('guest@example.com')).toHaveLength(1);
    expect((await preview(t.app, first.token)).json()).toMatchObject({ state: 'pending' });

    await mailedAMinuteAgo(first.invitation.id);
    const byOwner = await invite(t.app, owner, owner.workspaceId, 'guest@example.com');
    expect(byOwner.statusCode).toBe(200);
    // The owner resends it; it stays the inviter's.
    expect(byOwner.json().invitation.invitedBy.id).toBe(inviter.id);
    expect(mailsTo('guest@example.com')).toHaveLength(2);
  });

  it('lets another member invite again once it has expired, and makes them its inviter', async () => {
    const first = await invited(t.app, inviter, owner.workspaceId, 'guest@example.com');
    await expire(t.app, first.invitation.id);
    const res = await invite(t.app, bystander, owner.workspaceId, 'guest@example.com');
    expect(res.statusCode).toBe(201);
    expect(res.json().invitation).toMatchObject({ id: first.invitation.id, invitedBy: { id: bystander.id } });
    // Now theirs to manage, and no longer the first inviter's.
    await mailedAMinuteAgo(first.invitation.id);
    expect((await resend(t.app, bystander, first.invitation.id)).statusCode).toBe(200);
    expect(errorOf(await revoke(t.app, inviter, first.invitation.id)).code).toBe('NOT_INVITER');
    const guest = await createUser(t.app, { email: 'guest@example.com' });
    const latest = mailsTo('guest@example.com')[0]!;
    expect(latest.subject).not.toContain('Bea Ruiz');
    expect((await accept(t.app, guest, tokenFromMail(latest.text))).statusCode).toBe(200);
  });
});
