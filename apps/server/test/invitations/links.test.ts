import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { invitations } from '../../src/db/schema.ts';
import { generateToken } from '../../src/lib/secrets.ts';
import { hashInvitationToken, LINKS_KEPT } from '../../src/modules/invitations/tokens.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';
import {
  accept,
  expire,
  invitationMailsTo,
  invited,
  makePro,
  preview,
  resend,
  revoke,
  tokenFromMail,
} from './invitation-helpers.ts';

/*
 * Every link mailed for an invitation works until the invitation is accepted, revoked or expires: a
 * resend adds a link, it never replaces the ones already in someone's inbox.
 */

let t: TestApp;
let owner: TestUser;
afterEach(() => t.app.close());
beforeEach(async () => {
  t = await createTestApp();
  owner = await createUser(t.app);
  await makePro(t.app, owner.workspaceId);
});

const tokensTo = (email: string) => invitationMailsTo(t.app, email).map((mail) => tokenFromMail(mail.text));
const stateOf = async (token: string) => {
  const res = await preview(t.app, token);
  return res.statusCode === 200 ? (res.json() as { state: string }).state : res.statusCode;
};

describe('links of one invitation', () => {
  it('all die together when it is revoked', async () => {
    const { invitation } = await invited(t.app, owner, owner.workspaceId, 'guest@example.com');
    await resend(t.app, owner, invitation.id);
    const tokens = tokensTo('guest@example.com');
    expect(tokens).toHaveLength(2);
    for (const token of tokens) expect(await stateOf(token)).toBe('pending');

    await revoke(t.app, owner, invitation.id);
    const guest = await createUser(t.app, { email: 'guest@example.com' });
    for (const token of tokens) {
      expect(await stateOf(token)).toBe('revoked');
      expect((await accept(t.app, guest, token)).statusCode).toBe(410);
    }
  });

  it('expire together, and an invitation issued again after expiring starts over with only its new link', async () => {
    const { invitation, token: first } = await invited(t.app, owner, owner.workspaceId, 'guest@example.com');
    await resend(t.app, owner, invitation.id);
    const [second] = tokensTo('guest@example.com');
    await expire(t.app, invitation.id);
    expect(await stateOf(first)).toBe('expired');
    expect(await stateOf(second!)).toBe('expired');

    expect((await resend(t.app, owner, invitation.id)).statusCode).toBe(200);
    const [third] = tokensTo('guest@example.com');
    expect(await stateOf(third!)).toBe('pending');
    expect(await stateOf(first)).toBe(404);
    expect(await stateOf(second!)).toBe(404);
  });

  it('name their invitation, so a link with another invitation id or a changed secret is unknown', async () => {
    const a = await invited(t.app, owner, owner.workspaceId, 'a@example.com');
    const b = await invited(t.app, owner, owner.workspaceId, 'b@example.com');
    expect(a.token).toHaveLength(65);
    // b's secret under a's id, and a's id with one character of its secret changed.
    expect(await stateOf(`${a.token.slice(0, 22)}${b.token.slice(22)}`)).toBe(404);
    const flipped = a.token.endsWith('A') ? 'B' : 'A';
    expect(await stateOf(`${a.token.slice(0, -1)}${flipped}`)).toBe(404);
    // An id that is not the canonical spelling of any 16 bytes.
    expect(await stateOf(`${'_'.repeat(22)}${a.token.slice(22)}`)).toBe(404);
    expect(await stateOf(a.token)).toBe('pending');
  });

  it(`keep the newest ${LINKS_KEPT} working when an invitation is sent very many times`, async () => {
    const { invitation, token: first } = await invited(t.app, owner, owner.workspaceId, 'guest@example.com');
    const hashes = Array.from({ length: LINKS_KEPT - 1 }, () => hashInvitationToken(generateToken()));
    const [row] = await t.app.db.select().from(invitations).where(eq(invitations.id, invitation.id));
    await t.app.db
      .update(invitations)
      .set({ tokenHash: [row!.tokenHash, ...hashes].join(' ') })
      .where(eq(invitations.id, invitation.id));
    expect(await stateOf(first)).toBe('pending');

    await resend(t.app, owner, invitation.id);
    const [newest] = tokensTo('guest@example.com');
    expect(await stateOf(newest!)).toBe('pending');
    expect(await stateOf(first)).toBe(404);
    const [after] = await t.app.db.select().from(invitations).where(eq(invitations.id, invitation.id));
    expect(after!.tokenHash.split(' ')).toHaveLength(LINKS_KEPT);
  });

  it('include a link mailed before links named their invitation, before and after a resend', async () => {
    const { invitation } = await invited(t.app, owner, owner.workspaceId, 'guest@example.com');
    // Such a link is the bare 43-character secret, and the row held its hash alone.
    const legacy = generateToken();
    await t.app.db
      .update(invitations)
      .set({ tokenHash: hashInvitationToken(legacy) })
      .where(eq(invitations.id, invitation.id));
    expect(await stateOf(legacy)).toBe('pending');

    await resend(t.app, owner, invitation.id);
    const [newest] = tokensTo('guest@example.com');
    expect(await stateOf(legacy)).toBe('pending');
    expect(await stateOf(newest!)).toBe('pending');
    const guest = await createUser(t.app, { email: 'guest@example.com' });
    expect((await accept(t.app, guest, legacy)).statusCode).toBe(200);
    expect(await stateOf(newest!)).toBe('used');
  });
});
