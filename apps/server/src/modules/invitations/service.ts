import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  isManagerRole,
  isPaidPlan,
  normalizeEmail,
  type InviteResponse,
  type PendingInvitation,
  type Plan,
} from '@redacta/shared';
import type { Db, Tx } from '../../db/client.ts';
import { invitations, memberships, users } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { requireMembership } from '../workspaces/service.ts';
import { recordAudit } from '../audit/index.ts';
import { invitationMail } from './mail.ts';
import { isPending, lockWorkspace, seatsUsed } from './seats.ts';
import { invitationState, issuedAt, issueInvitationLink } from './tokens.ts';

/*
 * Invitation rules (docs/product.md, "Who may do what"):
 * - Anyone in a Pro or Enterprise workspace may invite, not only the owner: a team grows from
 *   inside. A free workspace has no seats, so it gets PLAN_REQUIRED rather than SEATS_EXHAUSTED,
 *   which tells the user what to change.
 * - Members besides the owner plus pending invitations never exceed `user_seats`: the count and the
 *   write happen in one transaction holding the workspace row lock (seats.ts).
 * - One open invitation per address and workspace (a unique index): inviting the address again
 *   sends that invitation again with one more link instead of taking a second seat; every link mailed
 *   for it works until it is accepted, revoked or expires (tokens.ts). The same invitation asked for
 *   again within a minute (a double click, a retry) answers as the first time and sends no mail.
 * - Only the inviter, an admin or the owner may resend or revoke an invitation, through the invite route too:
 *   another member inviting an address with a pending invitation gets NOT_INVITER. An expired one is
 *   dead, so whoever invites the address again becomes its inviter.
 * - Every invitation mail spends the recipient's and the sender's mail budgets (mail/budgets.ts), so
 *   nobody's inbox can be flooded by inviting, revoking and inviting again.
 */

export const PLAN_REQUIRED_MESSAGE = 'Upgrade to the Plan Pro to invite team members';
export const SEATS_EXHAUSTED_MESSAGE =
  '¡Has agotado todos los asientos disponibles! Mejora tu plan para enviar una invitación.';
export const NOT_INVITER_MESSAGE = 'The user is not an inviter';

/** The same invitation asked for again within this time is answered without a second mail. */
const REPEATED_INVITATION_MS = 60 * 1000;

type InvitationRow = typeof invitations.$inferSelect;
type Person = { id: string; firstName: string | null; lastName: string | null; email: string };

const person = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
};

export const displayName = (user: Pick<Person, 'firstName' | 'lastName' | 'email'>) =>
  [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;

function toPendingInvitation(invitation: InvitationRow, inviter: Person): PendingInvitation {
  return {
    id: invitation.id,
    workspaceId: invitation.workspaceId,
    email: invitation.email,
    invitedBy: {
      id: inviter.id,
      firstName: inviter.firstName,
      lastName: inviter.lastName,
      email: inviter.email,
    },
    createdAt: invitation.createdAt.toISOString(),
    expiresAt: invitation.expiresAt.toISOString(),
  };
}

function requirePaidPlan(plan: Plan) {
  if (!isPaidPlan(plan)) throw new AppError('PLAN_REQUIRED', PLAN_REQUIRED_MESSAGE);
}

async function requireFreeSeat(tx: Tx, workspace: { id: string; userSeats: number }) {
  if ((await seatsUsed(tx, workspace.id)) + 1 > workspace.userSeats) {
    throw new AppError('SEATS_EXHAUSTED', SEATS_EXHAUSTED_MESSAGE);
  }
}

/** Addresses are compared ignoring case: a person is one address however it was typed. */
async function isMemberByEmail(tx: Tx, workspaceId: string, email: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: memberships.id })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.workspaceId, workspaceId), eq(sql`lower(${users.email})`, email)));
  return Boolean(row);
}

/**
 * Mails an open invitation again. A pending one gets one more link, and every link mailed before
 * keeps working with the new expiry; an expired one held no seat, so it must find a free seat again
 * as a new invitation would, and starts over with only the new link (its old links expired).
 * `inviter`, when given, becomes the expired invitation's inviter.
 */
