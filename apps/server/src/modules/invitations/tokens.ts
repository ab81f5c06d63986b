import { INVITATION_VALID_DAYS, type InvitationState } from '@redacta/shared';
import { generateToken, hashSecret } from '../../lib/secrets.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A fresh invitation secret: 256 random bits, base64url (43 characters), for the link only. The
 * database keeps its hash, so a leaked table cannot be turned into working links; a resend replaces
 * both, so only the newest link works.
 */
export function issueInvitationToken(now = new Date()) {
  const token = generateToken();
  return {
    token,
    tokenHash: hashInvitationToken(token),
    expiresAt: new Date(now.getTime() + INVITATION_VALID_DAYS * DAY_MS),
  };
}

/** When an invitation's current link was issued: its expiry, less the time a link is valid. */
export const issuedAt = (invitation: { expiresAt: Date }) =>
  new Date(invitation.expiresAt.getTime() - INVITATION_VALID_DAYS * DAY_MS);

export const hashInvitationToken = (token: string) => hashSecret(token);

/**
 * Where an invitation stands. Accepted wins over everything. A revocation counts only if it came
 * before the expiry: an expired invitation that is closed later (say, by a plan change) still reads
 * as expired, which is what its link's holder needs to hear.
 */
export function invitationState(
  invitation: { acceptedAt: Date | null; revokedAt: Date | null; expiresAt: Date },
  now = new Date(),
): InvitationState {
  if (invitation.acceptedAt) return 'used';
  if (invitation.revokedAt && invitation.revokedAt < invitation.expiresAt) return 'revoked';
  if (invitation.expiresAt <= now) return 'expired';
  return 'pending';
}
