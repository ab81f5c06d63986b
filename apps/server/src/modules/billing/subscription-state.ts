import { eq, sql } from 'drizzle-orm';
import type { PaymentType, SubscriptionSummary } from '@redacta/shared';
import type { Db, Tx } from '../../db/client.ts';
import { subscriptions } from '../../db/schema.ts';
import { lockWorkspace } from '../invitations/index.ts';
import { changeWorkspacePlan } from '../plans/service.ts';
import type { WebhookEvents } from '../webhooks/events.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';

export type SubscriptionStatus = Exclude<SubscriptionSummary['status'], 'none'>;
export type { PaymentType };

/**
 * A subscription as its provider has it now — read back from Stripe, or computed by the sandbox. The
 * webhooks, the routes that change a subscription and the sandbox all end in `applySubscriptionState`
 * with one of these, so the workspace changes the same way whichever way the change came.
 */
export interface SubscriptionState {
  provider: 'stripe' | 'sandbox';
  externalId: string;
  customerId: string | null;
  workspaceId: string;
  status: SubscriptionStatus;
  paymentType: PaymentType;
  /** Seats bought beyond the ones Pro includes. */
  extraSeats: number;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  /** The end of a discount running now, if any. */
  discountEndsAt: Date | null;
  /** The retention offer's coupon is on the subscription (it may be used once per workspace). */
  retentionDiscount: boolean;
}

/** Statuses in which the workspace has Pro: paid, in a trial, or while Stripe retries a failed payment. */
const liveStatuses: readonly SubscriptionStatus[] = ['active', 'trialing', 'past_due'];
/** Statuses in which the subscription is over: cancelled, or unpaid after Stripe's retries. */
const endedStatuses: readonly SubscriptionStatus[] = ['canceled', 'unpaid'];

export const isLive = (status: string): boolean => (liveStatuses as readonly string[]).includes(status);
const isEnded = (status: string): boolean => (endedStatuses as readonly string[]).includes(status);

export type ApplyOutcome = 'applied' | 'stale';

/**
 * Makes the workspace match its subscription, in one transaction with the workspace row locked (so
 * two deliveries about the same workspace apply one after the other):
 *
 * - the subscription's row is written (the retention offer, once taken, stays marked);
 * - a live subscription sets Pro monthly or yearly with its extra seats, an ended one sets free — both
 *   through `changeWorkspacePlan`, whose downgrade rules are docs/decisions/0010-plan-changes-and-downgrades.md;
 *   an incomplete one (first payment not made) changes no plan; an Enterprise workspace keeps the plan
 *   its operator set;
 * - news that an older subscription ended while another one is live is stale and changes nothing;
 * - a change of what the workspace has (status, billing period, extra seats, cancelling at the period's
 *   end, the period's end) is announced as `subscription.changed` to the workspace's webhooks.
 *
 * The state is the provider's current one, so applying it twice, or an older event after a newer one,
 * ends the same way (docs/decisions/0011-billing-modes-and-webhook-claims.md).
 */
