import { randomInt } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { prices, retentionOfferTerms, type CheckoutLookupKey, type SandboxCheckout } from '@redacta/shared';
import type { Db } from '../../db/client.ts';
import { sandboxCheckoutSessions, workspaces } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import {
  applySubscriptionState,
  isLive,
  type PaymentType,
  type SubscriptionState,
} from './subscription-state.ts';
import { storedSubscription, type SubscriptionRow } from './summary.ts';
import type { WebhookEvents } from '../webhooks/events.ts';

/*
 * The sandbox: billing without a payment provider, for development and demonstrations. It keeps the
 * subscription in our own row and computes each change's result itself, then hands that state to
 * `applySubscriptionState` exactly as a Stripe webhook would. Nothing is charged.
 */

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** `prefix` and 24 random letters or digits. */
export function sandboxId(prefix: string): string {
  let id = prefix;
  for (let i = 0; i < 24; i++) id += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return id;
}

function addPeriod(from: Date, paymentType: PaymentType, periods = 1): Date {
  const end = new Date(from);
  if (paymentType === 'YEARLY') end.setUTCFullYear(end.getUTCFullYear() + periods);
  else end.setUTCMonth(end.getUTCMonth() + periods);
  return end;
}

/** The sandbox subscription a stored row describes, as the state the changes below start from. */
export function sandboxStateOf(row: SubscriptionRow): SubscriptionState {
  return {
    provider: 'sandbox',
    externalId: row.externalId,
    customerId: null,
    workspaceId: row.workspaceId,
    status: row.status as SubscriptionState['status'],
    paymentType: row.paymentType,
    extraSeats: row.extraSeats,
    currentPeriodEnd: row.currentPeriodEnd,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    discountEndsAt: row.discountEndsAt,
    retentionDiscount: false,
  };
}

export const sandboxChanges = {
  upgradeToYearly: (state: SubscriptionState, now: Date): SubscriptionState => ({
    ...state,
    paymentType: 'YEARLY',
    currentPeriodEnd: addPeriod(now, 'YEARLY'),
  }),
  addSeats: (state: SubscriptionState, added: number): SubscriptionState => ({
    ...state,
    extraSeats: state.extraSeats + added,
  }),
  setCancelAtPeriodEnd: (state: SubscriptionState, cancel: boolean): SubscriptionState => ({
    ...state,
    cancelAtPeriodEnd: cancel,
  }),
  /**
   * The retention offer (`retentionOfferTerms`): monthly, the next 3 monthly invoices, so it runs 3
   * months from now; yearly, the next yearly invoice only, so it runs until that invoice's date.
   */
  retentionDiscount: (state: SubscriptionState, now: Date): SubscriptionState => {
    const ends =
      state.paymentType === 'YEARLY' && state.currentPeriodEnd
        ? state.currentPeriodEnd
        : addPeriod(now, 'MONTHLY', retentionOfferTerms('MONTHLY').invoices);
    return { ...state, discountEndsAt: ends, retentionDiscount: true };
  },
};

/**
 * A sandbox subscription cancelled at the end of a period that is now over has ended: nothing else
 * would end it (there is no provider to send the news), so reading the workspace's billing does.
 */
export async function endSandboxPeriodIfOver(
  db: Db,
  events: WebhookEvents,
  row: SubscriptionRow | undefined,
  now = new Date(),
) {
  if (!row || row.provider !== 'sandbox' || !isLive(row.status) || !row.cancelAtPeriodEnd) return;
  if (!row.currentPeriodEnd || row.currentPeriodEnd > now) return;
  await applySubscriptionState(
    db,
    { ...sandboxStateOf(row), status: 'canceled', cancelAtPeriodEnd: false },
    events,
    { kind: 'system', label: 'Billing' },
  );
}

export async function createSandboxCheckout(
  db: Db,
  request: {
    workspaceId: string;
    userId: string;
    lookupKey: CheckoutLookupKey;
    successUrl: string;
    cancelUrl: string;
  },
): Promise<string> {
  const id = sandboxId('sbx_');
  await db.insert(sandboxCheckoutSessions).values({
    id,
    workspaceId: request.workspaceId,
    createdBy: request.userId,
    lookupKey: request.lookupKey,
    successUrl: request.successUrl,
    cancelUrl: request.cancelUrl,
  });
  return `/subscription/sandbox-checkout?session=${id}`;
}

/** The session and its workspace, for the workspace's owner only (anyone else: 404, no hint it exists). */
async function ownedSession(db: Db, sessionId: string, userId: string) {
  const [found] = await db
    .select({ session: sandboxCheckoutSessions, workspaceName: workspaces.name })
    .from(sandboxCheckoutSessions)
    .innerJoin(workspaces, eq(workspaces.id, sandboxCheckoutSessions.workspaceId))
    .where(and(eq(sandboxCheckoutSessions.id, sessionId), eq(workspaces.ownerId, userId)));
  if (!found) throw notFound('Checkout session');
  return found;
}

export async function sandboxCheckout(db: Db, sessionId: string, userId: string): Promise<SandboxCheckout> {
  const { session, workspaceName } = await ownedSession(db, sessionId, userId);
  return {
    sessionId: session.id,
    workspaceId: session.workspaceId,
    workspaceName,
    lookupKey: session.lookupKey,
    amount: prices[session.lookupKey],
    state: session.state,
  };
}

/**
 * "Pay": the session completes once and the workspace gets a new sandbox subscription, applied like a
 * completed Stripe checkout. Confirming a completed session again only answers where to go.
 */
export async function confirmSandboxCheckout(
  db: Db,
  events: WebhookEvents,
  sessionId: string,
  userId: string,
  now = new Date(),
) {
  const { session } = await ownedSession(db, sessionId, userId);
  if (session.state === 'complete') return session.successUrl;
  if (session.state === 'expired') throw new AppError('CONFLICT', 'This checkout was cancelled');
  const existing = await storedSubscription(db, session.workspaceId);
  if (existing && isLive(existing.status)) {
    throw new AppError('SUBSCRIPTION_EXISTS', 'This workspace already has an active subscription');
  }
  const paymentType: PaymentType = session.lookupKey === 'proYearly' ? 'YEARLY' : 'MONTHLY';
  await db.transaction(async (tx) => {
    const [completed] = await tx
      .update(sandboxCheckoutSessions)
      .set({ state: 'complete' })
      .where(and(eq(sandboxCheckoutSessions.id, session.id), eq(sandboxCheckoutSessions.state, 'open')))
      .returning({ id: sandboxCheckoutSessions.id });
    if (!completed) return;
    await applySubscriptionState(
      tx,
      {
        provider: 'sandbox',
        externalId: sandboxId('sbx_sub_'),
        customerId: null,
        workspaceId: session.workspaceId,
        status: 'active',
        paymentType,
        extraSeats: 0,
        currentPeriodEnd: addPeriod(now, paymentType),
        cancelAtPeriodEnd: false,
        discountEndsAt: null,
        retentionDiscount: false,
      },
      events,
    );
  });
  return session.successUrl;
}

/** "Cancel": the session can no longer be paid; the browser goes back where it came from. */
export async function cancelSandboxCheckout(db: Db, sessionId: string, userId: string) {
  const { session } = await ownedSession(db, sessionId, userId);
  if (session.state === 'complete') throw new AppError('CONFLICT', 'This checkout is already paid');
  await db
    .update(sandboxCheckoutSessions)
    .set({ state: 'expired' })
    .where(eq(sandboxCheckoutSessions.id, session.id));
  return session.cancelUrl;
}
