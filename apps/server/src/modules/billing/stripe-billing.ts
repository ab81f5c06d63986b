import type Stripe from 'stripe';
import type { FastifyBaseLogger } from 'fastify';
import { retentionOfferTerms, type CheckoutLookupKey, type PriceName } from '@redacta/shared';
import type { Config } from '../../config.ts';
import { callStripe, idempotencyKey } from './stripe-client.ts';
import type { StripePrices } from './prices.ts';
import type { PaymentType, SubscriptionState, SubscriptionStatus } from './subscription-state.ts';

/**
 * The retention offer's coupon for a billing period (`retentionOfferTerms`), created in Stripe the
 * first time it is needed: monthly, 60 % off for 3 months of invoices; yearly, 15 % off the next
 * invoice only — the same amount, 60 % of three months of the yearly price.
 */
export function retentionCoupon(paymentType: PaymentType): Stripe.CouponCreateParams & { id: string } {
  const { percentOff, invoices } = retentionOfferTerms(paymentType);
  return paymentType === 'MONTHLY'
    ? {
        id: `redacta-retention-${percentOff}-${invoices}-months`,
        name: `${percentOff} % × ${invoices}`,
        percent_off: percentOff,
        duration: 'repeating',
        duration_in_months: invoices,
      }
    : {
        id: `redacta-retention-${percentOff}-next-invoice`,
        name: `${percentOff} % × 1`,
        percent_off: percentOff,
        duration: 'once',
      };
}

const retentionCouponIds: readonly string[] = [retentionCoupon('MONTHLY').id, retentionCoupon('YEARLY').id];
const yearlyRetentionCouponId = retentionCoupon('YEARLY').id;

/** Stripe's statuses in ours: an expired first payment is a cancelled subscription, a paused one unpaid. */
const statusOf: Record<Stripe.Subscription.Status, SubscriptionStatus> = {
  active: 'active',
  trialing: 'trialing',
  past_due: 'past_due',
  unpaid: 'unpaid',
  canceled: 'canceled',
  incomplete: 'incomplete',
  incomplete_expired: 'canceled',
  paused: 'unpaid',
};

const seatPrice: Record<PaymentType, PriceName> = {
  MONTHLY: 'additionalSeatMonthly',
  YEARLY: 'additionalSeatYearly',
};

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value === null || value === undefined ? null : typeof value === 'string' ? value : value.id;

function itemWithLookupKey(subscription: Stripe.Subscription, keys: readonly PriceName[]) {
  return subscription.items.data.find((item) => keys.includes(item.price.lookup_key as PriceName));
}

const proItem = (subscription: Stripe.Subscription) =>
  itemWithLookupKey(subscription, ['proMonthly', 'proYearly']);
const seatItem = (subscription: Stripe.Subscription) =>
  itemWithLookupKey(subscription, ['additionalSeatMonthly', 'additionalSeatYearly']);

function discountCoupon(discount: Stripe.Discount): string | null {
  return idOf(discount.source?.coupon);
}

/** Yearly when the Pro price is the yearly one (or, with no Pro item, when the first item bills yearly). */
function paymentTypeOf(subscription: Stripe.Subscription): PaymentType {
  const pro = proItem(subscription);
  const yearly = pro
    ? pro.price.lookup_key === 'proYearly'
    : subscription.items.data[0]?.price.recurring?.interval === 'year';
  return yearly ? 'YEARLY' : 'MONTHLY';
}

/** A Stripe subscription (read back from Stripe, never an event's copy) as the state we apply. */
export function stateFromStripe(subscription: Stripe.Subscription, workspaceId: string): SubscriptionState {
  const pro = proItem(subscription);
  const periodEnd = (pro ?? subscription.items.data[0])?.current_period_end;
  const discounts = subscription.discounts.filter((d): d is Stripe.Discount => typeof d !== 'string');
  // A once-only discount has no end of its own: it lasts until the invoice it applies to, the next one.
  const ends = discounts
    .map((d) => d.end ?? (discountCoupon(d) === yearlyRetentionCouponId ? (periodEnd ?? null) : null))
    .filter((end): end is number => end !== null);
  return {
    provider: 'stripe',
    externalId: subscription.id,
    customerId: idOf(subscription.customer),
    workspaceId,
    status: statusOf[subscription.status] ?? 'unpaid',
    paymentType: paymentTypeOf(subscription),
    extraSeats: seatItem(subscription)?.quantity ?? 0,
    currentPeriodEnd: periodEnd ? new Date(periodEnd * 1000) : null,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    discountEndsAt: ends.length > 0 ? new Date(Math.max(...ends) * 1000) : null,
    retentionDiscount: discounts.some((d) => retentionCouponIds.includes(discountCoupon(d) ?? '')),
  };
}

export interface CheckoutRequest {
  workspaceId: string;
  workspaceName: string;
  ownerEmail: string;
  customerId: string;
  lookupKey: CheckoutLookupKey;
  successUrl: string;
  cancelUrl: string;
  /** The workspace's subscription row's last change, or null: a new checkout after any change gets a new key. */
  version: string | null;
}

