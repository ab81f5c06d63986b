import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { sandboxCheckoutSessions, subscriptions } from '../../src/db/schema.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { addMember, createUser, type TestUser } from '../helpers/factories.ts';
import { APP_URL, checkoutBody, subscriptionRow, workspaceRow } from './billing-app.ts';

let t: TestApp;
afterEach(() => t.app.close());

type Method = 'GET' | 'POST' | 'DELETE' | 'PATCH';
const call = (user: TestUser, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: user.auth, ...(payload ? { payload } : {}) });

const summaryOf = async (user: TestUser, workspaceId = user.workspaceId) =>
  (await call(user, 'GET', `/workspace/${workspaceId}/subscription`)).json();

/** Upgrades through the sandbox checkout page's routes, as its "pay" button does. */
async function sandboxSubscribe(owner: TestUser, lookupKey: 'proMonthly' | 'proYearly') {
  const created = await call(
    owner,
    'POST',
    '/subscription/create-subscription',
    checkoutBody(owner.workspaceId, lookupKey),
  );
  expect(created.statusCode, created.body).toBe(200);
  const sessionId = new URL(created.json().url, APP_URL).searchParams.get('session')!;
  const confirmed = await call(owner, 'POST', `/subscription/sandbox/${sessionId}/confirm`);
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return sessionId;
}

describe('billing in sandbox mode (development and tests by default)', () => {
  it('runs the whole flow over HTTP: checkout page, confirm, seats, cancel, offer, resume', async () => {
    t = await createTestApp({ APP_URL, ADDITIONAL_SEAT_PRICE_MONTHLY: '20' });
    const owner = await createUser(t.app);
    const member = await createUser(t.app);
    await addMember(t.app, owner.workspaceId, member.id);

    const priceList = await call(owner, 'GET', '/price');
    expect(priceList.json()).toEqual([
      { name: 'proMonthly', value: 49 },
      { name: 'proYearly', value: 432 },
      { name: 'additionalSeatMonthly', value: 20 },
      { name: 'additionalSeatYearly', value: 144 },
    ]);
    expect(await summaryOf(owner)).toMatchObject({
      billingMode: 'sandbox',
      plan: 'free',
      status: 'none',
      canManage: true,
    });

    const created = await call(
      owner,
      'POST',
      '/subscription/create-subscription',
      checkoutBody(owner.workspaceId, 'proYearly'),
    );
    expect(created.statusCode).toBe(200);
    expect(created.json().url).toMatch(/^\/subscription\/sandbox-checkout\?session=sbx_[A-Za-z0-9]{24}$/);
    const sessionId = created.json().url.split('=')[1];

    const page = await call(owner, 'GET', `/subscription/sandbox/${sessionId}`);
    expect(page.json()).toEqual({
      sessionId,
      workspaceId: owner.workspaceId,
      workspaceName: 'Mi espacio de trabajo',
      lookupKey: 'proYearly',
      amount: 432,
      state: 'open',
    });
    expect((await call(member, 'GET', `/subscription/sandbox/${sessionId}`)).statusCode).toBe(404);
    expect((await call(member, 'POST', `/subscription/sandbox/${sessionId}/confirm`)).statusCode).toBe(404);
    expect((await workspaceRow(t.app, owner.workspaceId)).plan).toBe('free');

    const confirmed = await call(owner, 'POST', `/subscription/sandbox/${sessionId}/confirm`);
    expect(confirmed.json()).toEqual({ url: `${APP_URL}/projects?stripe=true` });
    expect(await summaryOf(owner)).toMatchObject({
      plan: 'pro_yearly',
      paymentType: 'YEARLY',
      status: 'active',
      userSeats: 3,
      seatsUsed: 1,
    });
    // Confirming again (a double click) only answers the address again.
    expect((await call(owner, 'POST', `/subscription/sandbox/${sessionId}/confirm`)).json()).toEqual(
      confirmed.json(),
    );
    expect(await t.app.db.select().from(subscriptions)).toHaveLength(1);
    expect((await call(owner, 'GET', `/subscription/sandbox/${sessionId}`)).json().state).toBe('complete');

    const seats = await call(owner, 'POST', `/workspace/${owner.workspaceId}/buy-additional-seat`, {
      numberOfSeats: 2,
    });
    expect(seats.json()).toMatchObject({ userSeats: 5, extraSeats: 2 });
    expect((await workspaceRow(t.app, owner.workspaceId)).userSeats).toBe(5);

    const cancelled = await call(owner, 'DELETE', '/subscription/cancel-subscription', {
      workspaceId: owner.workspaceId,
    });
    expect(cancelled.json()).toMatchObject({ plan: 'pro_yearly', cancelAtPeriodEnd: true });
    const offer = await call(owner, 'PATCH', '/subscription/request-unsubscription-discount', {
      workspaceId: owner.workspaceId,
    });
    expect(offer.json()).toMatchObject({ discountUsed: true });
    // Yearly: the offer's amount comes off the next yearly invoice, so it runs until that invoice.
    expect(offer.json().discountEndsAt).toBe(offer.json().currentPeriodEnd);
    const again = await call(owner, 'PATCH', '/subscription/request-unsubscription-discount', {
      workspaceId: owner.workspaceId,
    });
    expect(again.json().error.code).toBe('DISCOUNT_ALREADY_USED');
    const resumed = await call(owner, 'POST', '/subscription/resume', { workspaceId: owner.workspaceId });
    expect(resumed.json()).toMatchObject({ plan: 'pro_yearly', cancelAtPeriodEnd: false, userSeats: 5 });

    expect(await summaryOf(member, owner.workspaceId)).toMatchObject({
      plan: 'pro_yearly',
      canManage: false,
    });
    const byMember = await call(member, 'POST', `/workspace/${owner.workspaceId}/buy-additional-seat`, {
      numberOfSeats: 1,
    });
    expect(byMember.statusCode).toBe(403);
  });

  it('upgrades a monthly sandbox subscription to yearly, seats kept', async () => {
    t = await createTestApp({ APP_URL });
    const owner = await createUser(t.app);
    await sandboxSubscribe(owner, 'proMonthly');
    await call(owner, 'POST', `/workspace/${owner.workspaceId}/buy-additional-seat`, { numberOfSeats: 1 });
    const before = await summaryOf(owner);
    expect(before).toMatchObject({ plan: 'pro_monthly', paymentType: 'MONTHLY' });
    const upgraded = await call(owner, 'POST', '/subscription/upgrade-to-yearly', {
      workspaceId: owner.workspaceId,
    });
    expect(upgraded.json()).toMatchObject({
      plan: 'pro_yearly',
      paymentType: 'YEARLY',
      userSeats: 4,
      extraSeats: 1,
    });
    expect(new Date(upgraded.json().currentPeriodEnd).getTime()).toBeGreaterThan(
      Date.now() + 360 * 86_400_000,
    );
  });

  it('a cancelled checkout goes back to the cancel address and can no longer be paid', async () => {
    t = await createTestApp({ APP_URL });
    const owner = await createUser(t.app);
    const created = await call(
      owner,
      'POST',
      '/subscription/create-subscription',
      checkoutBody(owner.workspaceId),
    );
    const sessionId = created.json().url.split('=')[1];
    const cancelled = await call(owner, 'POST', `/subscription/sandbox/${sessionId}/cancel`);
    expect(cancelled.json()).toEqual({ url: `${APP_URL}/subscription` });
    const late = await call(owner, 'POST', `/subscription/sandbox/${sessionId}/confirm`);
    expect(late.statusCode).toBe(409);
    expect((await workspaceRow(t.app, owner.workspaceId)).plan).toBe('free');
    expect((await call(owner, 'GET', '/subscription/sandbox/sbx_AAAAAAAAAAAAAAAAAAAAAAAA')).statusCode).toBe(
      404,
    );
    expect((await call(owner, 'GET', '/subscription/sandbox/not-a-session')).statusCode).toBe(400);
  });

  it('a sandbox subscription cancelled at a period end that has passed has ended: the workspace is free', async () => {
    t = await createTestApp({ APP_URL });
    const owner = await createUser(t.app);
    await sandboxSubscribe(owner, 'proMonthly');
    await call(owner, 'DELETE', '/subscription/cancel-subscription', { workspaceId: owner.workspaceId });
    await t.app.db
      .update(subscriptions)
      .set({ currentPeriodEnd: new Date(Date.now() - 1000) })
      .where(eq(subscriptions.workspaceId, owner.workspaceId));
    expect(await summaryOf(owner)).toMatchObject({ plan: 'free', status: 'canceled', userSeats: 0 });
    // And a new subscription can be bought.
    await sandboxSubscribe(owner, 'proYearly');
    expect((await subscriptionRow(t.app, owner.workspaceId))!.status).toBe('active');
    expect(await t.app.db.select().from(sandboxCheckoutSessions)).toHaveLength(2);
  });
});

