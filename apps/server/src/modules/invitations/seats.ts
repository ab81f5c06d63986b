import { and, count, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { invitations, memberships, workspaces } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';

/**
 * An invitation still waiting for its answer: neither accepted nor revoked, and not past its expiry.
 * Only these hold a seat and appear in the pending list; an expired one frees its seat by itself.
 */
export function isPending() {
  return and(
    isNull(invitations.acceptedAt),
    isNull(invitations.revokedAt),
    gt(invitations.expiresAt, sql`now()`),
  );
}

/**
 * Seats taken in a workspace: members besides the owner plus pending invitations. The owner never
 * takes a seat (`workspaces.user_seats` counts the others). The one count of seats: the invitation
 * routes, the members route and the billing summary all use it, so they cannot disagree.
 */
export async function seatsUsed(db: Db | Tx, workspaceId: string): Promise<number> {
  const [members] = await db
    .select({ count: count() })
    .from(memberships)
    .where(and(eq(memberships.workspaceId, workspaceId), ne(memberships.role, 'owner')));
  const [pending] = await db
    .select({ count: count() })
    .from(invitations)
    .where(and(eq(invitations.workspaceId, workspaceId), isPending()));
  return members!.count + pending!.count;
}

/**
 * Locks the workspace row for the rest of the transaction and reads its plan and seats. Every write
 * that may take a seat (an invitation, a reissued expired one) and every plan change takes this lock
 * first, so two invitations racing for the last seat run one after the other and the second one
 * counts the first.
 */
export async function lockWorkspace(tx: Tx, workspaceId: string) {
  const [workspace] = await tx
    .select({
      id: workspaces.id,
      name: workspaces.name,
      ownerId: workspaces.ownerId,
      plan: workspaces.plan,
      userSeats: workspaces.userSeats,
    })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId))
    .for('update');
  if (!workspace) throw notFound('Workspace');
  return workspace;
}
