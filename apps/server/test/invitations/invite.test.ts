import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { INVITATION_VALID_DAYS } from '@redacta/shared';
import { invitations, workspaces } from '../../src/db/schema.ts';
import { changeWorkspacePlan } from '../../src/modules/plans/service.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { addMember, createUser } from '../helpers/factories.ts';
import { codeFromMail, login, requestCode } from '../helpers/login.ts';
import { startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.ts';
import {
  accept,
  errorOf,
  expire,
  invitationMailsTo,
  invite,
  invited,
  makePro,
  pendingList,
  preview,
  tokenFromMail,
} from './invitation-helpers.ts';

const APP_URL = 'http://app.test';
const DAY_MS = 24 * 60 * 60 * 1000;
let t: TestApp;
afterEach(() => t.app.close());

async function rename(workspaceId: string, name: string) {
  await t.app.db.update(workspaces).set({ name }).where(eq(workspaces.id, workspaceId));
}

describe('the invitation mail over SMTP', () => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(() => sink.close());
  beforeEach(async () => {
    sink.mails.length = 0;
    t = await createTestApp({ SMTP_URL: sink.url, APP_URL });
  });

  it('names the inviter and the workspace in Spanish, and its link lets the invited person sign up and join', async () => {
    const owner = await createUser(t.app, { firstName: 'Ana', lastName: 'García', locale: 'es' });
    await makePro(t.app, owner.workspaceId);
    await rename(owner.workspaceId, 'Agencia Norte');

    const res = await invite(t.app, owner, owner.workspaceId, 'Nuevo@Example.com');
    expect(res.statusCode, res.body).toBe(201);
    const { invitation, resent } = res.json();
    expect(resent).toBe(false);
    expect(invitation).toMatchObject({
      workspaceId: owner.workspaceId,
      email: 'nuevo@example.com',
      invitedBy: { id: owner.id, firstName: 'Ana', lastName: 'García', email: owner.email },
    });
    const validFor = Date.parse(invitation.expiresAt) - Date.parse(invitation.createdAt);
    expect(Math.round(validFor / DAY_MS)).toBe(INVITATION_VALID_DAYS);

    const mail = await sink.waitForMail('nuevo@example.com');
    expect(mail.subject).toBe('Ana García te ha invitado a Agencia Norte en Redacta');
    expect(mail.text).toContain('Ana García te ha invitado a unirte al espacio de trabajo «Agencia Norte»');
    expect(mail.text).toContain(`La invitación caduca en ${INVITATION_VALID_DAYS} días`);
    const token = tokenFromMail(mail.text);
    const link = `${APP_URL}/invite/existing?token=${token}`;
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`<a href="${link}">`);
    expect(mail.html).toContain('Agencia Norte');

    // Only the token's hash is kept: the database cannot give the link back.
    const [row] = await t.app.db.select().from(invitations).where(eq(invitations.id, invitation.id));
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(token);

    const seen = await preview(t.app, token);
    expect(seen.json()).toEqual({
      state: 'pending',
      workspaceName: 'Agencia Norte',
      inviterName: 'Ana García',
      email: 'nuevo@example.com',
    });

    // The invited person has no account yet: they sign up with the code mailed to that address.
    expect((await requestCode(t.app, 'nuevo@example.com')).statusCode).toBe(204);
    const codeMail = sink.mails.find((sent) => sent.to.includes('nuevo@example.com') && sent !== mail)!;
    const signedIn = await login(t.app, 'nuevo@example.com', codeFromMail(codeMail.text));
    expect(signedIn.statusCode).toBe(200);
    const newcomer = { auth: { authorization: `Bearer ${signedIn.json().accessToken}` } };

    const joined = await accept(t.app, newcomer, token);
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json()).toEqual({ id: owner.workspaceId });
    expect(joined.headers['cache-control']).toBe('no-store');

    const list = await t.app.inject({ url: '/api/workspace/list', headers: newcomer.auth });
    const shared = list.json().find((w: { id: string }) => w.id === owner.workspaceId);
    expect(shared).toMatchObject({ name: 'Agencia Norte', ownerId: owner.id });
    const ownerView = await t.app.inject({ url: '/api/workspace/list', headers: owner.auth });
    expect(ownerView.json()[0].invitedUsers).toEqual([
      expect.objectContaining({ id: signedIn.json().user.id, email: 'nuevo@example.com' }),
    ]);
    expect((await pendingList(t.app, owner, owner.workspaceId)).json()).toEqual([]);
  });

  it("is written in the inviter's language: English for an English-speaking inviter, names escaped in HTML", async () => {
    const owner = await createUser(t.app, { firstName: 'Sam', lastName: 'Lee', locale: 'en' });
    await makePro(t.app, owner.workspaceId);
    await rename(owner.workspaceId, 'North & <b>Studio</b>');
    expect((await invite(t.app, owner, owner.workspaceId, 'guest@example.com')).statusCode).toBe(201);

    const mail = await sink.waitForMail('guest@example.com');
    expect(mail.subject).toBe('Sam Lee invited you to North & <b>Studio</b> on Redacta');
    expect(mail.text).toContain(
      'Sam Lee invited you to join the workspace "North & <b>Studio</b>" on Redacta.',
    );
    expect(mail.text).toContain(`The invitation expires in ${INVITATION_VALID_DAYS} days`);
    expect(mail.text).not.toContain('invitación');
    expect(mail.html).toContain('<html lang="en">');
    // A name is text in the HTML version, never markup.
    expect(mail.html).toContain('North &amp; &lt;b&gt;Studio&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>');
  });
});

