import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterEach, expect, it, vi } from 'vitest';
import { createStripeClient } from '../../src/modules/billing/stripe-client.ts';
import { StripePrices } from '../../src/modules/billing/prices.ts';
import { startStripePeer, type StripePeer } from '../helpers/stripe-peer.ts';

const SECRET_KEY = 'sk_test_price_refresh';
const MINUTE = 60_000;

let peer: StripePeer | undefined;
let prices: StripePrices | undefined;
afterEach(async () => {
  prices?.close();
  vi.useRealTimers();
  await peer?.close();
});

/**
 * The catalogue under a clock of the test's own: only the refresh interval is faked, not the network
 * nor the SDK's pauses between its retries of a failed read.
 */
async function catalogue() {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  peer = await startStripePeer({ secretKey: SECRET_KEY });
  const warnings: string[] = [];
  const log = pino(
    { level: 'warn' },
    new Writable({
      write(line: Buffer, _encoding, done) {
        warnings.push((JSON.parse(line.toString()) as { msg: string }).msg);
        done();
      },
    }),
  );
  const client = createStripeClient({ STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_API_BASE: peer.apiBase });
  prices = new StripePrices(client, log);
  const reads = () => peer!.requestsTo('GET', '/v1/prices').length;
  return { peer, prices, warnings, reads };
}

/** The price of `name` once the refresh the interval started has come back with `euros`. */
async function priceOnceRefreshed(name: 'proMonthly', euros: number) {
  await vi.waitFor(async () => expect((await prices!.get())[name].value).toBe(euros), { timeout: 10_000 });
  return (await prices!.get())[name];
}

it('shows a price changed in Stripe after the ten-minute refresh, without a request waiting for Stripe', async () => {
  const { peer, prices, reads } = await catalogue();
  const first = await prices.get();
  expect(first.proMonthly.value).toBeGreaterThan(0);
  expect(reads()).toBe(1);

  peer.setPrice('proMonthly', 31);
  // Reads are served from memory until the refresh is due.
  vi.advanceTimersByTime(9 * MINUTE);
  expect((await prices.get()).proMonthly.value).toBe(first.proMonthly.value);
  expect(reads()).toBe(1);

  vi.advanceTimersByTime(MINUTE);
  expect(await priceOnceRefreshed('proMonthly', 31)).toEqual({ id: 'price_proMonthly_3100', value: 31 });
  expect(reads()).toBe(2);
});

it('keeps the last good prices when a refresh fails, logs it, and takes the new ones once Stripe answers again', async () => {
  const { peer, prices, warnings } = await catalogue();
  const first = await prices.get();

  peer.failPrices(true);
  peer.setPrice('proYearly', 999);
  vi.advanceTimersByTime(10 * MINUTE);
  await vi.waitFor(() => expect(warnings).toContain('stripe: price refresh failed'), { timeout: 15_000 });
  expect(await prices.get()).toEqual(first);

  // A lookup key gone from Stripe is a failed refresh too: the list stays whole.
  peer.failPrices(false);
  peer.removePrice('proMonthly');
  vi.advanceTimersByTime(10 * MINUTE);
  await vi.waitFor(
    () => expect(warnings.filter((msg) => msg === 'stripe: price refresh failed')).toHaveLength(2),
    { timeout: 15_000 },
  );
  expect(await prices.get()).toEqual(first);

  peer.setPrice('proMonthly', 29);
  vi.advanceTimersByTime(10 * MINUTE);
  expect(await priceOnceRefreshed('proMonthly', 29)).toEqual({ id: 'price_proMonthly_2900', value: 29 });
}, 60_000);
