import type Stripe from 'stripe';
import type { FastifyBaseLogger } from 'fastify';
import { priceNames, prices, type PriceListResponse, type PriceName } from '@redacta/shared';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/errors.ts';

export interface StripePrice {
  id: string;
  /** Euros: per month for the monthly prices, per year for the yearly ones. */
  value: number;
}

/** The price list shown when Stripe's is not used (sandbox and off): the product's and the seats' from config. */
export function configuredPrices(
  config: Pick<Config, 'ADDITIONAL_SEAT_PRICE_MONTHLY' | 'ADDITIONAL_SEAT_PRICE_YEARLY'>,
) {
  const values: Record<PriceName, number> = {
    proMonthly: prices.proMonthly,
    proYearly: prices.proYearly,
    additionalSeatMonthly: config.ADDITIONAL_SEAT_PRICE_MONTHLY,
    additionalSeatYearly: config.ADDITIONAL_SEAT_PRICE_YEARLY,
  };
  return values;
}

export function priceList(values: Record<PriceName, number>): PriceListResponse {
  return priceNames.map((name) => ({ name, value: values[name] }));
}

const REFRESH_EVERY_MS = 10 * 60 * 1000;

export const pricesUnavailable = () =>
  new AppError('PRICES_UNAVAILABLE', 'Not all prices could be retrieved');

/**
 * Stripe's prices, found by lookup key (the names of `GET /price`). Read once when first needed, then
 * refreshed in the background so a changed price shows within minutes and no request waits for Stripe;
 * a failed refresh keeps the last good list. With no list yet, or one missing a lookup key, prices are
 * unavailable (502).
 */
export class StripePrices {
  private current: Record<PriceName, StripePrice> | undefined;
  private loading: Promise<Record<PriceName, StripePrice>> | undefined;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly stripe: Stripe,
    private readonly log: FastifyBaseLogger,
  ) {
    this.timer = setInterval(() => {
      this.refresh().catch((error) => this.log.warn({ err: error }, 'stripe: price refresh failed'));
    }, REFRESH_EVERY_MS);
    this.timer.unref();
  }

  async get(): Promise<Record<PriceName, StripePrice>> {
    if (this.current) return this.current;
    try {
      return await this.refresh();
    } catch (error) {
      this.log.warn({ err: error }, 'stripe: prices could not be read');
      throw pricesUnavailable();
    }
  }

  /** Reads the four prices again; concurrent callers share one request. */
  refresh(): Promise<Record<PriceName, StripePrice>> {
    this.loading ??= this.load().finally(() => {
      this.loading = undefined;
    });
    return this.loading;
  }

  close() {
    clearInterval(this.timer);
  }

  private async load(): Promise<Record<PriceName, StripePrice>> {
    const list = await this.stripe.prices.list({ lookup_keys: [...priceNames], active: true, limit: 10 });
    const found: Partial<Record<PriceName, StripePrice>> = {};
    for (const price of list.data) {
      const name = priceNames.find((candidate) => candidate === price.lookup_key);
      if (name && price.unit_amount !== null) found[name] = { id: price.id, value: price.unit_amount / 100 };
    }
    const missing = priceNames.filter((name) => !found[name]);
    if (missing.length > 0)
      throw new Error(`Stripe has no active price with lookup key ${missing.join(', ')}`);
    this.current = found as Record<PriceName, StripePrice>;
    return this.current;
  }
}