describe('inviting', () => {
  beforeEach(async () => {
    t = await createTestApp({ APP_URL });
  });

  it('is refused in a free workspace with the upgrade message, and nothing is sent', async () => {
    const owner = await createUser(t.app);
    const res = await invite(t.app, owner, owner.workspaceId, 'guest@example.com');
    expect(res.statusCode).toBe(403);
    expect(errorOf(res)).toMatchObject({
      code: 'PLAN_REQUIRED',
      message: 'Upgrade to the Plan Pro to invite team members',
    });
    expect(invitationMailsTo(t.app, 'guest@example.com')).toEqual([]);
    expect(await t.app.db.select().from(invitations)).toEqual([]);
  });

  it('is open to every member of a Pro or Enterprise workspace, not only the owner', async () => {
    const owner = await createUser(t.app);
    const member = await createUser(t.app, { firstName: 'Bea', lastName: 'Ruiz' });
    await addMember(t.app, owner.workspaceId, member.id);
    await makePro(t.app, owner.workspaceId);

    const res = await invite(t.app, member, owner.workspaceId, 'first@example.com');
    expect(res.statusCode).toBe(201);
    expect(res.json().invitation.invitedBy.id).toBe(member.id);
    expect(invitationMailsTo(t.app, 'first@example.com')[0]!.subject).toBe(
      'Bea Ruiz te ha invitado a Mi espacio de trabajo en Redacta',
    );

    await changeWorkspacePlan(t.app.db, {
      workspaceId: owner.workspaceId,
      plan: 'enterprise',
      enterpriseSeats: 10,
    });
    expect((await invite(t.app, member, owner.workspaceId, 'second@example.com')).statusCode).toBe(201);
  });

  it('is 404 for someone outside the workspace, and for a workspace that does not exist', async () => {
    const owner = await createUser(t.app);
    const outsider = await createUser(t.app);
    await makePro(t.app, owner.workspaceId);
    const res = await invite(t.app, outsider, owner.workspaceId, 'guest@example.com');
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).code).toBe('NOT_FOUND');
    const absent = await invite(t.app, owner, '00000000-0000-4000-8000-000000000000', 'guest@example.com');
    expect(absent.statusCode).toBe(404);
    expect(await t.app.db.select().from(invitations)).toEqual([]);
  });

  it('refuses an address that is not an e-mail by the product pattern', async () => {
    const owner = await createUser(t.app);
    await makePro(t.app, owner.workspaceId);
    for (const email of ['guest@example', 'guest example@example.com', 'guest@@example.com', '']) {
      const res = await invite(t.app, owner, owner.workspaceId, email);
      expect(res.statusCode, email).toBe(400);
      expect(errorOf(res).code).toBe('VALIDATION_FAILED');
    }
  });

  it('answers 409 ALREADY_MEMBER for a member or the owner, whatever the case of the address', async () => {
    const owner = await createUser(t.app, { email: 'owner@example.com' });
    const member = await createUser(t.app, { email: 'bea@example.com' });
    await addMember(t.app, owner.workspaceId, member.id);
    await makePro(t.app, owner.workspaceId);

    for (const email of ['BEA@Example.com', 'Owner@example.com']) {
      const res = await invite(t.app, owner, owner.workspaceId, email);
      expect(res.statusCode, email).toBe(409);
      expect(errorOf(res).code).toBe('ALREADY_MEMBER');
    }
    expect(await t.app.db.select().from(invitations)).toEqual([]);
  });

  it('sends a pending invitation again instead of a second one: one more link, a new expiry, the first link still working', async () => {
    const owner = await createUser(t.app);
    await makePro(t.app, owner.workspaceId);
    const first = await invited(t.app, owner, owner.workspaceId, 'guest@example.com');
    const [before] = await t.app.db.select().from(invitations);
    await t.app.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() + DAY_MS) })
      .where(eq(invitations.id, first.invitation.id));

    const again = await invite(t.app, owner, owner.workspaceId, 'GUEST@example.com');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ resent: true, invitation: { id: first.invitation.id } });
    expect(Date.parse(again.json().invitation.expiresAt)).toBeGreaterThan(Date.now() + 6 * DAY_MS);

    const rows = await t.app.db.select().from(invitations);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toMatch(new RegExp(`^${before!.tokenHash} [0-9a-f]{64}$`));
    const mails = invitationMailsTo(t.app, 'guest@example.com');
    expect(mails).toHaveLength(2);
    const newToken = tokenFromMail(mails[0]!.text);
    expect(newToken).not.toBe(first.token);
    expect((await preview(t.app, first.token)).json().state).toBe('pending');
    expect((await preview(t.app, newToken)).json().state).toBe('pending');
    expect((await pendingList(t.app, owner, owner.workspaceId)).json()).toHaveLength(1);
  });

  it('stops at the seats: members besides the owner plus pending invitations, with the seats message', async () => {
    const owner = await createUser(t.app);
    const member = await createUser(t.app);
    await addMember(t.app, owner.workspaceId, member.id);
    await makePro(t.app, owner.workspaceId); // 3 seats: the member and two invitations fill them.
    const a = await invited(t.app, owner, owner.workspaceId, 'a@example.com');
    await invited(t.app, member, owner.workspaceId, 'b@example.com');

    const full = await invite(t.app, owner, owner.workspaceId, 'c@example.com');
    expect(full.statusCode).toBe(409);
    expect(errorOf(full)).toMatchObject({
      code: 'SEATS_EXHAUSTED',
      message: '¡Has agotado todos los asientos disponibles! Mejora tu plan para enviar una invitación.',
    });
    expect(invitationMailsTo(t.app, 'c@example.com')).toEqual([]);

    // An invitation that expires gives its seat back.
    await expire(t.app, a.invitation.id);
    expect((await invite(t.app, owner, owner.workspaceId, 'c@example.com')).statusCode).toBe(201);
    // …and inviting its address again then needs a free seat like a new invitation.
    const noSeat = await invite(t.app, owner, owner.workspaceId, 'a@example.com');
    expect(errorOf(noSeat).code).toBe('SEATS_EXHAUSTED');
  });

  it('invites an address again after its invitation expired: a new link that works, on the same invitation', async () => {
    const owner = await createUser(t.app);
    await makePro(t.app, owner.workspaceId);
    const first = await invited(t.app, owner, owner.workspaceId, 'guest@example.com');
    await expire(t.app, first.invitation.id);
    expect((await pendingList(t.app, owner, owner.workspaceId)).json()).toEqual([]);

    const again = await invite(t.app, owner, owner.workspaceId, 'guest@example.com');
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ resent: false, invitation: { id: first.invitation.id } });
    const guest = await createUser(t.app, { email: 'guest@example.com' });
    const token = tokenFromMail(invitationMailsTo(t.app, 'guest@example.com')[0]!.text);
    expect((await accept(t.app, guest, token)).statusCode).toBe(200);
    const open = await t.app.db
      .select()
      .from(invitations)
      .where(and(eq(invitations.workspaceId, owner.workspaceId), eq(invitations.email, 'guest@example.com')));
    expect(open).toHaveLength(1);
    expect(open[0]!.acceptedAt).toBeInstanceOf(Date);
  });
});
