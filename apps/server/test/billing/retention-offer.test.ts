import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';
import {
  APP_URL,
  checkoutBody,
  createStripeApp,
  subscribeThroughCheckout,
  type StripeTestApp,
} from './billing-app.ts';

const DAY = 86_400_000;
type Method = 'GET' | 'POST' | 'DELETE' | 'PATCH';
type Injector = { app: TestApp['app'] };
const call = (t: Injector, user: TestUser, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: user.auth, ...(payload ? { payload } : {}) });
const takeOffer = (t: Injector, owner: TestUser) =>
  call(t, owner, 'PATCH', '/subscription/request-unsubscription-discount', {
    workspaceId: owner.workspaceId,
  });

describe('the retention offer in sandbox mode', () => {
  let t: TestApp;
  afterEach(() => t.app.close());

  async function subscribe(owner: TestUser, lookupKey: 'proMonthly' | 'proYearly') {
    const created = await call(t, owner, 'POST', '/subscription/create-subscription', {
      ...checkoutBody(owner.workspaceId),
      lookupKey,
    });
    const sessionId = new URL(created.json().url, APP_URL).searchParams.get('session')!;
    expect((await call(t, owner, 'POST', `/subscription/sandbox/${sessionId}/confirm`)).statusCode).toBe(200);
  }

  it('yearly: runs until the next yearly invoice, the one it takes its amount off', async () => {
    t = await createTestApp({ APP_URL });
    const owner = await createUser(t.app);
    await subscribe(owner, 'proYearly');
    const res = await takeOffer(t, owner);
    expect(res.statusCode, res.body).toBe(200);
    const summary = res.json();
    expect(summary).toMatchObject({ paymentType: 'YEARLY', discountUsed: true });
    // Not a 3-month coupon that ends long before the next invoice: it lasts until that invoice.
    expect(summary.discountEndsAt).toBe(summary.currentPeriodEnd);
    expect(new Date(summary.discountEndsAt).getTime()).toBeGreaterThan(Date.now() + 360 * DAY);
  });

  it('monthly: runs over the next 3 monthly invoices', async () => {
    t = await createTestApp({ APP_URL });
    const owner = await createUser(t.app);
    await subscribe(owner, 'proMonthly');
    const summary = (await takeOffer(t, owner)).json();
    const ends = new Date(summary.discountEndsAt).getTime();
    expect(ends).toBeGreaterThan(Date.now() + 85 * DAY);
    expect(ends).toBeLessThan(Date.now() + 95 * DAY);
  });
});

describe('the retention offer in Stripe mode', () => {
  let t: StripeTestApp;
  afterEach(() => t.close());

  it('yearly: 15 % off the next yearly invoice once (60 % of three months), kept for that invoice', async () => {
    t = await createStripeApp();
    const owner = await createUser(t.app);
    const subscriptionId = await subscribeThroughCheckout(t, owner, 'proYearly');
    const res = await takeOffer(t, owner);
    expect(res.statusCode, res.body).toBe(200);

    const [coupon] = t.peer.requestsTo('POST', '/v1/coupons');
    expect(coupon!.params).toMatchObject({ percent_off: '15', duration: 'once' });
    expect(coupon!.params.duration_in_months).toBeUndefined();
    const [applied] = t.peer.requestsTo('POST', `/v1/subscriptions/${subscriptionId}`);
    expect(applied!.params.discounts).toEqual([{ coupon: coupon!.params.id }]);
    // The discount lasts until the invoice it applies to.
    expect(res.json().discountEndsAt).not.toBeNull();
    expect(res.json().discountEndsAt).toBe(res.json().currentPeriodEnd);

    // Seats bought meanwhile join the renewal invoice instead of an invoice now that would use the discount up.
    const seats = await call(t, owner, 'POST', `/workspace/${owner.workspaceId}/buy-additional-seat`, {
      numberOfSeats: 2,
    });
    expect(seats.statusCode, seats.body).toBe(200);
    const seatChange = t.peer.requestsTo('POST', `/v1/subscriptions/${subscriptionId}`).at(-1)!;
    expect(seatChange.params.proration_behavior).toBe('create_prorations');
  });

  it('monthly: 60 % off the next 3 invoices, and seats are still invoiced at once', async () => {
    t = await createStripeApp();
    const owner = await createUser(t.app);
    const subscriptionId = await subscribeThroughCheckout(t, owner);
    expect((await takeOffer(t, owner)).statusCode).toBe(200);
    const [coupon] = t.peer.requestsTo('POST', '/v1/coupons');
    expect(coupon!.params).toMatchObject({
      percent_off: '60',
      duration: 'repeating',
      duration_in_months: '3',
    });
    await call(t, owner, 'POST', `/workspace/${owner.workspaceId}/buy-additional-seat`, { numberOfSeats: 1 });
    const seatChange = t.peer.requestsTo('POST', `/v1/subscriptions/${subscriptionId}`).at(-1)!;
    expect(seatChange.params.proration_behavior).toBe('always_invoice');
  });
});
