import { vi } from 'vitest';
import {
  STORAGE_QUOTA_BYTES,
  type BillingMode,
  type SandboxCheckout,
  type SubscriptionSummary,
  type Workspace,
} from '@redacta/shared';
import { json, type ApiHandler } from '../../../../test/render';
import { luis, me, WORKSPACE_ID as W, workspaceFixture } from '../../../../test/fixtures';

export { W };

/** The period end the fake server answers with: 24 December 2026. */
export const PERIOD_END = '2026-12-24T10:00:00.000Z';
export const SANDBOX_SESSION = 'sbx_abcdefghijklmnopqrstuvwx';

const error = (status: number, code: string) => json(status, { error: { code, message: code } });

export type BillingRoute =
  | 'prices'
  | 'summary'
  | 'checkout'
  | 'portal'
  | 'yearly'
  | 'cancel'
  | 'resume'
  | 'discount'
  | 'seats'
  | 'sandbox'
  | 'sandboxConfirm';

/**
 * Ana's workspace and its subscription kept in memory behind the real billing paths: each change
 * answers with the new summary and the workspace list and the summary show it afterwards, as the
 * server does. `fail` answers a route with an error (changeable while the test runs); `hold`
 * keeps a route's answer until `release` is called.
 */
export function fakeBillingApi(
  options: {
    plan?: SubscriptionSummary['plan'];
    mode?: BillingMode;
    ownerIsLuis?: boolean;
    status?: SubscriptionSummary['status'];
    extraSeats?: number;
    seatsUsed?: number;
    discountUsed?: boolean;
    /** Bytes the workspace stores (the quota follows the plan). */
    storedBytes?: number;
    enterpriseContactEmail?: string;
    fail?: Partial<Record<BillingRoute, [number, string]>>;
  } = {},
) {
  const plan = options.plan ?? 'pro_monthly';
  const paid = plan !== 'free';
  const state = {
    summary: {
      workspaceId: W,
      billingMode: options.mode ?? 'stripe',
      plan,
      paymentType: plan === 'pro_yearly' ? 'YEARLY' : plan === 'pro_monthly' ? 'MONTHLY' : null,
      status: options.status ?? (paid ? 'active' : 'none'),
      currentPeriodEnd: paid ? PERIOD_END : null,
      cancelAtPeriodEnd: false,
      userSeats: paid ? 3 + (options.extraSeats ?? 0) : 0,
      extraSeats: options.extraSeats ?? 0,
      seatsUsed: options.seatsUsed ?? 0,
      discountUsed: options.discountUsed ?? false,
      discountEndsAt: null,
      canManage: !options.ownerIsLuis,
      enterpriseContactEmail: options.enterpriseContactEmail ?? null,
    } as SubscriptionSummary,
    sandbox: {
      sessionId: SANDBOX_SESSION,
      workspaceId: W,
      workspaceName: 'Espacio de Ana',
      lookupKey: 'proYearly',
      amount: 432,
      state: 'open',
    } as SandboxCheckout,
    fail: { ...options.fail },
  };
  const held = new Map<BillingRoute, () => void>();
  const hold = (route: BillingRoute) => {
    const gate = new Promise<void>((resolve) => held.set(route, resolve));
    return gate;
  };
  const holding = new Set<BillingRoute>();

  const workspace = (): Workspace =>
    workspaceFixture({
      plan: state.summary.plan,
      userSeats: state.summary.userSeats,
      ...(options.ownerIsLuis ? { ownerId: luis.id, owner: luis } : {}),
      premiumSubscription: state.summary.paymentType
        ? {
            paymentType: state.summary.paymentType,
            status: state.summary.status,
            currentPeriodEnd: state.summary.currentPeriodEnd,
            cancelAtPeriodEnd: state.summary.cancelAtPeriodEnd,
          }
        : null,
      cancelAtPeriodEnd: state.summary.cancelAtPeriodEnd,
      usage: paid ? { limit: null, remaining: null } : {},
    });

  const route =
    (name: BillingRoute, answer: (body: unknown) => Response): ApiHandler =>
    async (body) => {
      if (holding.has(name)) await hold(name);
      const failure = state.fail[name];
      return failure ? error(...failure) : answer(body);
    };
  const change = (name: BillingRoute, apply: (body: unknown) => void) =>
    route(name, (body) => {
      apply(body);
      return json(200, state.summary);
    });

  const handlers: Record<string, ApiHandler> = {
    'GET /api/auth/refresh': () => json(200, { accessToken: 't', user: me }),
    'GET /api/workspace/list': () => json(200, [workspace()]),
    'GET /api/price': route('prices', () =>
      json(200, [
        { name: 'proMonthly', value: 49 },
        { name: 'proYearly', value: 432 },
        { name: 'additionalSeatMonthly', value: 15 },
        { name: 'additionalSeatYearly', value: 144 },
      ]),
    ),
    [`GET /api/workspace/${W}/subscription`]: route('summary', () => json(200, state.summary)),
    [`GET /api/workspace/${W}/storage`]: () =>
      json(200, {
        workspaceId: W,
        usedBytes: options.storedBytes ?? 3 * 1024 * 1024,
        limitBytes: STORAGE_QUOTA_BYTES[state.summary.plan],
      }),
    'POST /api/subscription/create-subscription': route('checkout', () =>
      json(200, { url: `http://localhost:3000/subscription/sandbox-checkout?session=${SANDBOX_SESSION}` }),
    ),
    'POST /api/subscription/create-portal-session': route('portal', () =>
      json(200, { url: 'https://billing.stripe.test/portal/session' }),
    ),
    'POST /api/subscription/upgrade-to-yearly': change('yearly', () => {
      state.summary = { ...state.summary, plan: 'pro_yearly', paymentType: 'YEARLY' };
    }),
    'DELETE /api/subscription/cancel-subscription': change('cancel', () => {
      state.summary = { ...state.summary, cancelAtPeriodEnd: true };
    }),
    'POST /api/subscription/resume': change('resume', () => {
      state.summary = { ...state.summary, cancelAtPeriodEnd: false };
    }),
    // As the server: monthly, 3 months of invoices; yearly, until the next yearly invoice.
    'PATCH /api/subscription/request-unsubscription-discount': change('discount', () => {
      const endsAt = state.summary.paymentType === 'YEARLY' ? PERIOD_END : '2027-03-24T10:00:00.000Z';
      state.summary = { ...state.summary, discountUsed: true, discountEndsAt: endsAt };
    }),
    [`POST /api/workspace/${W}/buy-additional-seat`]: change('seats', (body) => {
      const added = (body as { numberOfSeats: number }).numberOfSeats;
      state.summary = {
        ...state.summary,
        extraSeats: state.summary.extraSeats + added,
        userSeats: state.summary.userSeats + added,
      };
    }),
    [`GET /api/subscription/sandbox/${SANDBOX_SESSION}`]: route('sandbox', () => json(200, state.sandbox)),
    [`POST /api/subscription/sandbox/${SANDBOX_SESSION}/confirm`]: route('sandboxConfirm', () => {
      state.sandbox = { ...state.sandbox, state: 'complete' };
      return json(200, { url: 'http://localhost:3000/chat?stripe=true' });
    }),
    [`POST /api/subscription/sandbox/${SANDBOX_SESSION}/cancel`]: route('sandboxConfirm', () =>
      json(200, { url: 'http://localhost:3000/subscription' }),
    ),
  };

  return {
    handlers,
    state,
    /** Keeps the route's next answers waiting until `release`. */
    hold: (name: BillingRoute) => holding.add(name),
    release: (name: BillingRoute) => {
      holding.delete(name);
      held.get(name)?.();
    },
  };
}

/**
 * The browser's address for a test: this page on http://localhost:3000, with `assign` recording
 * where the app sends the browser (jsdom cannot leave the page).
 */
export function stubLocation(path = '/subscription') {
  const assign = vi.fn();
  vi.stubGlobal('location', {
    ...window.location,
    origin: 'http://localhost:3000',
    href: `http://localhost:3000${path}`,
    assign,
  });
  return assign;
}
