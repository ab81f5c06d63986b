import { eq } from 'drizzle-orm';
import type { BillingMode, SubscriptionSummary } from '@redacta/shared';
import type { Db, Tx } from '../../db/client.ts';
import { subscriptions, workspaces } from '../../db/schema.ts';
import { seatsUsed } from '../invitations/index.ts';
import { requireMembership } from '../workspaces/service.ts';
import { isLive } from './subscription-state.ts';

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** The workspace's subscription row (live or not), if it ever had one. */
export async function storedSubscription(
  db: Db | Tx,
  workspaceId: string,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.workspaceId, workspaceId));
  return row;
}

/**
 * What /subscription shows, for any member; only the owner may act on it (`canManage`), and nobody
 * when billing is off.
 */
export async function subscriptionSummary(
  db: Db,
  billingMode: BillingMode,
  workspaceId: string,
  userId: string,
  offered: { enterpriseContactEmail: string | null },
  now = new Date(),
): Promise<SubscriptionSummary> {
  const role = await requireMembership(db, workspaceId, userId);
  const [workspace] = await db
    .select({ plan: workspaces.plan, userSeats: workspaces.userSeats })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  const row = await storedSubscription(db, workspaceId);
  const live = row && isLive(row.status);
  return {
    workspaceId,
    billingMode,
    plan: workspace!.plan,
    paymentType: live ? row.paymentType : null,
    status: (row?.status ?? 'none') as SubscriptionSummary['status'],
    currentPeriodEnd: row?.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: live ? row.cancelAtPeriodEnd : false,
    userSeats: workspace!.userSeats,
    extraSeats: live ? row.extraSeats : 0,
    seatsUsed: await seatsUsed(db, workspaceId),
    discountUsed: Boolean(row?.discountRequestedAt),
    discountEndsAt:
      live && row.discountEndsAt && row.discountEndsAt > now ? row.discountEndsAt.toISOString() : null,
    canManage: role === 'owner' && billingMode !== 'off',
    enterpriseContactEmail: offered.enterpriseContactEmail,
  };
}
