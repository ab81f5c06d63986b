import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { App } from '../../src/app.ts';
import { invitations } from '../../src/db/schema.ts';
import { changeWorkspacePlan } from '../../src/modules/plans/service.ts';
import { addMember, createUser, type TestUser } from '../helpers/factories.ts';

/** Pro through the one plan service: 3 seats besides the owner, plus `extraSeats`. */
export function makePro(app: App, workspaceId: string, extraSeats = 0) {
  return changeWorkspacePlan(app.db, { workspaceId, plan: 'pro_monthly', extraSeats });
}

/**
 * A Pro workspace (3 seats plus `extraSeats`) with its owner, a member who invites (Bea Ruiz), another
 * member, and someone outside it.
 */
export async function invitingTeam(app: App, extraSeats: number) {
  const owner = await createUser(app);
  const inviter = await createUser(app, { firstName: 'Bea', lastName: 'Ruiz' });
  const bystander = await createUser(app);
  const outsider = await createUser(app);
  await addMember(app, owner.workspaceId, inviter.id);
  await addMember(app, owner.workspaceId, bystander.id);
  await makePro(app, owner.workspaceId, extraSeats);
  return { owner, inviter, bystander, outsider };
}

export function invite(app: App, by: Pick<TestUser, 'auth'>, workspaceId: string, email: string) {
  return app.inject({
    method: 'POST',
    url: `/api/workspace/${workspaceId}/invite`,
    headers: by.auth,
    payload: { email },
  });
}

/** Invites and expects it to work; answers the invitation and the link's token from the mail. */
export async function invited(app: App, by: Pick<TestUser, 'auth'>, workspaceId: string, email: string) {
  const res = await invite(app, by, workspaceId, email);
  expect(res.statusCode, res.body).toBeLessThan(300);
  return {
    invitation: res.json().invitation as { id: string; email: string },
    token: lastTokenTo(app, email),
  };
}

export function accept(app: App, by: Pick<TestUser, 'auth'>, token: string) {
  return app.inject({
    method: 'POST',
    url: '/api/workspace/add-user-by-token',
    headers: by.auth,
    payload: { token },
  });
}

export function preview(app: App, token: string, remoteAddress?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/invitation-to-workspace/preview',
    payload: { token },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

export function resend(app: App, by: Pick<TestUser, 'auth'>, invitationId: string) {
  return app.inject({
    method: 'POST',
    url: `/api/invitation-to-workspace/${invitationId}/resend`,
    headers: by.auth,
  });
}

export function revoke(app: App, by: Pick<TestUser, 'auth'>, invitationId: string) {
  return app.inject({
    method: 'DELETE',
    url: `/api/invitation-to-workspace/${invitationId}/revoke`,
    headers: by.auth,
  });
}

export function pendingList(app: App, by: Pick<TestUser, 'auth'>, workspaceId: string) {
  return app.inject({ url: `/api/workspace/${workspaceId}/pending-invitations`, headers: by.auth });
}

/** The token of an invitation link in a mail's text. */
export function tokenFromMail(text: string): string {
  const match = text.match(/\/invite\/existing\?token=((?:[A-Za-z0-9_-]{22})?[A-Za-z0-9_-]{43})(?:\s|$)/m);
  if (!match) throw new Error(`no invitation link in mail:\n${text}`);
  return match[1]!;
}

/** The token in the latest invitation the development mailer "sent" to `email`. */
export function lastTokenTo(app: App, email: string): string {
  const mail = app.mailer.recent().find((sent) => sent.to === email.toLowerCase());
  if (!mail) throw new Error(`no mail to ${email}`);
  return tokenFromMail(mail.text);
}

export const invitationMailsTo = (app: App, email: string) =>
  app.mailer.recent().filter((sent) => sent.to === email.toLowerCase());

/** Moves an invitation's expiry into the past, as seven days passing would. */
export async function expire(app: App, invitationId: string) {
  await app.db
    .update(invitations)
    .set({ expiresAt: new Date(Date.now() - 60_000) })
    .where(eq(invitations.id, invitationId));
}

export const errorOf = (res: { json: () => unknown }) =>
  (res.json() as { error: { code: string; message: string } }).error;
