import { createHash } from 'node:crypto';
import Stripe from 'stripe';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/errors.ts';

/**
 * The Stripe SDK, pointed at `STRIPE_API_BASE` when it is set (the tests' local Stripe-protocol peer)
 * through the SDK's own host, port and protocol options. Network failures are retried by the SDK, which
 * resends the same idempotency key.
 */
export function createStripeClient(config: Pick<Config, 'STRIPE_SECRET_KEY' | 'STRIPE_API_BASE'>): Stripe {
  if (!config.STRIPE_SECRET_KEY) throw new Error('Stripe billing needs STRIPE_SECRET_KEY');
  const base = config.STRIPE_API_BASE ? new URL(config.STRIPE_API_BASE) : undefined;
  const protocol = base?.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(config.STRIPE_SECRET_KEY, {
    ...(base ? { host: base.hostname, port: base.port || (protocol === 'http' ? 80 : 443), protocol } : {}),
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'Redacta' },
  });
}

/**
 * The idempotency key of a mutating Stripe call: the operation and everything it depends on (its
 * inputs and the state it was computed from), so a retry of the same request sends the same key and
 * Stripe applies it once, while a new request — after the state changed — gets a new one.
 */
export function idempotencyKey(operation: string, ...inputs: (string | number | boolean | null)[]): string {
  const digest = createHash('sha256').update(JSON.stringify(inputs)).digest('base64url').slice(0, 32);
  return `redacta-${operation}-${digest}`;
}

/**
 * Runs a Stripe call; a failure of Stripe's (declined, unreachable, refused) is a 502 in our shape
 * with the details in the log, never Stripe's message to the user.
 */
export async function callStripe<T>(
  log: FastifyBaseLogger,
  what: string,
  call: () => Promise<T>,
): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof AppError) throw error;
    log.warn({ err: error }, `stripe: ${what} failed`);
    throw new AppError('BILLING_PROVIDER_ERROR', `The payment provider could not ${what}`);
  }
}
