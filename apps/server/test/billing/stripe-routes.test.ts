import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { workspaces } from '../../src/db/schema.ts';
import { createUser, addMember, type TestUser } from '../helpers/factories.ts';
import {
  APP_URL,
  checkoutBody,
  createStripeApp,
  subscriptionRow,
  workspaceRow,
  type StripeTestApp,
} from './billing-app.ts';

let t: StripeTestApp;
let owner: TestUser;
beforeEach(async () => {
  t = await createStripeApp();
  owner = await createUser(t.app);
});
afterEach(() => t.close());

const post = (user: TestUser, url: string, payload: object, method: 'POST' | 'DELETE' | 'PATCH' = 'POST') =>
  t.app.inject({ method, url: `/api${url}`, headers: user.auth, payload });

/** Buys Pro through Checkout as a customer would: the session, the payment, Stripe's event. */
async function subscribe(user: TestUser, lookupKey: 'proMonthly' | 'proYearly' = 'proMonthly') {
  const res = await post(
    user,
    '/subscription/create-subscription',
    checkoutBody(user.workspaceId, lookupKey),
  );
  expect(res.statusCode, res.body).toBe(200);
  const sessionId = res.json().url.split('/').pop();
  const subscription = t.peer.completeCheckout(sessionId);
  const session = t.peer.sessions.get(sessionId)!;
  expect((await t.deliver(t.peer.event('checkout.session.completed', session))).statusCode).toBe(204);
  return subscription.id as string;
}

describe('GET /price', () => {
  it("answers Stripe's prices by lookup key, in euros", async () => {
    await t.close();
    t = await createStripeApp({}, (peer) => peer.setPrice('additionalSeatMonthly', 12.5));
    owner = await createUser(t.app);
    const res = await t.app.inject({ url: '/api/price', headers: owner.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { name: 'proMonthly', value: 49 },
      { name: 'proYearly', value: 432 },
      { name: 'additionalSeatMonthly', value: 12.5 },
      { name: 'additionalSeatYearly', value: 144 },
    ]);
    const [list] = t.peer.requestsTo('GET', '/v1/prices');
    expect(list!.params.lookup_keys).toEqual([
      'proMonthly',
      'proYearly',
      'additionalSeatMonthly',
      'additionalSeatYearly',
    ]);
  });

  it('is a 502 PRICES_UNAVAILABLE when Stripe lacks a lookup key or cannot be reached', async () => {
    await t.close();
    t = await createStripeApp({}, (peer) => peer.removePrice('additionalSeatYearly'));
    owner = await createUser(t.app);
    const res = await t.app.inject({ url: '/api/price', headers: owner.auth });
    expect(res.statusCode).toBe(502);
    expect(res.json().error.code).toBe('PRICES_UNAVAILABLE');

    t.peer.setPrice('additionalSeatYearly', 144);
    t.peer.failPrices(true);
    expect((await t.app.inject({ url: '/api/price', headers: owner.auth })).statusCode).toBe(502);
    t.peer.failPrices(false);
    expect((await t.app.inject({ url: '/api/price', headers: owner.auth })).statusCode).toBe(200);
  });
});

