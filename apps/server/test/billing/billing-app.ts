import Stripe from 'stripe';
import type { LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { App } from '../../src/app.ts';
import { subscriptions, workspaces } from '../../src/db/schema.ts';
import { createTestApp } from '../helpers/app.ts';
import type { TestUser } from '../helpers/factories.ts';
import { startStripePeer, type StripePeer } from '../helpers/stripe-peer.ts';

export const SECRET_KEY = 'sk_test_redacta';
export const WEBHOOK_SECRET = 'whsec_redacta_test';
export const APP_URL = 'http://localhost:3000';

/** The SDK only to sign test events, as Stripe signs its deliveries. */
const signer = new Stripe(SECRET_KEY);

/** A `Stripe-Signature` header for `payload`, made by the SDK's own test helper. */
export const signPayload = (payload: string, secret = WEBHOOK_SECRET) =>
  signer.webhooks.generateTestHeaderString({ payload, secret });

export interface StripeTestApp {
  app: App;
  peer: StripePeer;
  /** Delivers a signed event to the webhook route, as Stripe does. */
  deliver(event: { payload: string }, secret?: string): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** The app in Stripe mode, its SDK pointed at a fresh Stripe-protocol peer. */
export async function createStripeApp(
  env: Record<string, string> = {},
  /** What Stripe holds before the app starts (the app reads the prices as it starts). */
  prepare?: (peer: StripePeer) => void,
): Promise<StripeTestApp> {
  const peer = await startStripePeer({ secretKey: SECRET_KEY });
  prepare?.(peer);
  const { app } = await createTestApp({
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: peer.apiBase,
    APP_URL,
    ...env,
  });
  return {
    app,
    peer,
    deliver(event, secret = WEBHOOK_SECRET) {
      const signature = signPayload(event.payload, secret);
      return app.inject({
        method: 'POST',
        url: '/api/stripe/webhook',
        headers: { 'stripe-signature': signature, 'content-type': 'application/json; charset=utf-8' },
        payload: event.payload,
      });
    },
    async close() {
      await app.close();
      await peer.close();
    },
  };
}

export async function workspaceRow(app: App, workspaceId: string) {
  const [row] = await app.db.select().from(workspaces).where(eq(workspaces.id, workspaceId));
  return row!;
}

export async function subscriptionRow(app: App, workspaceId: string) {
  const [row] = await app.db.select().from(subscriptions).where(eq(subscriptions.workspaceId, workspaceId));
  return row;
}

export const checkoutBody = (workspaceId: string, lookupKey: 'proMonthly' | 'proYearly' = 'proYearly') => ({
  lookupKey,
  workspaceId,
  successUrl: `${APP_URL}/projects`,
  cancelUrl: `${APP_URL}/subscription`,
});

/** The owner buys Pro (monthly unless told) through Checkout and Stripe's event is delivered: answers the subscription's id. */
export async function subscribeThroughCheckout(
  t: StripeTestApp,
  owner: TestUser,
  lookupKey: 'proMonthly' | 'proYearly' = 'proMonthly',
): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/subscription/create-subscription',
    headers: owner.auth,
    payload: checkoutBody(owner.workspaceId, lookupKey),
  });
  expect(res.statusCode, res.body).toBe(200);
  const sessionId = res.json().url.split('/').pop();
  const subscription = t.peer.completeCheckout(sessionId);
  const session = t.peer.sessions.get(sessionId)!;
  expect((await t.deliver(t.peer.event('checkout.session.completed', session))).statusCode).toBe(204);
  return subscription.id;
}
