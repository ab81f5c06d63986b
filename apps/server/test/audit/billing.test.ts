import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';
import { APP_URL, checkoutBody, createStripeApp, type StripeTestApp } from '../billing/billing-app.ts';
import { allEntries, latest } from './audit-helpers.ts';

/*
 * Billing changes in the audit log, as they come: through Stripe's signed events (a local Stripe
 * peer), and through the sandbox's routes (the owner's own clicks).
 */

describe("billing through Stripe's events", () => {
  let s: StripeTestApp;
  afterEach(() => s.close());

  it('records the plan and the seats Stripe reports, by "Stripe", each once', async () => {
    s = await createStripeApp();
    const owner = await createUser(s.app, { firstName: 'Olga', lastName: 'Dueña' });
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/subscription/create-subscription',
      headers: owner.auth,
      payload: checkoutBody(owner.workspaceId, 'proMonthly'),
    });
    expect(res.statusCode, res.body).toBe(200);
    const sessionId = res.json().url.split('/').pop() as string;
    const subscription = s.peer.completeCheckout(sessionId);
    const completed = s.peer.event('checkout.session.completed', s.peer.sessions.get(sessionId)!);
    expect((await s.deliver(completed)).statusCode).toBe(204);
    // Stripe delivers an event twice now and then: it is applied, and recorded, once.
    expect((await s.deliver(completed)).statusCode).toBe(204);

    expect(await latest(s.app, owner, owner.workspaceId, 'billing.plan_changed')).toMatchObject({
      actor: 'Stripe',
      actorKind: 'system',
      before: { plan: 'free', userSeats: 0 },
      after: { plan: 'pro_monthly', userSeats: 3 },
    });

    const updated = s.peer.setSeatQuantity(subscription.id as string, 2);
    await s.deliver(s.peer.event('customer.subscription.updated', updated));
    expect(await latest(s.app, owner, owner.workspaceId, 'billing.seats_changed')).toMatchObject({
      actor: 'Stripe',
      before: { plan: 'pro_monthly', userSeats: 3 },
      after: { plan: 'pro_monthly', userSeats: 5 },
    });

    const entries = await allEntries(s.app, owner, owner.workspaceId);
    expect(entries.map((entry) => entry.action)).toEqual(['billing.seats_changed', 'billing.plan_changed']);
  });
});

describe('billing through the sandbox', () => {
  let t: TestApp;
  afterEach(() => t.app.close());

  const call = (user: TestUser, method: 'POST' | 'DELETE' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: user.auth, ...(payload ? { payload } : {}) });

  it('records the owner subscribing, buying seats, cancelling, taking the offer and resuming', async () => {
    t = await createTestApp({ APP_URL });
    const owner = await createUser(t.app, { firstName: 'Olga', lastName: 'Dueña' });
    const created = await call(
      owner,
      'POST',
      '/subscription/create-subscription',
      checkoutBody(owner.workspaceId),
    );
    const sessionId = new URL(created.json().url, APP_URL).searchParams.get('session')!;
    expect((await call(owner, 'POST', `/subscription/sandbox/${sessionId}/confirm`)).statusCode).toBe(200);
    const seats = await call(owner, 'POST', `/workspace/${owner.workspaceId}/buy-additional-seat`, {
      numberOfSeats: 2,
    });
    expect(seats.statusCode, seats.body).toBe(200);
    const workspace = { workspaceId: owner.workspaceId };
    expect((await call(owner, 'DELETE', '/subscription/cancel-subscription', workspace)).statusCode).toBe(
      200,
    );
    expect(
      (await call(owner, 'PATCH', '/subscription/request-unsubscription-discount', workspace)).statusCode,
    ).toBe(200);
    expect((await call(owner, 'POST', '/subscription/resume', workspace)).statusCode).toBe(200);

    const entries = await allEntries(t.app, owner, owner.workspaceId);
    expect(entries.map((entry) => entry.action)).toEqual([
      'billing.resumed',
      'billing.retention_applied',
      'billing.cancel_scheduled',
      'billing.seats_changed',
      'billing.plan_changed',
    ]);
    expect(entries.every((entry) => entry.actor === 'Olga Dueña')).toBe(true);
    expect(await latest(t.app, owner, owner.workspaceId, 'billing.plan_changed')).toMatchObject({
      before: { plan: 'free' },
      after: { plan: 'pro_yearly', userSeats: 3 },
    });
    expect(await latest(t.app, owner, owner.workspaceId, 'billing.cancel_scheduled')).toMatchObject({
      before: { cancelAtPeriodEnd: false },
      after: { cancelAtPeriodEnd: true },
    });
  });
});