/** The Stripe side of billing; each method that changes a subscription answers its state afterwards. */
export class StripeBilling {
  constructor(
    readonly stripe: Stripe,
    readonly prices: StripePrices,
    private readonly config: Pick<Config, 'APP_URL' | 'STRIPE_AUTOMATIC_TAX'>,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** A Stripe customer for the workspace (one per workspace, stored by the caller and reused). */
  createCustomer(workspace: { id: string; name: string; ownerEmail: string }): Promise<string> {
    return callStripe(this.log, 'create the customer', async () => {
      const customer = await this.stripe.customers.create(
        { email: workspace.ownerEmail, name: workspace.name, metadata: { workspaceId: workspace.id } },
        { idempotencyKey: idempotencyKey('customer', workspace.id) },
      );
      return customer.id;
    });
  }

  async checkout(request: CheckoutRequest): Promise<string> {
    const price = (await this.prices.get())[request.lookupKey];
    return callStripe(this.log, 'start the checkout', async () => {
      const tax = this.config.STRIPE_AUTOMATIC_TAX;
      const session = await this.stripe.checkout.sessions.create(
        {
          mode: 'subscription',
          customer: request.customerId,
          client_reference_id: request.workspaceId,
          metadata: { workspaceId: request.workspaceId },
          subscription_data: { metadata: { workspaceId: request.workspaceId } },
          line_items: [{ price: price.id, quantity: 1 }],
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          allow_promotion_codes: true,
          ...(tax
            ? {
                automatic_tax: { enabled: true },
                tax_id_collection: { enabled: true },
                // Tax needs the customer's address and tax ids on the customer Checkout reuses.
                customer_update: { address: 'auto', name: 'auto' },
              }
            : {}),
        },
        {
          idempotencyKey: idempotencyKey(
            'checkout',
            request.workspaceId,
            request.customerId,
            price.id,
            request.successUrl,
            request.cancelUrl,
            request.version,
          ),
        },
      );
      if (!session.url) throw new Error('Stripe answered a checkout session without a URL');
      return session.url;
    });
  }

  portal(customerId: string, now = new Date()): Promise<string> {
    return callStripe(this.log, 'open the billing portal', async () => {
      const returnUrl = `${this.config.APP_URL}/subscription`;
      // A portal session lives minutes: a retry within the same minute reuses it, a later visit gets a new one.
      const minute = Math.floor(now.getTime() / 60_000);
      const session = await this.stripe.billingPortal.sessions.create(
        { customer: customerId, return_url: returnUrl },
        { idempotencyKey: idempotencyKey('portal', customerId, returnUrl, minute) },
      );
      return session.url;
    });
  }

  retrieve(subscriptionId: string): Promise<Stripe.Subscription> {
    return callStripe(this.log, 'read the subscription', () =>
      this.stripe.subscriptions.retrieve(subscriptionId, { expand: ['discounts'] }),
    );
  }

  /** Monthly Pro and seats become yearly ones, prorated and invoiced now. */
  async upgradeToYearly(subscriptionId: string, version: string): Promise<Stripe.Subscription> {
    const current = await this.retrieve(subscriptionId);
    const known = await this.prices.get();
    const pro = proItem(current);
    const seats = seatItem(current);
    const items: Stripe.SubscriptionUpdateParams.Item[] = [
      pro ? { id: pro.id, price: known.proYearly.id } : { price: known.proYearly.id, quantity: 1 },
      ...(seats
        ? [{ id: seats.id, price: known.additionalSeatYearly.id, quantity: seats.quantity ?? 0 }]
        : []),
    ];
    return this.update(
      subscriptionId,
      { items, proration_behavior: 'always_invoice' },
      idempotencyKey('upgrade-yearly', subscriptionId, version),
    );
  }

  /**
   * Adds seats: the seat price's quantity grows by `added`, prorated and invoiced at once — except
   * while the yearly retention discount waits for the renewal invoice: an invoice now would use it
   * up, so the prorated seats join the renewal invoice, discounted with the rest.
   */
  async addSeats(subscriptionId: string, added: number, version: string): Promise<Stripe.Subscription> {
    const current = await this.retrieve(subscriptionId);
    const waitingDiscount = current.discounts.some(
      (d) => typeof d !== 'string' && discountCoupon(d) === yearlyRetentionCouponId,
    );
    const seats = seatItem(current);
    const quantity = (seats?.quantity ?? 0) + added;
    const price = (await this.prices.get())[seatPrice[paymentTypeOf(current)]];
    const item: Stripe.SubscriptionUpdateParams.Item = seats
      ? { id: seats.id, quantity }
      : { price: price.id, quantity };
    return this.update(
      subscriptionId,
      { items: [item], proration_behavior: waitingDiscount ? 'create_prorations' : 'always_invoice' },
      idempotencyKey('add-seats', subscriptionId, seats?.quantity ?? 0, quantity, version),
    );
  }

  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean, version: string) {
    return this.update(
      subscriptionId,
      { cancel_at_period_end: cancel },
      idempotencyKey(cancel ? 'cancel' : 'resume', subscriptionId, version),
    );
  }

  /** The retention offer for the subscription's billing period, through one shared coupon per period. */
  async applyRetentionDiscount(subscriptionId: string, version: string) {
    const coupon = retentionCoupon(paymentTypeOf(await this.retrieve(subscriptionId)));
    await this.ensureCoupon(coupon);
    return this.update(
      subscriptionId,
      { discounts: [{ coupon: coupon.id }] },
      idempotencyKey('retention-discount', subscriptionId, version),
    );
  }

  private ensureCoupon(coupon: Stripe.CouponCreateParams & { id: string }): Promise<void> {
    return callStripe(this.log, 'prepare the discount', async () => {
      try {
        await this.stripe.coupons.retrieve(coupon.id);
      } catch (error) {
        if ((error as { code?: string }).code !== 'resource_missing') throw error;
        await this.stripe.coupons.create(coupon, { idempotencyKey: idempotencyKey('coupon', coupon.id) });
      }
    });
  }

  private update(subscriptionId: string, params: Stripe.SubscriptionUpdateParams, key: string) {
    return callStripe(this.log, 'change the subscription', () =>
      this.stripe.subscriptions.update(
        subscriptionId,
        { ...params, expand: ['discounts'] },
        { idempotencyKey: key },
      ),
    );
  }
}
