import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { normalizeEmail, type AcceptInvitationResponse, type InvitationPreview } from '@redacta/shared';
import type { Db } from '../../db/client.ts';
import { invitations, memberships, users, workspaces } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { lockWorkspace } from './seats.ts';
import { displayName } from './service.ts';
import { findInvitationByToken, invitationState } from './tokens.ts';
import type { WebhookEvents } from '../webhooks/events.ts';
import { recordAudit } from '../audit/index.ts';

const inviters = alias(users, 'inviter');

/**
 * What the invitation page shows before anyone signs in: the token alone is the proof, so only what
 * its holder was already told by e-mail is answered (workspace, inviter, invited address) plus the
 * state. An unknown token — never issued, or from before the invitation expired and was issued again — is 404.
 */
export async function previewInvitation(db: Db, token: string): Promise<InvitationPreview> {
  const found = await findInvitationByToken(db, token);
  if (!found) throw notFound('Invitation');
  const [row] = await db
    .select({ invitation: invitations, workspaceName: workspaces.name, inviter: inviters })
    .from(invitations)
    .innerJoin(workspaces, eq(workspaces.id, invitations.workspaceId))
    .innerJoin(inviters, eq(inviters.id, invitations.invitedBy))
    .where(eq(invitations.id, found.id));
  if (!row) throw notFound('Invitation');
  return {
    state: invitationState(row.invitation),
    workspaceName: row.workspaceName,
    inviterName: displayName(row.inviter),
    email: row.invitation.email,
  };
}

/**
 * Joins the workspace with an invitation. Single use: the invitation row is locked, so of two
 * simultaneous accepts the second sees it used. The invitation is bound to the invited address
 * (ignoring case): a link forwarded to someone else does not let them in. The membership and the
 * invitation's use are one transaction, which announces `member.joined` to the workspace's webhooks;
 * someone already a member (say, through an earlier link) just uses it up and lands in the workspace.
 */
export async function acceptInvitation(
  db: Db,
  userId: string,
  token: string,
  events: WebhookEvents,
): Promise<AcceptInvitationResponse> {
  return db.transaction(async (tx) => {
    const found = await findInvitationByToken(tx, token);
    if (!found) throw notFound('Invitation');
    // Workspace before invitation, the lock order of every invitation write (service.ts).
    await lockWorkspace(tx, found.workspaceId);
    const invitation = await findInvitationByToken(tx, token, true);
    // Reissued after expiring in between: this link no longer works.
    if (!invitation) throw notFound('Invitation');

    const state = invitationState(invitation);
    if (state === 'used') throw new AppError('INVITATION_USED', 'This invitation has already been used');
    if (state === 'revoked') throw new AppError('INVITATION_REVOKED', 'This invitation has been revoked');
    if (state === 'expired') throw new AppError('INVITATION_EXPIRED', 'This invitation has expired');

    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
    if (!user) throw new AppError('UNAUTHENTICATED', 'Sign in to continue');
    if (normalizeEmail(user.email) !== normalizeEmail(invitation.email)) {
      throw new AppError(
        'INVITATION_EMAIL_MISMATCH',
        `This invitation is for ${invitation.email}; sign in with that address to accept it`,
      );
    }

    const joined = await tx
      .insert(memberships)
      .values({ workspaceId: invitation.workspaceId, userId, role: 'member' })
      .onConflictDoNothing()
      .returning({ createdAt: memberships.createdAt });
    if (joined.length > 0) {
      await events.emit(tx, {
        workspaceId: invitation.workspaceId,
        type: 'member.joined',
        data: { userId, email: user.email, role: 'member', joinedAt: joined[0]!.createdAt.toISOString() },
      });
    }
    await tx.update(invitations).set({ acceptedAt: new Date() }).where(eq(invitations.id, invitation.id));
    await recordAudit(tx, {
      workspaceId: invitation.workspaceId,
      action: 'invitation.accepted',
      target: { type: 'invitation', id: invitation.id, label: invitation.email },
      actor: { kind: 'user', userId },
    });
    return { id: invitation.workspaceId };
  });
}
