import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';
import { APP_URL, checkoutBody, createStripeApp, type StripeTestApp } from './billing-app.ts';

const create = (app: TestApp['app'], owner: TestUser, lookupKey: string) =>
  app.inject({
    method: 'POST',
    url: '/api/subscription/create-subscription',
    headers: owner.auth,
    payload: { ...checkoutBody(owner.workspaceId), lookupKey },
  });

describe("checkout's lookup key: the API contract's yearly/monthly and the price names", () => {
  describe('sandbox', () => {
    let t: TestApp;
    afterEach(() => t.app.close());

    it.each([
      ['yearly', 'proYearly', 432],
      ['monthly', 'proMonthly', 49],
      ['proYearly', 'proYearly', 432],
      ['proMonthly', 'proMonthly', 49],
    ])('%s buys %s', async (requested, price, amount) => {
      t = await createTestApp({ APP_URL });
      const owner = await createUser(t.app);
      const res = await create(t.app, owner, requested);
      expect(res.statusCode, res.body).toBe(200);
      const sessionId = new URL(res.json().url, APP_URL).searchParams.get('session')!;
      const page = await t.app.inject({ url: `/api/subscription/sandbox/${sessionId}`, headers: owner.auth });
      expect(page.json()).toMatchObject({ lookupKey: price, amount });
    });

    it('refuses any other name with a 400 in our shape', async () => {
      t = await createTestApp({ APP_URL });
      const owner = await createUser(t.app);
      const res = await create(t.app, owner, 'weekly');
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    });
  });

  describe('Stripe', () => {
    let t: StripeTestApp;
    afterEach(() => t.close());

    it('yearly and monthly check out the yearly and monthly Pro prices', async () => {
      t = await createStripeApp();
      const owner = await createUser(t.app);
      expect((await create(t.app, owner, 'yearly')).statusCode).toBe(200);
      expect((await create(t.app, owner, 'monthly')).statusCode).toBe(200);
      const sessions = t.peer.requestsTo('POST', '/v1/checkout/sessions');
      // The peer names each price after its lookup key.
      expect(sessions.map((s) => (s.params.line_items as Array<{ price: string }>)[0]!.price)).toEqual([
        expect.stringMatching(/^price_proYearly_/),
        expect.stringMatching(/^price_proMonthly_/),
      ]);
    });
  });
});
