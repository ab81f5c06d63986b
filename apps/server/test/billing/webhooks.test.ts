import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { invitations, memberships, processedWebhookEvents, workspaces } from '../../src/db/schema.ts';
import { addMember, createUser, type TestUser } from '../helpers/factories.ts';
import {
  checkoutBody,
  createStripeApp,
  signPayload,
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

/** Starts a Checkout and has the customer pay it; no event delivered yet. */
async function paidCheckout(user: TestUser, lookupKey: 'proMonthly' | 'proYearly' = 'proMonthly') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/subscription/create-subscription',
    headers: user.auth,
    payload: checkoutBody(user.workspaceId, lookupKey),
  });
  expect(res.statusCode, res.body).toBe(200);
  const sessionId = res.json().url.split('/').pop() as string;
  const subscription = t.peer.completeCheckout(sessionId);
  return { session: t.peer.sessions.get(sessionId)!, subscriptionId: subscription.id as string };
}

async function subscribed(user: TestUser) {
  const { session, subscriptionId } = await paidCheckout(user);
  expect((await t.deliver(t.peer.event('checkout.session.completed', session))).statusCode).toBe(204);
  return subscriptionId;
}

const summaryOf = async (user: TestUser, workspaceId = user.workspaceId) =>
  (await t.app.inject({ url: `/api/workspace/${workspaceId}/subscription`, headers: user.auth })).json();

/** How many times the app read this subscription back from Stripe: once per applied event. */
const reads = (subscriptionId: string) =>
  t.peer.requestsTo('GET', `/v1/subscriptions/${subscriptionId}`).length;

