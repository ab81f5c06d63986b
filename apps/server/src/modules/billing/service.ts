import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  checkoutLookupKey,
  type BillingMode,
  type CreateSubscriptionBody,
  type PriceListResponse,
  type SubscriptionSummary,
} from '@redacta/shared';
import type { Config } from '../../config.ts';
import type { Database, Db } from '../../db/client.ts';
import { users, workspaces } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { requireOwner } from '../workspaces/service.ts';
import { createChangeLock, type ChangeLock } from './change-lock.ts';
import { configuredPrices, priceList, StripePrices } from './prices.ts';
import { createSandboxCheckout, endSandboxPeriodIfOver, sandboxChanges, sandboxStateOf } from './sandbox.ts';
import { stateFromStripe, StripeBilling } from './stripe-billing.ts';
import { createStripeClient } from './stripe-client.ts';
import { applySubscriptionState, isLive, type SubscriptionState } from './subscription-state.ts';
import { storedSubscription, subscriptionSummary, type SubscriptionRow } from './summary.ts';
import type { WebhookEvents } from '../webhooks/events.ts';

/** Billing as configured: its mode, and Stripe's client and prices in Stripe mode. */
export interface Billing {
  mode: BillingMode;
  db: Db;
  config: Config;
  stripe: StripeBilling | null;
  /** Takes turns for one workspace's subscription changes. */
  changeLock: ChangeLock;
  log: FastifyBaseLogger;
  /** Where a changed subscription announces `subscription.changed`. */
  webhookEvents: WebhookEvents;
  close(): void;
}

export function createBilling(
  database: Database,
  config: Config,
  log: FastifyBaseLogger,
  webhookEvents: WebhookEvents,
): Billing {
  const { db } = database;
  const changeLock = createChangeLock(database);
  if (config.billingMode !== 'stripe') {
    return {
      mode: config.billingMode,
      db,
      config,
      stripe: null,
      changeLock,
      log,
      webhookEvents,
      close: () => {},
    };
  }
  const client = createStripeClient(config);
  const prices = new StripePrices(client, log);
  const stripe = new StripeBilling(client, prices, config, log);
  // Read the prices at start, so the first visitor does not wait for them; a failure is retried later.
  prices.refresh().catch((error) => log.warn({ err: error }, 'stripe: prices could not be read at start'));
  return { mode: 'stripe', db, config, stripe, changeLock, log, webhookEvents, close: () => prices.close() };
}

const stripeOf = (billing: Billing): StripeBilling => {
  if (!billing.stripe) throw new Error('Stripe billing is not configured');
  return billing.stripe;
};

export async function listPrices(billing: Billing): Promise<PriceListResponse> {
  if (billing.mode !== 'stripe') return priceList(configuredPrices(billing.config));
  const found = await stripeOf(billing).prices.get();
  return priceList({
    proMonthly: found.proMonthly.value,
    proYearly: found.proYearly.value,
    additionalSeatMonthly: found.additionalSeatMonthly.value,
    additionalSeatYearly: found.additionalSeatYearly.value,
  });
}

export async function billingSummary(billing: Billing, workspaceId: string, userId: string) {
  if (billing.mode === 'sandbox') {
    await endSandboxPeriodIfOver(
      billing.db,
      billing.webhookEvents,
      await storedSubscription(billing.db, workspaceId),
    );
  }
  return summaryOf(billing, workspaceId, userId);
}

const summaryOf = (billing: Billing, workspaceId: string, userId: string) =>
  subscriptionSummary(billing.db, billing.mode, workspaceId, userId, {
    enterpriseContactEmail: billing.config.ENTERPRISE_CONTACT_EMAIL ?? null,
  });

/** The owner's gate for every change, then billing must be on (off: the operator command changes plans). */
async function requireBillingOwner(billing: Billing, workspaceId: string, userId: string) {
  await requireOwner(billing.db, workspaceId, userId);
  if (billing.mode === 'off') {
    throw new AppError('BILLING_UNAVAILABLE', 'Billing is off: plans are changed by the operator');
  }
}