async function reissue(
  tx: Tx,
  invitation: InvitationRow,
  workspace: { id: string; plan: Plan; userSeats: number },
  mail: { spend: () => Promise<void>; inviter?: string },
) {
  // A revoked invitation stays closed even if it had expired first (its link reads "expired").
  if (invitation.acceptedAt)
    throw new AppError('INVITATION_USED', 'This invitation has already been accepted');
  if (invitation.revokedAt) throw new AppError('INVITATION_REVOKED', 'This invitation has been revoked');
  const state = invitationState(invitation);
  requirePaidPlan(workspace.plan);
  if (state === 'expired') await requireFreeSeat(tx, workspace);
  await mail.spend();
  const { token, tokenHash, expiresAt } = issueInvitationLink(
    invitation.id,
    state === 'pending' ? invitation : undefined,
  );
  const invitedBy = state === 'expired' && mail.inviter ? mail.inviter : invitation.invitedBy;
  const [updated] = await tx
    .update(invitations)
    .set({ tokenHash, expiresAt, invitedBy })
    .where(eq(invitations.id, invitation.id))
    .returning();
  return { invitation: updated!, token, wasPending: state === 'pending' };
}

async function findInviter(app: FastifyInstance, invitation: InvitationRow) {
  const [inviter] = await app.db
    .select({ ...person, locale: users.locale })
    .from(users)
    .where(eq(users.id, invitation.invitedBy));
  return inviter!;
}

/** Mails the link; the invitation is already committed, so a failure says to try again (which resends). */
async function sendInvitation(
  app: FastifyInstance,
  sent: { invitation: InvitationRow; token: string; workspaceName: string },
) {
  const inviter = await findInviter(app, sent.invitation);
  const link = `${app.config.APP_URL}/invite/existing?token=${sent.token}`;
  try {
    await app.mailer.send(
      invitationMail({
        to: sent.invitation.email,
        inviterName: displayName(inviter),
        workspaceName: sent.workspaceName,
        link,
        locale: inviter.locale,
      }),
    );
  } catch (error) {
    app.log.error({ err: error }, 'could not send the invitation e-mail');
    throw new AppError('INTERNAL', 'We could not send the e-mail; try again in a minute', 503);
  }
  return inviter;
}

/** A pending invitation whose newest link was mailed less than a minute ago. */
const justSent = (invitation: InvitationRow) =>
  invitationState(invitation) === 'pending' &&
  Date.now() - issuedAt(invitation).getTime() < REPEATED_INVITATION_MS;

/**
 * Whether the newest link of a pending invitation was a resend: a resend adds a link, while a new
 * invitation (or one issued again after expiring) starts with one. A repeat answers as the request
 * it repeats, so a double click on a first invitation never reads "sent again".
 */
const wasResent = (invitation: InvitationRow) => invitation.tokenHash.includes(' ');

/** An invitation's change in its workspace's audit log, the invited address as its target. */
function recordInvitation(
  tx: Tx,
  action: 'invitation.sent' | 'invitation.resent' | 'invitation.revoked',
  invitation: InvitationRow,
) {
  return recordAudit(tx, {
    workspaceId: invitation.workspaceId,
    action,
    target: { type: 'invitation', id: invitation.id, label: invitation.email },
  });
}