describe('POST /subscription/create-subscription (Stripe)', () => {
  it('opens a subscription Checkout for the workspace, with one customer reused and an idempotency key', async () => {
    const res = await post(
      owner,
      '/subscription/create-subscription',
      checkoutBody(owner.workspaceId, 'proYearly'),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);

    const [customer] = t.peer.requestsTo('POST', '/v1/customers');
    expect(customer!.params).toMatchObject({
      email: owner.email,
      metadata: { workspaceId: owner.workspaceId },
    });
    expect(customer!.idempotencyKey).toBeTruthy();
    const [checkout] = t.peer.requestsTo('POST', '/v1/checkout/sessions');
    const customerId = [...t.peer.customers.keys()][0];
    expect(checkout!.params).toEqual({
      mode: 'subscription',
      customer: customerId,
      client_reference_id: owner.workspaceId,
      metadata: { workspaceId: owner.workspaceId },
      subscription_data: { metadata: { workspaceId: owner.workspaceId } },
      line_items: [{ price: 'price_proYearly_43200', quantity: '1' }],
      success_url: `${APP_URL}/projects?stripe=true`,
      cancel_url: `${APP_URL}/subscription`,
      allow_promotion_codes: 'true',
    });
    expect(checkout!.idempotencyKey).toMatch(/^redacta-checkout-/);
    expect((await workspaceRow(t.app, owner.workspaceId)).stripeCustomerId).toBe(customerId);

    // The same request again (a retry) sends the same key and gets the same session; the customer is reused.
    const again = await post(
      owner,
      '/subscription/create-subscription',
      checkoutBody(owner.workspaceId, 'proYearly'),
    );
    expect(again.json().url).toBe(res.json().url);
    expect(t.peer.requestsTo('POST', '/v1/customers')).toHaveLength(1);
    const [, second] = t.peer.requestsTo('POST', '/v1/checkout/sessions');
    expect(second!.idempotencyKey).toBe(checkout!.idempotencyKey);
    expect(second!.params.customer).toBe(customerId);

    // Another plan is another request.
    await post(owner, '/subscription/create-subscription', checkoutBody(owner.workspaceId, 'proMonthly'));
    const [, , third] = t.peer.requestsTo('POST', '/v1/checkout/sessions');
    expect(third!.idempotencyKey).not.toBe(checkout!.idempotencyKey);
    expect(t.peer.sessions.size).toBe(2);
  });

  it('asks for automatic tax and tax ids when STRIPE_AUTOMATIC_TAX=true', async () => {
    await t.close();
    t = await createStripeApp({ STRIPE_AUTOMATIC_TAX: 'true' });
    owner = await createUser(t.app);
    await post(owner, '/subscription/create-subscription', checkoutBody(owner.workspaceId));
    const [checkout] = t.peer.requestsTo('POST', '/v1/checkout/sessions');
    expect(checkout!.params).toMatchObject({
      automatic_tax: { enabled: 'true' },
      tax_id_collection: { enabled: 'true' },
      customer_update: { address: 'auto', name: 'auto' },
    });
  });

  it('refuses return addresses off the app origin (400) and reaches no Stripe', async () => {
    const res = await post(owner, '/subscription/create-subscription', {
      ...checkoutBody(owner.workspaceId),
      successUrl: 'https://evil.example/projects',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    expect(t.peer.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('is for the owner: a member gets 403, an outsider 404', async () => {
    const member = await createUser(t.app);
    await addMember(t.app, owner.workspaceId, member.id);
    const outsider = await createUser(t.app);
    const asMember = await post(member, '/subscription/create-subscription', checkoutBody(owner.workspaceId));
    expect(asMember.statusCode).toBe(403);
    expect(asMember.json().error.code).toBe('NOT_WORKSPACE_OWNER');
    const asOutsider = await post(
      outsider,
      '/subscription/create-subscription',
      checkoutBody(owner.workspaceId),
    );
    expect(asOutsider.statusCode).toBe(404);
    expect(t.peer.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it("answers 502 BILLING_PROVIDER_ERROR when Stripe refuses, without Stripe's message", async () => {
    await t.app.db
      .update(workspaces)
      .set({ stripeCustomerId: 'cus_deleted_in_stripe' })
      .where(eq(workspaces.id, owner.workspaceId));
    const res = await post(owner, '/subscription/create-subscription', checkoutBody(owner.workspaceId));
    expect(res.statusCode).toBe(502);
    expect(res.json().error.code).toBe('BILLING_PROVIDER_ERROR');
    expect(res.body).not.toContain('cus_deleted_in_stripe');
  });

  it('refuses a workspace that already has an active subscription (409 SUBSCRIPTION_EXISTS)', async () => {
    await subscribe(owner);
    const res = await post(owner, '/subscription/create-subscription', checkoutBody(owner.workspaceId));
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('SUBSCRIPTION_EXISTS');
  });
});

describe('changing a Stripe subscription', () => {
  it('after checkout the workspace is Pro with 3 seats and the summary says so', async () => {
    await subscribe(owner, 'proMonthly');
    const summary = await t.app.inject({
      url: `/api/workspace/${owner.workspaceId}/subscription`,
      headers: owner.auth,
    });
    expect(summary.json()).toMatchObject({
      billingMode: 'stripe',
      plan: 'pro_monthly',
      paymentType: 'MONTHLY',
      status: 'active',
      userSeats: 3,
      extraSeats: 0,
      seatsUsed: 0,
      cancelAtPeriodEnd: false,
      discountUsed: false,
      canManage: true,
    });
    expect(summary.json().currentPeriodEnd).not.toBeNull();
  });

  it('buys seats as the seat price quantity, invoiced at once; userSeats = 3 + extra seats', async () => {
    const subscriptionId = await subscribe(owner, 'proMonthly');
    const first = await post(owner, `/workspace/${owner.workspaceId}/buy-additional-seat`, {
      numberOfSeats: 2,
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ userSeats: 5, extraSeats: 2 });
    const [added] = t.peer.requestsTo('POST', `/v1/subscriptions/${subscriptionId}`);
    expect(added!.params).toMatchObject({
      items: [{ price: 'price_additionalSeatMonthly_1500', quantity: '2' }],
      proration_behavior: 'always_invoice',
    });
    expect(added!.idempotencyKey).toMatch(/^redacta-add-seats-/);

    const second = await post(owner, `/workspace/${owner.workspaceId}/buy-additional-seat`, {
      numberOfSeats: 1,
    });
    expect(second.json()).toMatchObject({ userSeats: 6, extraSeats: 3 });
    const [, more] = t.peer.requestsTo('POST', `/v1/subscriptions/${subscriptionId}`);
    const seatItem = t.peer.subscriptions.get(subscriptionId)!.items.data[1];
    expect(more!.params).toMatchObject({
      items: [{ id: seatItem.id, quantity: '3' }],
      proration_behavior: 'always_invoice',
    });
    expect(more!.idempotencyKey).not.toBe(added!.idempotencyKey);
    expect((await workspaceRow(t.app, owner.workspaceId)).userSeats).toBe(6);
  });

  it('upgrades monthly to yearly by swapping the Pro and seat prices, prorated', async () => {
    const subscriptionId = await subscribe(owner, 'proMonthly');
    await post(owner, `/workspace/${owner.workspaceId}/buy-additional-seat`, { numberOfSeats: 1 });
    const res = await post(owner, '/subscription/upgrade-to-yearly', { workspaceId: owner.workspaceId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      plan: 'pro_yearly',
      paymentType: 'YEARLY',
      userSeats: 4,
      extraSeats: 1,
    });
    const items = t.peer.subscriptions.get(subscriptionId)!.items.data;
    const upgrade = t.peer.requestsTo('POST', `/v1/subscriptions/${subscriptionId}`).at(-1)!;
    expect(upgrade.params).toMatchObject({
      items: [
        { id: items[0].id, price: 'price_proYearly_43200' },
        { id: items[1].id, price: 'price_additionalSeatYearly_14400', quantity: '1' },
      ],
      proration_behavior: 'always_invoice',
    });
    expect(upgrade.idempotencyKey).toMatch(/^redacta-upgrade-yearly-/);
  });

  it('cancels at the period end and resumes, each call with its own idempotency key', async () => {
    const subscriptionId = await subscribe(owner);
    const cancelled = await post(
      owner,
      '/subscription/cancel-subscription',
      { workspaceId: owner.workspaceId },
      'DELETE',
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({
      plan: 'pro_monthly',
      cancelAtPeriodEnd: true,
      status: 'active',
    });
    const resumed = await post(owner, '/subscription/resume', { workspaceId: owner.workspaceId });
    expect(resumed.json()).toMatchObject({ plan: 'pro_monthly', cancelAtPeriodEnd: false });
    await post(owner, '/subscription/cancel-subscription', { workspaceId: owner.workspaceId }, 'DELETE');

    const calls = t.peer.requestsTo('POST', `/v1/subscriptions/${subscriptionId}`);
    expect(calls.map((call) => call.params.cancel_at_period_end)).toEqual(['true', 'false', 'true']);
    expect(new Set(calls.map((call) => call.idempotencyKey)).size).toBe(3);
    expect(t.peer.subscriptions.get(subscriptionId)!.cancel_at_period_end).toBe(true);
  });

  it('applies the retention coupon (60 % off, repeating, 3 months) once per workspace', async () => {
    const subscriptionId = await subscribe(owner);
    const res = await post(
      owner,
      '/subscription/request-unsubscription-discount',
      { workspaceId: owner.workspaceId },
      'PATCH',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().discountUsed).toBe(true);
    expect(res.json().discountEndsAt).not.toBeNull();
    const [coupon] = t.peer.requestsTo('POST', '/v1/coupons');
    expect(coupon!.params).toMatchObject({
      percent_off: '60',
      duration: 'repeating',
      duration_in_months: '3',
    });
    expect(coupon!.idempotencyKey).toBeTruthy();
    const [applied] = t.peer.requestsTo('POST', `/v1/subscriptions/${subscriptionId}`);
    expect(applied!.params.discounts).toEqual([{ coupon: coupon!.params.id }]);

    const again = await post(
      owner,
      '/subscription/request-unsubscription-discount',
      { workspaceId: owner.workspaceId },
      'PATCH',
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('DISCOUNT_ALREADY_USED');
    expect(t.peer.requestsTo('POST', `/v1/subscriptions/${subscriptionId}`)).toHaveLength(1);
  });

  it('opens the billing portal for the workspace customer', async () => {
    await subscribe(owner);
    const res = await post(owner, '/subscription/create-portal-session', { workspaceId: owner.workspaceId });
    expect(res.statusCode).toBe(200);
    expect(res.json().url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\//);
    const [portal] = t.peer.requestsTo('POST', '/v1/billing_portal/sessions');
    expect(portal!.params).toEqual({
      customer: (await workspaceRow(t.app, owner.workspaceId)).stripeCustomerId,
      return_url: `${APP_URL}/subscription`,
    });
    expect(portal!.idempotencyKey).toBeTruthy();
  });

  it('sends an idempotency key with every call that changes something in Stripe', async () => {
    await subscribe(owner, 'proMonthly');
    const workspaceId = owner.workspaceId;
    await post(owner, `/workspace/${workspaceId}/buy-additional-seat`, { numberOfSeats: 1 });
    await post(owner, '/subscription/upgrade-to-yearly', { workspaceId });
    await post(owner, '/subscription/cancel-subscription', { workspaceId }, 'DELETE');
    await post(owner, '/subscription/request-unsubscription-discount', { workspaceId }, 'PATCH');
    await post(owner, '/subscription/resume', { workspaceId });
    await post(owner, '/subscription/create-portal-session', { workspaceId });
    const changes = t.peer.requests.filter((r) => r.method !== 'GET');
    expect(new Set(changes.map((r) => r.path.replace(/_[0-9a-f]{24}$/, '')))).toEqual(
      new Set([
        '/v1/customers',
        '/v1/checkout/sessions',
        '/v1/subscriptions/sub',
        '/v1/coupons',
        '/v1/billing_portal/sessions',
      ]),
    );
    expect(changes.filter((r) => !r.idempotencyKey)).toEqual([]);
    expect(new Set(changes.map((r) => r.idempotencyKey)).size).toBe(changes.length);
  });

  it('changes need a subscription (409 NO_SUBSCRIPTION) and the owner (member 403, outsider 404)', async () => {
    const none = await post(owner, '/subscription/upgrade-to-yearly', { workspaceId: owner.workspaceId });
    expect(none.statusCode).toBe(409);
    expect(none.json().error.code).toBe('NO_SUBSCRIPTION');

    await subscribe(owner);
    const member = await createUser(t.app);
    await addMember(t.app, owner.workspaceId, member.id);
    const outsider = await createUser(t.app);
    const routes: [string, object, 'POST' | 'DELETE' | 'PATCH'][] = [
      ['/subscription/upgrade-to-yearly', { workspaceId: owner.workspaceId }, 'POST'],
      ['/subscription/cancel-subscription', { workspaceId: owner.workspaceId }, 'DELETE'],
      ['/subscription/resume', { workspaceId: owner.workspaceId }, 'POST'],
      ['/subscription/request-unsubscription-discount', { workspaceId: owner.workspaceId }, 'PATCH'],
      ['/subscription/create-portal-session', { workspaceId: owner.workspaceId }, 'POST'],
      [`/workspace/${owner.workspaceId}/buy-additional-seat`, { numberOfSeats: 1 }, 'POST'],
    ];
    for (const [url, body, method] of routes) {
      expect((await post(member, url, body, method)).statusCode, url).toBe(403);
      expect((await post(outsider, url, body, method)).statusCode, url).toBe(404);
    }
    const summary = await t.app.inject({
      url: `/api/workspace/${owner.workspaceId}/subscription`,
      headers: member.auth,
    });
    expect(summary.json()).toMatchObject({ plan: 'pro_monthly', canManage: false });
    const outside = await t.app.inject({
      url: `/api/workspace/${owner.workspaceId}/subscription`,
      headers: outsider.auth,
    });
    expect(outside.statusCode).toBe(404);
    expect((await subscriptionRow(t.app, owner.workspaceId))!.cancelAtPeriodEnd).toBe(false);
  });
});