/** A return address must be on the app's own origin, so checkout cannot send anyone elsewhere. */
function ownOriginUrl(config: Config, raw: string, field: string): URL {
  const url = new URL(raw);
  if (url.origin !== new URL(config.APP_URL).origin) {
    throw new AppError(
      'VALIDATION_FAILED',
      `The ${field} must be on ${new URL(config.APP_URL).origin}`,
      400,
      [{ path: field, message: 'Must be an address of this app' }],
    );
  }
  return url;
}

export async function createSubscription(
  billing: Billing,
  userId: string,
  body: CreateSubscriptionBody,
): Promise<{ url: string }> {
  const { db, config } = billing;
  await requireBillingOwner(billing, body.workspaceId, userId);
  const success = ownOriginUrl(config, body.successUrl, 'successUrl');
  // The return from checkout says so (the web app shows Pro at once and waits for the confirmation).
  success.searchParams.set('stripe', 'true');
  const cancelUrl = ownOriginUrl(config, body.cancelUrl, 'cancelUrl').toString();

  const [workspace] = await db
    .select({
      name: workspaces.name,
      plan: workspaces.plan,
      customerId: workspaces.stripeCustomerId,
      ownerEmail: users.email,
    })
    .from(workspaces)
    .innerJoin(users, eq(users.id, workspaces.ownerId))
    .where(eq(workspaces.id, body.workspaceId));
  const existing = await storedSubscription(db, body.workspaceId);
  if (existing && isLive(existing.status)) {
    throw new AppError('SUBSCRIPTION_EXISTS', 'This workspace already has an active subscription');
  }
  if (workspace!.plan === 'enterprise') {
    throw new AppError(
      'SUBSCRIPTION_EXISTS',
      'This workspace is on the Enterprise plan, set by the operator',
    );
  }

  const request = {
    ...body,
    lookupKey: checkoutLookupKey(body.lookupKey),
    successUrl: success.toString(),
    cancelUrl,
  };
  if (billing.mode === 'sandbox') return { url: await createSandboxCheckout(db, { ...request, userId }) };

  const stripe = stripeOf(billing);
  const customerId =
    workspace!.customerId ??
    (await storeCustomer(
      db,
      body.workspaceId,
      await stripe.createCustomer({
        id: body.workspaceId,
        name: workspace!.name,
        ownerEmail: workspace!.ownerEmail,
      }),
    ));
  const url = await stripe.checkout({
    ...request,
    workspaceName: workspace!.name,
    ownerEmail: workspace!.ownerEmail,
    customerId,
    version: existing?.updatedAt.toISOString() ?? null,
  });
  return { url };
}

/** Keeps the first customer stored for a workspace (the idempotency key makes a racing second one the same). */
async function storeCustomer(db: Db, workspaceId: string, customerId: string): Promise<string> {
  await db
    .update(workspaces)
    .set({ stripeCustomerId: customerId })
    .where(and(eq(workspaces.id, workspaceId), isNull(workspaces.stripeCustomerId)));
  const [stored] = await db
    .select({ customerId: workspaces.stripeCustomerId })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  return stored!.customerId!;
}

export async function createPortalSession(billing: Billing, userId: string, workspaceId: string) {
  await requireBillingOwner(billing, workspaceId, userId);
  if (billing.mode === 'sandbox') return { url: '/subscription' };
  const [workspace] = await billing.db
    .select({ customerId: workspaces.stripeCustomerId })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  if (!workspace?.customerId)
    throw new AppError('NO_SUBSCRIPTION', 'This workspace has never had a subscription');
  return { url: await stripeOf(billing).portal(workspace.customerId) };
}