export async function applySubscriptionState(
  db: Db | Tx,
  state: SubscriptionState,
  events: WebhookEvents,
  /** Who the audit log names, when not the request's person: Stripe for its events. */
  actor?: AuditActor,
): Promise<ApplyOutcome> {
  return db.transaction(async (tx) => {
    const workspace = await lockWorkspace(tx, state.workspaceId);
    const [stored] = await tx
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.workspaceId, state.workspaceId));
    const another = stored && (stored.provider !== state.provider || stored.externalId !== state.externalId);
    if (another && isLive(stored.status) && !isLive(state.status)) return 'stale';

    const values = {
      provider: state.provider,
      externalId: state.externalId,
      customerId: state.customerId,
      paymentType: state.paymentType,
      status: state.status,
      extraSeats: state.extraSeats,
      currentPeriodEnd: state.currentPeriodEnd,
      cancelAtPeriodEnd: state.cancelAtPeriodEnd,
      discountEndsAt: state.discountEndsAt,
      ...(state.retentionDiscount && !stored?.discountRequestedAt ? { discountRequestedAt: sql`now()` } : {}),
    };
    await tx
      .insert(subscriptions)
      .values({ workspaceId: state.workspaceId, ...values })
      .onConflictDoUpdate({ target: subscriptions.workspaceId, set: { ...values, updatedAt: sql`now()` } });

    if (changed(stored, state)) {
      await events.emit(tx, {
        workspaceId: state.workspaceId,
        type: 'subscription.changed',
        data: {
          status: state.status,
          paymentType: state.paymentType,
          extraSeats: state.extraSeats,
          currentPeriodEnd: state.currentPeriodEnd?.toISOString() ?? null,
          cancelAtPeriodEnd: state.cancelAtPeriodEnd,
        },
      });
    }
    const by = actor ? { actor } : {};
    // An Enterprise workspace keeps the plan its operator set.
    if (workspace.plan !== 'enterprise') {
      if (isLive(state.status)) {
        const plan = state.paymentType === 'YEARLY' ? 'pro_yearly' : 'pro_monthly';
        await changeWorkspacePlan(tx, {
          workspaceId: state.workspaceId,
          plan,
          extraSeats: state.extraSeats,
          ...by,
        });
      } else if (isEnded(state.status) && workspace.plan !== 'free') {
        await changeWorkspacePlan(tx, { workspaceId: state.workspaceId, plan: 'free', ...by });
      }
    }
    // Last, so the audit log's lock is the last this transaction takes (after the plan change's invitations).
    await recordSubscriptionChanges(tx, { stored, state, workspaceName: workspace.name, actor });
    return 'applied';
  });
}

/**
 * The audit log's billing entries a subscription's change makes besides the plan's and seats' (which
 * `changeWorkspacePlan` records): cancelling at the period's end asked or taken back, and the
 * retention offer applied.
 */
async function recordSubscriptionChanges(
  tx: Tx,
  change: {
    stored: typeof subscriptions.$inferSelect | undefined;
    state: SubscriptionState;
    workspaceName: string;
    actor: AuditActor | undefined;
  },
) {
  const { stored, state } = change;
  const entry = {
    workspaceId: state.workspaceId,
    target: { type: 'subscription', id: state.externalId, label: change.workspaceName },
    ...(change.actor ? { actor: change.actor } : {}),
  };
  const wasCancelling = stored?.cancelAtPeriodEnd ?? false;
  if (wasCancelling !== state.cancelAtPeriodEnd && isLive(state.status)) {
    await recordAudit(tx, {
      ...entry,
      action: state.cancelAtPeriodEnd ? 'billing.cancel_scheduled' : 'billing.resumed',
      before: { cancelAtPeriodEnd: wasCancelling },
      after: {
        cancelAtPeriodEnd: state.cancelAtPeriodEnd,
        currentPeriodEnd: state.currentPeriodEnd?.toISOString() ?? null,
      },
    });
  }
  if (state.retentionDiscount && !stored?.discountRequestedAt) {
    await recordAudit(tx, {
      ...entry,
      action: 'billing.retention_applied',
      after: { discountEndsAt: state.discountEndsAt?.toISOString() ?? null },
    });
  }
}

/** Whether applying `state` changes what the stored subscription says the workspace has. */
function changed(stored: typeof subscriptions.$inferSelect | undefined, state: SubscriptionState): boolean {
  return (
    !stored ||
    stored.externalId !== state.externalId ||
    stored.status !== state.status ||
    stored.paymentType !== state.paymentType ||
    stored.extraSeats !== state.extraSeats ||
    stored.cancelAtPeriodEnd !== state.cancelAtPeriodEnd ||
    (stored.currentPeriodEnd?.getTime() ?? null) !== (state.currentPeriodEnd?.getTime() ?? null)
  );
}
