import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { priceNames, prices as productPrices, type PriceName } from '@redacta/shared';

/** One request the peer received: what we sent to "Stripe", for tests to assert on. */
export interface RecordedRequest {
  method: string;
  path: string;
  /** The form (or query) parameters, decoded into objects and arrays as Stripe reads them. */
  params: Record<string, unknown>;
  idempotencyKey: string | undefined;
}

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const MONTH = 30 * 24 * 3600;
const YEAR = 365 * 24 * 3600;
const now = () => Math.floor(Date.now() / 1000);
const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** `items[0][price]=x` → `{ items: [{ price: 'x' }] }`, as Stripe decodes its form bodies. */
export function decodeForm(text: string): Record<string, unknown> {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = [...key.matchAll(/[^[\]]+/g)].map((m) => m[0]);
    let node: Json = root;
    path.forEach((segment, i) => {
      if (i === path.length - 1) {
        node[segment] = value;
        return;
      }
      node[segment] ??= /^\d+$/.test(path[i + 1]!) ? [] : {};
      node = node[segment];
    });
  }
  return root;
}

async function bodyOf(req: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of req) body += chunk;
  return body;
}

const defaultAmounts: Record<PriceName, number> = {
  proMonthly: productPrices.proMonthly,
  proYearly: productPrices.proYearly,
  additionalSeatMonthly: productPrices.additionalSeatMonthly,
  additionalSeatYearly: productPrices.additionalSeatYearly,
};

/**
 * A local HTTP peer speaking the part of Stripe's API that billing calls — prices by lookup key,
 * customers, Checkout Sessions, subscriptions and their items, coupons and discounts, Billing Portal
 * sessions — with state kept across calls and Stripe's idempotency (a repeated key answers the first
 * answer again). Every request is recorded with its path, parameters and Idempotency-Key. Tests drive
 * what Stripe would do on its own (a customer paying, a payment failing, a subscription ending) with
 * the methods it returns, and build events about it to sign and deliver.
 */