/** A change to the workspace's live subscription, in the provider the subscription belongs to. */
interface SubscriptionChange {
  /** Whether the change has anything left to do; when not, the summary is answered unchanged. */
  needed?: (row: SubscriptionRow) => boolean;
  /** Refuses the change for this subscription (e.g. an offer already taken). */
  check?: (row: SubscriptionRow) => void;
  sandbox: (state: SubscriptionState, now: Date) => SubscriptionState;
  stripe: (
    stripe: StripeBilling,
    subscriptionId: string,
    version: string,
  ) => ReturnType<StripeBilling['retrieve']>;
}

/**
 * Reads, checks and changes the subscription in the workspace's turn (`ChangeLock`): a change computes
 * its result from the state it read (seats bought on top of the current quantity, an offer not yet
 * taken), so two changes at once must run one after the other or the second would undo the first or
 * take the offer again. The turn holds no database transaction or row lock while the provider is
 * called; the result is applied by `applySubscriptionState`, whose short transaction locks the
 * workspace row as every other workspace write does.
 */
async function changeSubscription(
  billing: Billing,
  userId: string,
  workspaceId: string,
  change: SubscriptionChange,
): Promise<SubscriptionSummary> {
  await requireBillingOwner(billing, workspaceId, userId);
  await billing.changeLock(workspaceId, async (db) => {
    const row = await storedSubscription(db, workspaceId);
    if (!row || !isLive(row.status) || row.provider !== billing.mode) {
      throw new AppError('NO_SUBSCRIPTION', 'This workspace has no active subscription');
    }
    change.check?.(row);
    if (!(change.needed?.(row) ?? true)) return;
    const version = row.updatedAt.toISOString();
    const state =
      billing.mode === 'sandbox'
        ? change.sandbox(sandboxStateOf(row), new Date())
        : stateFromStripe(await change.stripe(stripeOf(billing), row.externalId, version), workspaceId);
    await applySubscriptionState(db, state, billing.webhookEvents);
  });
  return summaryOf(billing, workspaceId, userId);
}

export const upgradeToYearly = (billing: Billing, userId: string, workspaceId: string) =>
  changeSubscription(billing, userId, workspaceId, {
    needed: (row) => row.paymentType !== 'YEARLY',
    sandbox: sandboxChanges.upgradeToYearly,
    stripe: (stripe, id, version) => stripe.upgradeToYearly(id, version),
  });

export const cancelSubscription = (billing: Billing, userId: string, workspaceId: string) =>
  changeSubscription(billing, userId, workspaceId, {
    needed: (row) => !row.cancelAtPeriodEnd,
    sandbox: (state) => sandboxChanges.setCancelAtPeriodEnd(state, true),
    stripe: (stripe, id, version) => stripe.setCancelAtPeriodEnd(id, true, version),
  });

export const resumeSubscription = (billing: Billing, userId: string, workspaceId: string) =>
  changeSubscription(billing, userId, workspaceId, {
    needed: (row) => row.cancelAtPeriodEnd,
    sandbox: (state) => sandboxChanges.setCancelAtPeriodEnd(state, false),
    stripe: (stripe, id, version) => stripe.setCancelAtPeriodEnd(id, false, version),
  });

export const requestRetentionDiscount = (billing: Billing, userId: string, workspaceId: string) =>
  changeSubscription(billing, userId, workspaceId, {
    check: (row) => {
      if (row.discountRequestedAt) {
        throw new AppError('DISCOUNT_ALREADY_USED', 'This workspace has already used the discount offer');
      }
    },
    sandbox: sandboxChanges.retentionDiscount,
    stripe: (stripe, id, version) => stripe.applyRetentionDiscount(id, version),
  });

export const buyAdditionalSeats = (
  billing: Billing,
  userId: string,
  workspaceId: string,
  numberOfSeats: number,
) =>
  changeSubscription(billing, userId, workspaceId, {
    sandbox: (state) => sandboxChanges.addSeats(state, numberOfSeats),
    stripe: (stripe, id, version) => stripe.addSeats(id, numberOfSeats, version),
  });