describe('POST /api/stripe/webhook', () => {
  it('refuses a wrong or missing signature (400) and applies nothing', async () => {
    const { session, subscriptionId } = await paidCheckout(owner);
    const event = t.peer.event('checkout.session.completed', session);
    const forged = await t.deliver(event, 'whsec_someone_else');
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.code).toBe('WEBHOOK_SIGNATURE_INVALID');
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload: event.payload,
    });
    expect(unsigned.statusCode).toBe(400);
    // A body changed after signing fails too: the signature covers the exact bytes.
    const changed = event.payload.replace('"complete"', '"open"');
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'stripe-signature': signPayload(event.payload), 'content-type': 'application/json' },
      payload: changed,
    });
    expect(tampered.statusCode).toBe(400);
    expect((await workspaceRow(t.app, owner.workspaceId)).plan).toBe('free');
    expect(reads(subscriptionId)).toBe(0);

    expect((await t.deliver(event)).statusCode).toBe(204);
    expect((await workspaceRow(t.app, owner.workspaceId)).plan).toBe('pro_monthly');
    expect(reads(subscriptionId)).toBe(1);
  });

  it('checkout.session.completed makes the workspace Pro by reading the subscription back from Stripe', async () => {
    const { session, subscriptionId } = await paidCheckout(owner, 'proYearly');
    expect((await workspaceRow(t.app, owner.workspaceId)).plan).toBe('free');
    expect((await t.deliver(t.peer.event('checkout.session.completed', session))).statusCode).toBe(204);
    expect(reads(subscriptionId)).toBe(1);
    expect(await summaryOf(owner)).toMatchObject({
      plan: 'pro_yearly',
      paymentType: 'YEARLY',
      status: 'active',
      userSeats: 3,
    });
    expect((await subscriptionRow(t.app, owner.workspaceId))!.externalId).toBe(subscriptionId);
  });

  it('applies the same event delivered twice only once', async () => {
    const { session, subscriptionId } = await paidCheckout(owner);
    const event = t.peer.event('checkout.session.completed', session);
    expect((await t.deliver(event)).statusCode).toBe(204);
    // Meanwhile the seats changed in Stripe; a redelivery of the old event must not re-apply anything.
    t.peer.setSeatQuantity(subscriptionId, 4);
    expect((await t.deliver(event)).statusCode).toBe(204);
    expect(reads(subscriptionId)).toBe(1);
    expect((await workspaceRow(t.app, owner.workspaceId)).userSeats).toBe(3);
  });

  it('applies the same event delivered concurrently only once', async () => {
    const { session, subscriptionId } = await paidCheckout(owner);
    const event = t.peer.event('checkout.session.completed', session);
    const answers = await Promise.all([
      t.deliver(event),
      t.deliver(event),
      t.deliver(event),
      t.deliver(event),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([204, 204, 204, 204]);
    expect(reads(subscriptionId)).toBe(1);
    const claims = await t.app.db
      .select()
      .from(processedWebhookEvents)
      .where(eq(processedWebhookEvents.id, event.id));
    expect(claims).toHaveLength(1);
    expect(claims[0]!.processedAt).not.toBeNull();
    expect((await workspaceRow(t.app, owner.workspaceId)).plan).toBe('pro_monthly');
  });

  it('ends in the same state when subscription.updated arrives before checkout.session.completed', async () => {
    const other = await createUser(t.app);
    const inOrder = await paidCheckout(owner);
    const reversed = await paidCheckout(other);
    for (const { subscriptionId } of [inOrder, reversed]) t.peer.setSeatQuantity(subscriptionId, 2);

    const updated = (id: string) =>
      t.peer.event('customer.subscription.updated', t.peer.subscriptions.get(id)!);
    await t.deliver(t.peer.event('checkout.session.completed', inOrder.session));
    await t.deliver(updated(inOrder.subscriptionId));
    await t.deliver(updated(reversed.subscriptionId));
    await t.deliver(t.peer.event('checkout.session.completed', reversed.session));

    const first = await summaryOf(owner);
    const second = await summaryOf(other);
    expect(first).toMatchObject({ plan: 'pro_monthly', userSeats: 5, extraSeats: 2, status: 'active' });
    const comparable = ({ workspaceId: _w, currentPeriodEnd: _c, ...rest }: Record<string, unknown>) => rest;
    expect(comparable(second)).toEqual(comparable(first));
  });

  it('applies an event whose claim was abandoned over 5 minutes ago, not one claimed recently or finished', async () => {
    const { session, subscriptionId } = await paidCheckout(owner);
    const abandoned = t.peer.event('checkout.session.completed', session);
    const recent = t.peer.event('checkout.session.completed', session);
    const finished = t.peer.event('checkout.session.completed', session);
    const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000);
    await t.app.db.insert(processedWebhookEvents).values([
      { id: abandoned.id, type: 'checkout.session.completed', claimedAt: ago(6) },
      { id: recent.id, type: 'checkout.session.completed', claimedAt: ago(1) },
      { id: finished.id, type: 'checkout.session.completed', claimedAt: ago(600), processedAt: ago(599) },
    ]);

    expect((await t.deliver(recent)).statusCode).toBe(204);
    expect((await t.deliver(finished)).statusCode).toBe(204);
    expect(reads(subscriptionId)).toBe(0);
    expect((await workspaceRow(t.app, owner.workspaceId)).plan).toBe('free');

    expect((await t.deliver(abandoned)).statusCode).toBe(204);
    expect(reads(subscriptionId)).toBe(1);
    expect((await workspaceRow(t.app, owner.workspaceId)).plan).toBe('pro_monthly');
    const [claim] = await t.app.db
      .select()
      .from(processedWebhookEvents)
      .where(eq(processedWebhookEvents.id, abandoned.id));
    expect(claim!.processedAt).not.toBeNull();
  });

  it('gives the claim back when applying fails, so the next delivery applies the event', async () => {
    const { session, subscriptionId } = await paidCheckout(owner);
    const event = t.peer.event('checkout.session.completed', session);
    const stored = t.peer.subscriptions.get(subscriptionId)!;
    t.peer.subscriptions.delete(subscriptionId);
    const failed = await t.deliver(event);
    expect(failed.statusCode).toBe(502);
    expect((await workspaceRow(t.app, owner.workspaceId)).plan).toBe('free');

    t.peer.subscriptions.set(subscriptionId, stored);
    expect((await t.deliver(event)).statusCode).toBe(204);
    expect((await workspaceRow(t.app, owner.workspaceId)).plan).toBe('pro_monthly');
  });

  it('a seat quantity changed in Stripe sets userSeats to 3 + extra seats', async () => {
    const subscriptionId = await subscribed(owner);
    const subscription = t.peer.setSeatQuantity(subscriptionId, 7);
    await t.deliver(t.peer.event('customer.subscription.updated', subscription));
    expect(await summaryOf(owner)).toMatchObject({ userSeats: 10, extraSeats: 7 });
    t.peer.setSeatQuantity(subscriptionId, 1);
    await t.deliver(t.peer.event('customer.subscription.updated', subscription));
    expect((await workspaceRow(t.app, owner.workspaceId)).userSeats).toBe(4);
  });

  it('a failed payment shows past due while Pro stays; a paid invoice makes it active again', async () => {
    const subscriptionId = await subscribed(owner);
    t.peer.setSubscription(subscriptionId, { status: 'past_due' });
    expect(
      (await t.deliver(t.peer.event('invoice.payment_failed', t.peer.invoiceOf(subscriptionId)))).statusCode,
    ).toBe(204);
    expect(await summaryOf(owner)).toMatchObject({ plan: 'pro_monthly', status: 'past_due' });

    t.peer.setSubscription(subscriptionId, { status: 'active' });
    await t.deliver(t.peer.event('invoice.paid', t.peer.invoiceOf(subscriptionId)));
    expect(await summaryOf(owner)).toMatchObject({ plan: 'pro_monthly', status: 'active' });
  });

  it('a deleted subscription returns the workspace to free: members stay, pending invitations are revoked', async () => {
    const subscriptionId = await subscribed(owner);
    const member = await createUser(t.app);
    await addMember(t.app, owner.workspaceId, member.id);
    await t.app.db
      .update(workspaces)
      .set({ isGpt4TurnedOn: true })
      .where(eq(workspaces.id, owner.workspaceId));
    await t.app.db.insert(invitations).values({
      workspaceId: owner.workspaceId,
      email: 'pending@example.com',
      invitedBy: owner.id,
      tokenHash: randomBytes(32).toString('hex'),
      expiresAt: new Date(Date.now() + 86_400_000),
    });

    const ended = t.peer.setSubscription(subscriptionId, { status: 'canceled' });
    expect((await t.deliver(t.peer.event('customer.subscription.deleted', ended))).statusCode).toBe(204);

    const workspace = await workspaceRow(t.app, owner.workspaceId);
    expect(workspace).toMatchObject({ plan: 'free', userSeats: 0, isGpt4TurnedOn: false });
    const members = await t.app.db
      .select()
      .from(memberships)
      .where(eq(memberships.workspaceId, owner.workspaceId));
    expect(members.map((m) => m.userId).sort()).toEqual([owner.id, member.id].sort());
    const pending = await t.app.db
      .select()
      .from(invitations)
      .where(and(eq(invitations.workspaceId, owner.workspaceId), isNull(invitations.revokedAt)));
    expect(pending).toEqual([]);
    expect(await summaryOf(member, owner.workspaceId)).toMatchObject({
      plan: 'free',
      status: 'canceled',
      paymentType: null,
      seatsUsed: 1,
      canManage: false,
    });
  });

  it('an unpaid subscription (Stripe gave up retrying) returns the workspace to free', async () => {
    const subscriptionId = await subscribed(owner);
    const unpaid = t.peer.setSubscription(subscriptionId, { status: 'unpaid' });
    await t.deliver(t.peer.event('customer.subscription.updated', unpaid));
    expect(await summaryOf(owner)).toMatchObject({ plan: 'free', status: 'unpaid', userSeats: 0 });
  });

  it("ignores late news that an older subscription ended while the workspace's new one is live", async () => {
    const oldId = await subscribed(owner);
    const oldEnded = t.peer.setSubscription(oldId, { status: 'canceled' });
    await t.deliver(t.peer.event('customer.subscription.deleted', oldEnded));
    const newId = await subscribed(owner);
    expect(newId).not.toBe(oldId);

    await t.deliver(t.peer.event('customer.subscription.updated', oldEnded));
    expect(await summaryOf(owner)).toMatchObject({ plan: 'pro_monthly', status: 'active' });
    expect((await subscriptionRow(t.app, owner.workspaceId))!.externalId).toBe(newId);
  });
});
