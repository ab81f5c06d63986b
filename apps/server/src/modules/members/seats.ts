import { and, count, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { invitations, memberships } from '../../db/schema.ts';

/**
 * An invitation of the workspace (an id, or a column for a query over many) that still holds a seat:
 * neither accepted, revoked nor expired.
 */
export function pendingInvitationOf(workspaceId: string | AnyPgColumn): SQL {
  return and(
    eq(invitations.workspaceId, workspaceId),
    isNull(invitations.acceptedAt),
    isNull(invitations.revokedAt),
    gt(invitations.expiresAt, sql`now()`),
  )!;
}

/** Members besides the owner. */
export async function memberCount(db: Db | Tx, workspaceId: string): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(memberships)
    .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.role, 'member')));
  return row!.count;
}

/** Seats taken: members besides the owner plus pending invitations (docs/product.md, "Plans"). */
export async function seatsUsed(db: Db | Tx, workspaceId: string): Promise<number> {
  const [pending] = await db
    .select({ count: count() })
    .from(invitations)
    .where(pendingInvitationOf(workspaceId));
  return (await memberCount(db, workspaceId)) + pending!.count;
}