describe('billing off (production without Stripe)', () => {
  it('answers prices from configuration and refuses every change with 409 BILLING_UNAVAILABLE', async () => {
    t = await createTestApp({ APP_URL, BILLING_MODE: 'off' });
    const owner = await createUser(t.app);
    const member = await createUser(t.app);
    await addMember(t.app, owner.workspaceId, member.id);
    const outsider = await createUser(t.app);

    expect((await call(owner, 'GET', '/price')).json()).toContainEqual({
      name: 'additionalSeatYearly',
      value: 144,
    });
    expect(await summaryOf(owner)).toMatchObject({ billingMode: 'off', plan: 'free', canManage: false });

    const changes: [Method, string, object][] = [
      ['POST', '/subscription/create-subscription', checkoutBody(owner.workspaceId)],
      ['POST', '/subscription/create-portal-session', { workspaceId: owner.workspaceId }],
      ['POST', '/subscription/upgrade-to-yearly', { workspaceId: owner.workspaceId }],
      ['DELETE', '/subscription/cancel-subscription', { workspaceId: owner.workspaceId }],
      ['POST', '/subscription/resume', { workspaceId: owner.workspaceId }],
      ['PATCH', '/subscription/request-unsubscription-discount', { workspaceId: owner.workspaceId }],
      ['POST', `/workspace/${owner.workspaceId}/buy-additional-seat`, { numberOfSeats: 1 }],
    ];
    for (const [method, url, body] of changes) {
      const res = await call(owner, method, url, body);
      expect(res.statusCode, url).toBe(409);
      expect(res.json().error.code, url).toBe('BILLING_UNAVAILABLE');
      expect((await call(member, method, url, body)).statusCode, url).toBe(403);
      expect((await call(outsider, method, url, body)).statusCode, url).toBe(404);
    }
    const sandboxPage = await call(
      owner,
      'POST',
      '/subscription/sandbox/sbx_AAAAAAAAAAAAAAAAAAAAAAAA/confirm',
    );
    expect(sandboxPage.json().error.code).toBe('BILLING_UNAVAILABLE');
    const webhook = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      payload: { id: 'evt_1' },
    });
    expect(webhook.statusCode).toBe(409);
  });
});
