import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';

const base = { DATA_DIR: '/nonexistent', LOG_LEVEL: 'silent' };
const production = {
  ...base,
  NODE_ENV: 'production',
  JWT_SECRET: 'x'.repeat(32),
  APP_URL: 'https://app.example',
};

function problems(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    return (error as ConfigError).problems;
  }
}

describe('the billing mode', () => {
  it('is Stripe with a secret key, else the sandbox outside production, else off', () => {
    const stripe = { STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };
    expect(loadConfig({ ...production, ...stripe }).billingMode).toBe('stripe');
    expect(loadConfig({ ...base, NODE_ENV: 'development' }).billingMode).toBe('sandbox');
    expect(loadConfig({ ...base, NODE_ENV: 'test' }).billingMode).toBe('sandbox');
    expect(loadConfig(production).billingMode).toBe('off');
    expect(loadConfig({ ...production, BILLING_MODE: 'sandbox' }).billingMode).toBe('sandbox');
    expect(loadConfig({ ...base, ...stripe, BILLING_MODE: 'off' }).billingMode).toBe('off');
  });

  it('Stripe needs its secret key and webhook secret; the API base is refused in production', () => {
    expect(problems({ ...base, BILLING_MODE: 'stripe' })).toEqual([
      'STRIPE_SECRET_KEY: required with BILLING_MODE=stripe',
      'STRIPE_WEBHOOK_SECRET: required with Stripe billing (STRIPE_SECRET_KEY or BILLING_MODE=stripe)',
    ]);
    expect(problems({ ...base, STRIPE_SECRET_KEY: 'sk_test_x' })).toEqual([
      'STRIPE_WEBHOOK_SECRET: required with Stripe billing (STRIPE_SECRET_KEY or BILLING_MODE=stripe)',
    ]);
    expect(problems({ ...production, STRIPE_API_BASE: 'http://127.0.0.1:12111' })).toEqual([
      'STRIPE_API_BASE: is for tests only, not production',
    ]);
  });

  it('seat prices for the sandbox and off modes default to 15 €/month and 144 €/year', () => {
    const config = loadConfig(base);
    expect([config.ADDITIONAL_SEAT_PRICE_MONTHLY, config.ADDITIONAL_SEAT_PRICE_YEARLY]).toEqual([15, 144]);
    expect(problems({ ...base, ADDITIONAL_SEAT_PRICE_MONTHLY: '-1' })).toHaveLength(1);
  });
});
