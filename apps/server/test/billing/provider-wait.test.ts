import { afterEach, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../helpers/factories.ts';
import {
  createStripeApp,
  subscribeThroughCheckout,
  subscriptionRow,
  type StripeTestApp,
} from './billing-app.ts';

let t: StripeTestApp;
afterEach(() => t.close());

const buySeats = (owner: TestUser, numberOfSeats: number) =>
  t.app.inject({
    method: 'POST',
    url: `/api/workspace/${owner.workspaceId}/buy-additional-seat`,
    headers: owner.auth,
    payload: { numberOfSeats },
  });

/** A seat purchase sent while Stripe holds its answer to the subscription's update. */
async function purchaseWaitingForStripe(owner: TestUser, subscriptionId: string) {
  const stripe = t.peer.hold('POST', `/v1/subscriptions/${subscriptionId}`);
  let answered = false;
  const purchase = buySeats(owner, 2).finally(() => (answered = true));
  await stripe.arrived;
  return { stripe, purchase, answered: () => answered };
}

describe('a subscription change waiting for Stripe', () => {
  it("holds neither the database nor the workspace: other users' requests and the workspace's own writes go on", async () => {
    t = await createStripeApp();
    const owner = await createUser(t.app);
    const subscriptionId = await subscribeThroughCheckout(t, owner);
    const someoneElse = await createUser(t.app);
    const waiting = await purchaseWaitingForStripe(owner, subscriptionId);

    const list = await t.app.inject({ url: '/api/workspace/list', headers: someoneElse.auth });
    expect(list.statusCode, list.body).toBe(200);
    const invitation = await t.app.inject({
      method: 'POST',
      url: `/api/workspace/${owner.workspaceId}/invite`,
      headers: owner.auth,
      payload: { email: 'colleague@example.test' },
    });
    expect(invitation.statusCode, invitation.body).toBe(201);
    expect(waiting.stripe.held).toBe(true);
    expect(waiting.answered()).toBe(false);

    waiting.stripe.release();
    const purchase = await waiting.purchase;
    expect(purchase.statusCode, purchase.body).toBe(200);
    expect((await subscriptionRow(t.app, owner.workspaceId))!.extraSeats).toBe(2);
  });

  it('keeps only its own workspace waiting: another workspace buys seats meanwhile', async () => {
    t = await createStripeApp();
    const owner = await createUser(t.app);
    const otherOwner = await createUser(t.app);
    const subscriptionId = await subscribeThroughCheckout(t, owner);
    await subscribeThroughCheckout(t, otherOwner);
    const waiting = await purchaseWaitingForStripe(owner, subscriptionId);

    const other = await buySeats(otherOwner, 3);
    expect(other.statusCode, other.body).toBe(200);
    expect(other.json().extraSeats).toBe(3);
    expect(waiting.answered()).toBe(false);

    waiting.stripe.release();
    expect((await waiting.purchase).statusCode).toBe(200);
    expect((await subscriptionRow(t.app, owner.workspaceId))!.extraSeats).toBe(2);
  });
});