export async function startStripePeer(options: { secretKey: string }) {
  const requests: RecordedRequest[] = [];
  const priceObjects = new Map<string, Json>();
  const customers = new Map<string, Json>();
  const sessions = new Map<string, Json>();
  const subscriptions = new Map<string, Json>();
  const coupons = new Map<string, Json>();
  const portalSessions = new Map<string, Json>();
  const replays = new Map<string, { status: number; body: unknown }>();
  const holds: {
    method: string;
    path: string;
    arrive: () => void;
    release: () => void;
    done: Promise<void>;
  }[] = [];
  let pricesFail = false;

  const setPrice = (name: PriceName, euros: number) => {
    const yearly = name.endsWith('Yearly');
    priceObjects.set(name, {
      id: `price_${name}_${Math.round(euros * 100)}`,
      object: 'price',
      active: true,
      currency: 'eur',
      lookup_key: name,
      unit_amount: Math.round(euros * 100),
      recurring: { interval: yearly ? 'year' : 'month', interval_count: 1 },
      type: 'recurring',
    });
  };
  for (const name of priceNames) setPrice(name, defaultAmounts[name]);
  const priceById = (id: string) => [...priceObjects.values()].find((price) => price.id === id);

  const subscriptionItem = (price: Json, quantity: number, start: number): Json => ({
    id: newId('si'),
    object: 'subscription_item',
    price,
    quantity,
    current_period_start: start,
    current_period_end: start + (price.recurring.interval === 'year' ? YEAR : MONTH),
  });

  const missing = (what: string, id: string) => ({
    status: 404,
    body: {
      error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}: '${id}'` },
    },
  });
  const ok = (body: unknown) => ({ status: 200, body });

  function updateSubscription(subscription: Json, params: Json) {
    if (params.cancel_at_period_end !== undefined) {
      subscription.cancel_at_period_end = params.cancel_at_period_end === 'true';
    }
    for (const change of (params.items as Json[] | undefined) ?? []) {
      const item = change.id
        ? subscription.items.data.find((candidate: Json) => candidate.id === change.id)
        : undefined;
      const price = change.price ? priceById(change.price) : item?.price;
      if (!price)
        return { status: 400, body: { error: { type: 'invalid_request_error', message: 'No such price' } } };
      if (item) {
        if (price.recurring.interval !== item.price.recurring.interval) {
          // A new interval restarts the billing period now, as Stripe does.
          Object.assign(item, subscriptionItem(price, item.quantity, now()), { id: item.id });
        }
        item.price = price;
        if (change.quantity !== undefined) item.quantity = Number(change.quantity);
      } else {
        const start = subscription.items.data[0]?.current_period_start ?? now();
        subscription.items.data.push(subscriptionItem(price, Number(change.quantity ?? 1), start));
      }
    }
    if (params.discounts !== undefined) {
      const wanted = (params.discounts as Json[] | '') || [];
      const discounts: Json[] = [];
      for (const { coupon: couponId } of wanted) {
        const coupon = coupons.get(couponId);
        if (!coupon) return missing('coupon', couponId);
        const start = now();
        discounts.push({
          id: newId('di'),
          object: 'discount',
          source: { type: 'coupon', coupon: couponId },
          start,
          end: coupon.duration === 'repeating' ? start + coupon.duration_in_months * MONTH : null,
          subscription: subscription.id,
        });
      }
      subscription.discounts = discounts;
    }
    return ok(subscription);
  }

  function route(method: string, path: string, params: Json): { status: number; body: unknown } {
    let match: RegExpMatchArray | null;
    if (method === 'GET' && path === '/v1/prices') {
      if (pricesFail)
        return { status: 500, body: { error: { type: 'api_error', message: 'Prices are down' } } };
      const keys = (params.lookup_keys as string[] | undefined) ?? [];
      const data = [...priceObjects.values()].filter((price) => keys.includes(price.lookup_key));
      return ok({ object: 'list', data, has_more: false, url: '/v1/prices' });
    }
    if (method === 'POST' && path === '/v1/customers') {
      const customer = {
        id: newId('cus'),
        object: 'customer',
        email: params.email,
        name: params.name,
        metadata: params.metadata ?? {},
      };
      customers.set(customer.id, customer);
      return ok(customer);
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      if (params.customer && !customers.has(params.customer)) return missing('customer', params.customer);
      const id = newId('cs_test');
      const session = {
        id,
        object: 'checkout.session',
        status: 'open',
        mode: params.mode,
        customer: params.customer ?? null,
        client_reference_id: params.client_reference_id ?? null,
        metadata: params.metadata ?? {},
        subscription: null,
        success_url: params.success_url,
        cancel_url: params.cancel_url,
        url: `https://checkout.stripe.test/c/pay/${id}`,
        line_items: params.line_items,
        subscription_data: params.subscription_data ?? {},
      };
      sessions.set(id, session);
      return ok(session);
    }
    if ((match = path.match(/^\/v1\/checkout\/sessions\/([^/]+)$/)) && method === 'GET') {
      const session = sessions.get(match[1]!);
      return session ? ok(session) : missing('checkout.session', match[1]!);
    }
    if ((match = path.match(/^\/v1\/subscriptions\/([^/]+)$/))) {
      const subscription = subscriptions.get(match[1]!);
      if (!subscription) return missing('subscription', match[1]!);
      if (method === 'GET') return ok(subscription);
      if (method === 'POST') return updateSubscription(subscription, params);
    }
    if ((match = path.match(/^\/v1\/coupons\/([^/]+)$/)) && method === 'GET') {
      const coupon = coupons.get(decodeURIComponent(match[1]!));
      return coupon ? ok(coupon) : missing('coupon', match[1]!);
    }
    if (method === 'POST' && path === '/v1/coupons') {
      const coupon = {
        id: params.id ?? newId('coupon'),
        object: 'coupon',
        name: params.name ?? null,
        percent_off: Number(params.percent_off),
        duration: params.duration,
        duration_in_months: params.duration_in_months ? Number(params.duration_in_months) : null,
      };
      if (coupons.has(coupon.id)) {
        return {
          status: 400,
          body: {
            error: {
              type: 'invalid_request_error',
              code: 'resource_already_exists',
              message: 'Coupon already exists',
            },
          },
        };
      }
      coupons.set(coupon.id, coupon);
      return ok(coupon);
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      if (!customers.has(params.customer)) return missing('customer', params.customer);
      const id = newId('bps');
      const session = {
        id,
        object: 'billing_portal.session',
        customer: params.customer,
        return_url: params.return_url,
        url: `https://billing.stripe.test/p/session/${id}`,
      };
      portalSessions.set(id, session);
      return ok(session);
    }
    return {
      status: 404,
      body: {
        error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` },
      },
    };
  }

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://peer');
    const text = req.method === 'GET' || req.method === 'DELETE' ? url.search.slice(1) : await bodyOf(req);
    const params = decodeForm(text);
    const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
    requests.push({ method: req.method!, path: url.pathname, params, idempotencyKey });
    const send = ({ status, body }: { status: number; body: unknown }) =>
      res
        .writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') })
        .end(JSON.stringify(body));
    if (req.headers.authorization !== `Bearer ${options.secretKey}`) {
      return send({
        status: 401,
        body: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } },
      });
    }
    const hold = holds.find(
      (candidate) => candidate.method === req.method && candidate.path === url.pathname,
    );
    if (hold) {
      hold.arrive();
      await hold.done;
    }
    const replayKey = idempotencyKey && `${req.method} ${url.pathname} ${idempotencyKey}`;
    const replay = replayKey ? replays.get(replayKey) : undefined;
    if (replay) return send(replay);
    const answer = route(req.method!, url.pathname, params as Json);
    // Stripe keeps the first answer to a key (a copy: later changes to the object must not show in it).
    if (replayKey)
      replays.set(replayKey, { status: answer.status, body: JSON.parse(JSON.stringify(answer.body)) });
    send(answer);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const subscriptionOf = (id: string) => {
    const subscription = subscriptions.get(id);
    if (!subscription) throw new Error(`no subscription ${id}`);
    return subscription;
  };

  return {
    apiBase,
    requests,
    /** Requests whose method and path match, e.g. `('POST', /^\/v1\/subscriptions\//)`. */
    requestsTo(method: string, path: string | RegExp) {
      return requests.filter(
        (r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path)),
      );
    },
    customers,
    sessions,
    subscriptions,
    coupons,
    portalSessions,
    setPrice,
    removePrice(name: PriceName) {
      priceObjects.delete(name);
    },
    /** Makes `GET /v1/prices` fail (a Stripe outage) until called with false. */
    failPrices(fail: boolean) {
      pricesFail = fail;
    },
    /**
     * Holds every request to `method path` unanswered, its connection open, until `release` (or `close`):
     * Stripe taking its time. `arrived` settles when the first one comes; it is answered after release.
     */
    hold(method: string, path: string) {
      let arrive!: () => void;
      let release!: () => void;
      const arrived = new Promise<void>((resolve) => (arrive = resolve));
      const done = new Promise<void>((resolve) => (release = resolve));
      let held = true;
      holds.push({ method, path, arrive, release, done });
      void done.then(() => {
        held = false;
        holds.splice(
          holds.findIndex((candidate) => candidate.done === done),
          1,
        );
      });
      return {
        arrived,
        /** Whether the peer still holds the answers (`release` not called yet). */
        get held() {
          return held;
        },
        release,
      };
    },
    /** The customer pays a Checkout Session: its subscription is created, active, with the session's items. */
    completeCheckout(sessionId: string): Json {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no checkout session ${sessionId}`);
      const start = now();
      const subscription: Json = {
        id: newId('sub'),
        object: 'subscription',
        status: 'active',
        customer: session.customer,
        cancel_at_period_end: false,
        metadata: session.subscription_data.metadata ?? {},
        discounts: [],
        items: {
          object: 'list',
          data: (session.line_items as Json[]).map((line) =>
            subscriptionItem(priceById(line.price)!, Number(line.quantity ?? 1), start),
          ),
        },
      };
      subscriptions.set(subscription.id, subscription);
      Object.assign(session, { status: 'complete', subscription: subscription.id });
      return subscription;
    },
    /** Changes a subscription as Stripe would on its own (a failed payment, the end of a period). */
    setSubscription(id: string, changes: Partial<{ status: string; cancel_at_period_end: boolean }>) {
      Object.assign(subscriptionOf(id), changes);
      return subscriptionOf(id);
    },
    /** Sets the quantity of the subscription's seat item (as a change made in Stripe's dashboard would). */
    setSeatQuantity(id: string, quantity: number) {
      const subscription = subscriptionOf(id);
      const yearly = subscription.items.data[0].price.recurring.interval === 'year';
      const seatPrice = priceObjects.get(yearly ? 'additionalSeatYearly' : 'additionalSeatMonthly')!;
      const item = subscription.items.data.find((candidate: Json) =>
        candidate.price.lookup_key?.startsWith('additionalSeat'),
      );
      if (item) item.quantity = quantity;
      else
        subscription.items.data.push(
          subscriptionItem(seatPrice, quantity, subscription.items.data[0].current_period_start),
        );
      return subscription;
    },
    /** A Stripe event about `object` (a copy of it as it is now), ready to sign and deliver. */
    event(type: string, object: Json): { id: string; payload: string } {
      const id = newId('evt');
      const payload = JSON.stringify({
        id,
        object: 'event',
        api_version: '2026-10-28.endive',
        created: now(),
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
        data: { object: JSON.parse(JSON.stringify(object)) },
      });
      return { id, payload };
    },
    /** An invoice of a subscription, as invoice events carry it. */
    invoiceOf(subscriptionId: string): Json {
      const subscription = subscriptionOf(subscriptionId);
      return {
        id: newId('in'),
        object: 'invoice',
        customer: subscription.customer,
        parent: {
          type: 'subscription_details',
          quote_details: null,
          subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
        },
      };
    },
    close: () => {
      for (const hold of holds) hold.release();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type StripePeer = Awaited<ReturnType<typeof startStripePeer>>;
