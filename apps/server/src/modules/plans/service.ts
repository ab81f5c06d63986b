import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { isProPlan, PRO_INCLUDED_SEATS, type Plan } from '@redacta/shared';
import type { Db, Tx } from '../../db/client.ts';
import { invitations, workspaces } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { isPending, lockWorkspace, seatsUsed } from '../invitations/index.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';

/** The most seats a plan change may give: an Enterprise plan's seats, or the seats bought beyond Pro's. */
export const MAX_USER_SEATS = 10_000;

export interface PlanChange {
  workspaceId: string;
  plan: Plan;
  /** Pro only: seats bought beyond the included ones. */
  extraSeats?: number;
  /** Enterprise only, required: every seat besides the owner. */
  enterpriseSeats?: number;
  /** Who changes it, for the audit log, when not the request's person (Stripe, the operator). */
  actor?: AuditActor;
}

export interface PlanChangeResult {
  plan: Plan;
  userSeats: number;
  /** Pending invitations revoked because the new plan has no seat for them. */
  revokedInvitations: number;
}

/**
 * Seats besides the owner for a plan: none on free, the included ones plus those bought on Pro, the
 * configured number on Enterprise (docs/product.md, "Plans and the word allowance").
 */
export function seatsForPlan(
  plan: Plan,
  options: { extraSeats?: number; enterpriseSeats?: number } = {},
): number {
  if (plan === 'free') return 0;
  if (isProPlan(plan)) return PRO_INCLUDED_SEATS + seatCount(options.extraSeats ?? 0, 'extra seats');
  if (options.enterpriseSeats === undefined) {
    throw new AppError('VALIDATION_FAILED', 'An Enterprise plan needs its number of seats');
  }
  return seatCount(options.enterpriseSeats, 'Enterprise seats');
}

function seatCount(value: number, what: string): number {
  if (!Number.isInteger(value) || value < 0 || value > MAX_USER_SEATS) {
    throw new AppError('VALIDATION_FAILED', `The ${what} must be a whole number from 0 to ${MAX_USER_SEATS}`);
  }
  return value;
}

/**
 * The one way a workspace's plan changes — the operator command and billing both call it. In one
 * transaction with the workspace row locked (so an invitation racing for a seat waits for it): the
 * plan and its seats are set; pending invitations the new seats cannot hold are revoked, the newest
 * first (all of them on free); members are never removed and nothing is deleted. Going to free also
 * turns the premium model off. Why: docs/decisions/0010-plan-changes-and-downgrades.md.
 */
export async function changeWorkspacePlan(db: Db | Tx, change: PlanChange): Promise<PlanChangeResult> {
  const userSeats = seatsForPlan(change.plan, change);
  return db.transaction(async (tx) => {
    const before = await lockWorkspace(tx, change.workspaceId);
    await tx
      .update(workspaces)
      .set({
        plan: change.plan,
        userSeats,
        ...(change.plan === 'free' ? { isGpt4TurnedOn: false } : {}),
      })
      .where(eq(workspaces.id, change.workspaceId));

    const pending = await tx
      .select({ id: invitations.id })
      .from(invitations)
      .where(and(eq(invitations.workspaceId, change.workspaceId), isPending()))
      .orderBy(desc(invitations.createdAt), desc(invitations.id));
    // Seats used are the members besides the owner plus these same pending invitations.
    const members = (await seatsUsed(tx, change.workspaceId)) - pending.length;

    // Free has no seats, so every pending invitation goes; members are kept even beyond the seats.
    const seatsLeft = Math.max(0, userSeats - members);
    const revoke = pending.slice(0, Math.max(0, pending.length - seatsLeft));
    if (revoke.length > 0) {
      await tx
        .update(invitations)
        .set({ revokedAt: sql`now()` })
        .where(
          inArray(
            invitations.id,
            revoke.map((invitation) => invitation.id),
          ),
        );
    }
    if (before.plan !== change.plan || before.userSeats !== userSeats) {
      await recordAudit(tx, {
        workspaceId: change.workspaceId,
        action: before.plan !== change.plan ? 'billing.plan_changed' : 'billing.seats_changed',
        target: { type: 'workspace', id: change.workspaceId, label: before.name },
        before: { plan: before.plan, userSeats: before.userSeats },
        after: { plan: change.plan, userSeats, revokedInvitations: revoke.length },
        ...(change.actor ? { actor: change.actor } : {}),
      });
    }
    return { plan: change.plan, userSeats, revokedInvitations: revoke.length };
  });
}
