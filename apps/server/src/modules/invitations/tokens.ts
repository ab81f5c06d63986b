import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { INVITATION_VALID_DAYS, type InvitationState } from '@redacta/shared';
import type { Db, Tx } from '../../db/client.ts';
import { invitations } from '../../db/schema.ts';
import { generateToken, hashSecret, safeEqualHex } from '../../lib/secrets.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * How many links of one invitation work at once. Every mailed link stays valid until the invitation
 * is accepted, revoked or expires, so a resend adds one; the mail budgets keep resends rare, and past
 * this many the oldest link stops working so the row stays small.
 */
export const LINKS_KEPT = 32;

/** An invitation id as the 22 base64url characters of its 16 bytes, the first part of a link's token. */
const ID_CHARS = 22;
const SECRET_CHARS = 43;

const encodeId = (id: string) => Buffer.from(id.replaceAll('-', ''), 'hex').toString('base64url');

function decodeId(encoded: string): string | null {
  const hex = Buffer.from(encoded, 'base64url').toString('hex');
  // Only the canonical spelling: any other string of the same length names no invitation.
  if (hex.length !== 32 || encodeId(hex) !== encoded) return null;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const hashInvitationToken = (secret: string) => hashSecret(secret);

/**
 * The `token_hash` column holds the hash of every link that still works, oldest first, separated by
 * spaces. Links mailed before an invitation could have several are a bare secret whose hash is the
 * list's first entry.
 */
const linkHashes = (invitation: { tokenHash: string }) => invitation.tokenHash.split(' ');

/**
 * A new link for an invitation: its id (so the row is found by its key) and 256 random bits,
 * base64url. The database keeps only the secret's hash, so a leaked table cannot be turned into
 * working links. `keep` is the invitation's current list when the new link is added to it (a resend
 * of a pending invitation) and absent when the new link replaces them (a new or an expired one).
 */
export function issueInvitationLink(
  invitationId: string = randomUUID(),
  keep?: { tokenHash: string },
  now = new Date(),
) {
  const secret = generateToken();
  const hashes = [...(keep ? linkHashes(keep) : []), hashInvitationToken(secret)].slice(-LINKS_KEPT);
  return {
    id: invitationId,
    token: `${encodeId(invitationId)}${secret}`,
    tokenHash: hashes.join(' '),
    expiresAt: new Date(now.getTime() + INVITATION_VALID_DAYS * DAY_MS),
  };
}

type InvitationRow = typeof invitations.$inferSelect;

/**
 * The invitation a link belongs to, or undefined for a link never issued or no longer kept.
 * `lock` takes the row lock for the rest of the transaction.
 */
export async function findInvitationByToken(
  db: Db | Tx,
  token: string,
  lock = false,
): Promise<InvitationRow | undefined> {
  if (token.length === ID_CHARS + SECRET_CHARS) {
    const id = decodeId(token.slice(0, ID_CHARS));
    if (!id) return undefined;
    const query = db.select().from(invitations).where(eq(invitations.id, id));
    const [row] = lock ? await query.for('update') : await query;
    const hash = hashInvitationToken(token.slice(ID_CHARS));
    return row && linkHashes(row).some((kept) => safeEqualHex(kept, hash)) ? row : undefined;
  }
  const hash = hashInvitationToken(token);
  const exact = db.select().from(invitations).where(eq(invitations.tokenHash, hash));
  const [row] = lock ? await exact.for('update') : await exact;
  if (row) return row;
  // A link from before links carried their invitation's id, whose invitation has since been sent
  // again: its hash heads the list. No index serves this, so it runs only when the exact match failed.
  const listed = db
    .select()
    .from(invitations)
    .where(sql`starts_with(${invitations.tokenHash}, ${`${hash} `})`);
  const [resent] = lock ? await listed.for('update') : await listed;
  return resent;
}

/** When an invitation's newest link was issued: its expiry, less the time a link is valid. */
export const issuedAt = (invitation: { expiresAt: Date }) =>
  new Date(invitation.expiresAt.getTime() - INVITATION_VALID_DAYS * DAY_MS);

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