export async function inviteToWorkspace(
  app: FastifyInstance,
  input: { workspaceId: string; userId: string; email: string },
): Promise<InviteResponse> {
  const email = normalizeEmail(input.email);
  const role = await requireMembership(app.db, input.workspaceId, input.userId);
  const spend = () => app.mailBudgets.invitationMail(email, input.userId);
  const outcome = await app.db.transaction(async (tx) => {
    const workspace = await lockWorkspace(tx, input.workspaceId);
    requirePaidPlan(workspace.plan);
    if (await isMemberByEmail(tx, workspace.id, email)) {
      throw new AppError('ALREADY_MEMBER', 'This person is already a member of the workspace');
    }
    const [open] = await tx
      .select()
      .from(invitations)
      .where(
        and(
          eq(invitations.workspaceId, workspace.id),
          eq(invitations.email, email),
          isNull(invitations.acceptedAt),
          isNull(invitations.revokedAt),
        ),
      );
    if (open) {
      const pending = invitationState(open) === 'pending';
      if (pending && open.invitedBy !== input.userId && !isManagerRole(role)) {
        throw new AppError('NOT_INVITER', NOT_INVITER_MESSAGE);
      }
      if (justSent(open)) {
        return { invitation: open, token: null, wasPending: wasResent(open), workspaceName: workspace.name };
      }
      const reissued = await reissue(tx, open, workspace, { spend, inviter: input.userId });
      await recordInvitation(
        tx,
        reissued.wasPending ? 'invitation.resent' : 'invitation.sent',
        reissued.invitation,
      );
      return { ...reissued, workspaceName: workspace.name };
    }
    await requireFreeSeat(tx, workspace);
    await spend();
    const { id, token, tokenHash, expiresAt } = issueInvitationLink();
    const [created] = await tx
      .insert(invitations)
      .values({ id, workspaceId: workspace.id, email, invitedBy: input.userId, tokenHash, expiresAt })
      .returning();
    await recordInvitation(tx, 'invitation.sent', created!);
    return { invitation: created!, token, wasPending: false, workspaceName: workspace.name };
  });
  const { token } = outcome;
  const inviter =
    token === null
      ? await findInviter(app, outcome.invitation)
      : await sendInvitation(app, { ...outcome, token });
  return { invitation: toPendingInvitation(outcome.invitation, inviter), resent: outcome.wasPending };
}

export async function listPendingInvitations(
  db: Db,
  workspaceId: string,
  userId: string,
): Promise<PendingInvitation[]> {
  await requireMembership(db, workspaceId, userId);
  const rows = await db
    .select({ invitation: invitations, inviter: person })
    .from(invitations)
    .innerJoin(users, eq(users.id, invitations.invitedBy))
    .where(and(eq(invitations.workspaceId, workspaceId), isPending()))
    .orderBy(asc(invitations.createdAt), asc(invitations.id));
  return rows.map(({ invitation, inviter }) => toPendingInvitation(invitation, inviter));
}

/**
 * The invitation, when the user may manage it: 404 when it does not exist or belongs to a workspace
 * the user is not in (no hint that it exists), NOT_INVITER for a member who neither sent it nor governs
 * the workspace.
 */
async function manageableInvitation(db: Db | Tx, invitationId: string, userId: string) {
  const [invitation] = await db.select().from(invitations).where(eq(invitations.id, invitationId));
  if (!invitation) throw notFound('Invitation');
  const role = await requireMembership(db, invitation.workspaceId, userId, 'Invitation');
  if (invitation.invitedBy !== userId && !isManagerRole(role)) {
    throw new AppError('NOT_INVITER', NOT_INVITER_MESSAGE);
  }
  return invitation;
}

export async function resendInvitation(
  app: FastifyInstance,
  input: { invitationId: string; userId: string },
): Promise<PendingInvitation> {
  const found = await manageableInvitation(app.db, input.invitationId, input.userId);
  const outcome = await app.db.transaction(async (tx) => {
    // The workspace first, then the invitation: the order every seat-taking write and plan change
    // locks in, so none of them can deadlock with another.
    const workspace = await lockWorkspace(tx, found.workspaceId);
    const [invitation] = await tx
      .select()
      .from(invitations)
      .where(eq(invitations.id, found.id))
      .for('update');
    if (!invitation) throw notFound('Invitation');
    const reissued = await reissue(tx, invitation, workspace, {
      spend: () => app.mailBudgets.invitationMail(invitation.email, input.userId),
    });
    await recordInvitation(tx, 'invitation.resent', reissued.invitation);
    return { ...reissued, workspaceName: workspace.name };
  });
  const inviter = await sendInvitation(app, outcome);
  return toPendingInvitation(outcome.invitation, inviter);
}

/** Revoking twice is no error; an accepted invitation cannot be revoked (removing the member is). */
export async function revokeInvitation(db: Db, invitationId: string, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await manageableInvitation(tx, invitationId, userId);
    const [invitation] = await tx
      .select()
      .from(invitations)
      .where(eq(invitations.id, invitationId))
      .for('update');
    if (!invitation) throw notFound('Invitation');
    if (invitation.acceptedAt) {
      throw new AppError('INVITATION_USED', 'This invitation has already been accepted');
    }
    if (invitation.revokedAt) return;
    await tx.update(invitations).set({ revokedAt: new Date() }).where(eq(invitations.id, invitationId));
    await recordInvitation(tx, 'invitation.revoked', invitation);
  });
}
