import { afterEach, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.ts';
import { createTestApp } from '../helpers/app.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';
import {
  APP_URL,
  checkoutBody,
  createStripeApp,
  subscribeThroughCheckout,
  subscriptionRow,
  workspaceRow,
} from './billing-app.ts';

const PURCHASES = 6;
const SEATS_EACH = 2;
const OFFER_REQUESTS = 5;

let close: () => Promise<void>;
afterEach(() => close());

const inject = (app: App, user: TestUser, method: 'POST' | 'PATCH', url: string, payload: object) =>
  app.inject({ method, url: `/api${url}`, headers: user.auth, payload });

/** The same seat purchase sent `PURCHASES` times at once. */
const buySeatsAtOnce = (app: App, owner: TestUser) =>
  Promise.all(
    Array.from({ length: PURCHASES }, () =>
      inject(app, owner, 'POST', `/workspace/${owner.workspaceId}/buy-additional-seat`, {
        numberOfSeats: SEATS_EACH,
      }),
    ),
  );

const requestOfferAtOnce = (app: App, owner: TestUser) =>
  Promise.all(
    Array.from({ length: OFFER_REQUESTS }, () =>
      inject(app, owner, 'PATCH', '/subscription/request-unsubscription-discount', {
        workspaceId: owner.workspaceId,
      }),
    ),
  );

/** Every purchase answered 200 added its seats: none was lost to another running at the same time. */
async function expectEverySeatAdded(
  app: App,
  owner: TestUser,
  answers: Awaited<ReturnType<typeof buySeatsAtOnce>>,
) {
  for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
  const extra = PURCHASES * SEATS_EACH;
  expect((await subscriptionRow(app, owner.workspaceId))!.extraSeats).toBe(extra);
  expect((await workspaceRow(app, owner.workspaceId)).userSeats).toBe(3 + extra);
}

/** Exactly one request got the offer; the others were told it is already used. */
function expectOneOfferGranted(answers: Awaited<ReturnType<typeof requestOfferAtOnce>>) {
  expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
  for (const refused of answers.filter((answer) => answer.statusCode !== 200)) {
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error.code).toBe('DISCOUNT_ALREADY_USED');
  }
}

describe('billing changes sent at the same time (sandbox)', () => {
  async function sandboxPro() {
    const { app } = await createTestApp({ APP_URL });
    close = () => app.close();
    const owner = await createUser(app);
    const created = await inject(app, owner, 'POST', '/subscription/create-subscription', {
      ...checkoutBody(owner.workspaceId, 'proMonthly'),
    });
    const sessionId = new URL(created.json().url, APP_URL).searchParams.get('session')!;
    const confirmed = await inject(app, owner, 'POST', `/subscription/sandbox/${sessionId}/confirm`, {});
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return { app, owner };
  }

  it('adds the seats of every purchase answered 200', async () => {
    const { app, owner } = await sandboxPro();
    await expectEverySeatAdded(app, owner, await buySeatsAtOnce(app, owner));
  });

  it('grants the retention offer to exactly one request', async () => {
    const { app, owner } = await sandboxPro();
    expectOneOfferGranted(await requestOfferAtOnce(app, owner));
  });
});

describe('billing changes sent at the same time (Stripe)', () => {
  async function stripePro() {
    const t = await createStripeApp();
    close = () => t.close();
    const owner = await createUser(t.app);
    return { t, owner, subscriptionId: await subscribeThroughCheckout(t, owner) };
  }

  it("adds the seats of every purchase answered 200, in Stripe's quantity too", async () => {
    const { t, owner, subscriptionId } = await stripePro();
    await expectEverySeatAdded(t.app, owner, await buySeatsAtOnce(t.app, owner));
    const seatItem = t.peer.subscriptions.get(subscriptionId)!.items.data[1];
    expect(seatItem.quantity).toBe(PURCHASES * SEATS_EACH);
  });

  it('grants the retention offer to exactly one request, and applies the coupon once', async () => {
    const { t, owner, subscriptionId } = await stripePro();
    expectOneOfferGranted(await requestOfferAtOnce(t.app, owner));
    expect(t.peer.requestsTo('POST', `/v1/subscriptions/${subscriptionId}`)).toHaveLength(1);
  });
});
