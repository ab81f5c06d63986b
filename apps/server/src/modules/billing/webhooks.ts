import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { processedWebhookEvents, workspaces } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import type { Billing } from './service.ts';
import { stateFromStripe } from './stripe-billing.ts';
import { applySubscriptionState } from './subscription-state.ts';

/** How long a claim may stay unfinished before a redelivery may take it over (its process died). */
export const ABANDONED_CLAIM_AFTER = '5 minutes';

export const handledEvents = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
]);

/**
 * Claims an event for this process with one statement: a new id is inserted; an id whose claim was
 * left unfinished for `ABANDONED_CLAIM_AFTER` is taken over; anything else (finished, or being applied
 * now by another delivery) is not claimed. Two concurrent deliveries of one id cannot both claim it:
 * the second waits on the first's row and then sees it claimed.
 */
export async function claimEvent(db: Db, id: string, type: string): Promise<boolean> {
  const claimed = await db
    .insert(processedWebhookEvents)
    .values({ id, type })
    .onConflictDoUpdate({
      target: processedWebhookEvents.id,
      set: { claimedAt: sql`now()` },
      setWhere: and(
        isNull(processedWebhookEvents.processedAt),
        lt(processedWebhookEvents.claimedAt, sql`now() - ${ABANDONED_CLAIM_AFTER}::interval`),
      ),
    })
    .returning({ id: processedWebhookEvents.id });
  return claimed.length > 0;
}

const finishEvent = (db: Db, id: string) =>
  db
    .update(processedWebhookEvents)
    .set({ processedAt: sql`now()` })
    .where(eq(processedWebhookEvents.id, id));

/** A failed application gives its claim back at once, so Stripe's next delivery applies the event. */
const releaseEvent = (db: Db, id: string) =>
  db
    .delete(processedWebhookEvents)
    .where(and(eq(processedWebhookEvents.id, id), isNull(processedWebhookEvents.processedAt)));

/**
 * A Stripe webhook delivery: the signature is checked on the raw body, the event is claimed, and the
 * subscription it is about is read back from Stripe and applied (never the event's own copy, which may
 * be older than what was already applied). Events of other types are acknowledged and ignored.
 */
export async function receiveStripeWebhook(
  billing: Billing,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<void> {
  const stripe = billing.stripe;
  const secret = billing.config.STRIPE_WEBHOOK_SECRET;
  if (!stripe || !secret) throw new AppError('BILLING_UNAVAILABLE', 'Stripe billing is not configured');
  let event: Stripe.Event;
  try {
    event = stripe.stripe.webhooks.constructEvent(rawBody, signature ?? '', secret);
  } catch {
    throw new AppError('WEBHOOK_SIGNATURE_INVALID', 'The webhook signature is not valid');
  }
  if (!handledEvents.has(event.type)) return;
  if (!(await claimEvent(billing.db, event.id, event.type))) {
    billing.log.info(
      { eventId: event.id, type: event.type },
      'stripe: event already applied or being applied',
    );
    return;
  }
  try {
    await applyEvent(billing, event);
    await finishEvent(billing.db, event.id);
  } catch (error) {
    await releaseEvent(billing.db, event.id);
    throw error;
  }
}

const idOf = (value: unknown): string | null =>
  typeof value === 'string' ? value : ((value as { id?: string } | null)?.id ?? null);

/** The subscription an event is about, and the workspace it names (when it names one). */
function subjectOf(event: Stripe.Event): { subscriptionId: string | null; workspaceId: string | null } {
  const object = event.data.object as unknown as Record<string, unknown>;
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      return {
        subscriptionId: session.mode === 'subscription' ? idOf(session.subscription) : null,
        workspaceId: session.client_reference_id ?? session.metadata?.workspaceId ?? null,
      };
    }
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      return {
        subscriptionId: idOf(invoice.parent?.subscription_details?.subscription),
        workspaceId: invoice.parent?.subscription_details?.metadata?.workspaceId ?? null,
      };
    }
    default:
      return { subscriptionId: idOf(object.id), workspaceId: null };
  }
}

const uuid = z.uuid();

async function applyEvent(billing: Billing, event: Stripe.Event) {
  const { subscriptionId, workspaceId: named } = subjectOf(event);
  if (!subscriptionId) return;
  const subscription = await billing.stripe!.retrieve(subscriptionId);
  const customerId = idOf(subscription.customer);
  const workspaceId = await workspaceOf(billing.db, subscription.metadata?.workspaceId ?? named, customerId);
  if (!workspaceId) {
    billing.log.warn({ eventId: event.id, subscriptionId }, 'stripe: subscription of no known workspace');
    return;
  }
  if (customerId) {
    await billing.db
      .update(workspaces)
      .set({ stripeCustomerId: customerId })
      .where(and(eq(workspaces.id, workspaceId), isNull(workspaces.stripeCustomerId)));
  }
  const outcome = await applySubscriptionState(
    billing.db,
    stateFromStripe(subscription, workspaceId),
    billing.webhookEvents,
    { kind: 'system', label: 'Stripe' },
  );
  billing.log.info(
    { eventId: event.id, type: event.type, subscriptionId, workspaceId, outcome },
    'stripe: event applied',
  );
}

/** The workspace a subscription belongs to: the one its metadata names, else its customer's. */
async function workspaceOf(db: Db, named: string | null | undefined, customerId: string | null) {
  if (named && uuid.safeParse(named).success) {
    const [found] = await db.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.id, named));
    if (found) return found.id;
  }
  if (!customerId) return null;
  const [byCustomer] = await db
    .select({ id: workspaces.id })
    .from(workspaces)
    .where(eq(workspaces.stripeCustomerId, customerId));
  return byCustomer?.id ?? null;
}
