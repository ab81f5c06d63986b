import { z } from 'zod';
import { SEAT_COUNTER } from '../rules/seats.ts';

/**
 * Billing: Pro through Stripe, or the offline sandbox that runs the same flow; `off` when neither is
 * available (production without Stripe: plans change only through the operator command).
 */
export const billingModes = ['stripe', 'sandbox', 'off'] as const;
export type BillingMode = (typeof billingModes)[number];

/** The names `GET /price` answers with; each is a Stripe price's lookup key when Stripe is configured. */
export const priceNames = [
  'proMonthly',
  'proYearly',
  'additionalSeatMonthly',
  'additionalSeatYearly',
] as const;
export type PriceName = (typeof priceNames)[number];

/** Euros, per month for the monthly prices and per year for the yearly ones. */
export const priceListResponseSchema = z.array(z.object({ name: z.enum(priceNames), value: z.number() }));
export type PriceListResponse = z.infer<typeof priceListResponseSchema>;

export const checkoutLookupKeys = ['proMonthly', 'proYearly'] as const;
export type CheckoutLookupKey = (typeof checkoutLookupKeys)[number];

/**
 * The product's API names the checkout's lookup key `yearly` or `monthly`; the price names are
 * accepted too. Both name the same two prices.
 */
const checkoutLookupKeyAliases = { yearly: 'proYearly', monthly: 'proMonthly' } as const;
export const requestedLookupKeys = [...checkoutLookupKeys, 'yearly', 'monthly'] as const;
export type RequestedLookupKey = (typeof requestedLookupKeys)[number];

/** The price a requested lookup key names: `yearly` → `proYearly`, `monthly` → `proMonthly`. */
export function checkoutLookupKey(requested: RequestedLookupKey): CheckoutLookupKey {
  return requested === 'yearly' || requested === 'monthly' ? checkoutLookupKeyAliases[requested] : requested;
}

/** Return addresses must be on the app's own origin (checked by the server against APP_URL). */
export const createSubscriptionBodySchema = z.strictObject({
  lookupKey: z.enum(requestedLookupKeys),
  workspaceId: z.uuid(),
  successUrl: z.url().max(2048),
  cancelUrl: z.url().max(2048),
});
export type CreateSubscriptionBody = z.infer<typeof createSubscriptionBodySchema>;

/** A page to send the browser to: Stripe Checkout or the Billing Portal, or the sandbox's own pages. */
export const redirectUrlResponseSchema = z.object({ url: z.string() });
export type RedirectUrlResponse = z.infer<typeof redirectUrlResponseSchema>;

export const workspaceIdBodySchema = z.strictObject({ workspaceId: z.uuid() });
export type WorkspaceIdBody = z.infer<typeof workspaceIdBodySchema>;

export const buySeatsBodySchema = z.strictObject({
  numberOfSeats: z.number().int().min(SEAT_COUNTER.min).max(SEAT_COUNTER.max),
});
export type BuySeatsBody = z.infer<typeof buySeatsBodySchema>;

/** Everything /subscription shows about a workspace's plan and what its viewer may do with it. */
export const subscriptionSummarySchema = z.object({
  workspaceId: z.uuid(),
  billingMode: z.enum(billingModes),
  plan: z.enum(['free', 'pro_monthly', 'pro_yearly', 'enterprise']),
  paymentType: z.enum(['MONTHLY', 'YEARLY']).nullable(),
  status: z.enum(['none', 'active', 'trialing', 'past_due', 'unpaid', 'canceled', 'incomplete']),
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  /** Seats besides the owner: 3 included in Pro plus `extraSeats`. */
  userSeats: z.number().int().nonnegative(),
  extraSeats: z.number().int().nonnegative(),
  seatsUsed: z.number().int().nonnegative(),
  /** The retention offer was already used (it is offered once per workspace). */
  discountUsed: z.boolean(),
  /**
   * A discount is running now, and until when: the last day a discounted invoice may be issued
   * (monthly), or the date of the one yearly invoice it applies to.
   */
  discountEndsAt: z.string().nullable(),
  canManage: z.boolean(),
  /** Where to ask about the Enterprise plan (configured by the operator), or null when not offered. */
  enterpriseContactEmail: z.string().nullable(),
});
export type SubscriptionSummary = z.infer<typeof subscriptionSummarySchema>;

export const sandboxSessionParamsSchema = z.strictObject({
  sessionId: z.string().regex(/^sbx_[A-Za-z0-9]{24}$/),
});
export type SandboxSessionParams = z.infer<typeof sandboxSessionParamsSchema>;

/** The sandbox checkout page: what is being bought, for which workspace, at what price. */
export const sandboxCheckoutSchema = z.object({
  sessionId: z.string(),
  workspaceId: z.uuid(),
  workspaceName: z.string(),
  lookupKey: z.enum(checkoutLookupKeys),
  amount: z.number(),
  state: z.enum(['open', 'complete', 'expired']),
});
export type SandboxCheckout = z.infer<typeof sandboxCheckoutSchema>;
