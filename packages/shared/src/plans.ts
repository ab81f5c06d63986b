/**
 * Plan tiers, allowances, seats and prices: docs/product.md, "Plans and the word allowance". Labels
 * are localised in the web app from these keys.
 */
export const plans = ['free', 'pro_monthly', 'pro_yearly', 'enterprise'] as const;
export type Plan = (typeof plans)[number];

export const PRO_INCLUDED_SEATS = 3;

const MEBIBYTE = 1024 * 1024;
/**
 * What each plan's workspace may keep, in bytes as the database stores them: its documents, brand
 * voices, custom prompts, conversations and knowledge (docs/product.md, "Storage").
 */
export const STORAGE_QUOTA_BYTES: Record<Plan, number> = {
  free: 50 * MEBIBYTE,
  pro_monthly: 5 * 1024 * MEBIBYTE,
  pro_yearly: 5 * 1024 * MEBIBYTE,
  enterprise: 5 * 1024 * MEBIBYTE,
};
export const DEFAULT_FREE_PLAN_WORDS = 2000;

export const prices = {
  proMonthly: 49,
  proYearlyPerMonth: 36,
  proYearly: 432,
  yearlySavingPercent: 25,
  additionalSeatMonthly: 15,
  additionalSeatYearly: 144,
  cancelOfferPercent: 60,
  cancelOfferMonths: 3,
} as const;

export type PaymentType = 'MONTHLY' | 'YEARLY';

/** Euros, per month for the monthly prices and per year for the yearly ones (as `GET /price` answers). */
export interface ProPrices {
  proMonthly: number;
  proYearly: number;
  additionalSeatMonthly: number;
  additionalSeatYearly: number;
}

const cents = (euros: number) => Math.round(euros * 100) / 100;

/** One invoice of a Pro subscription: Pro and its extra seats, for the subscription's period. */
export function invoiceAmount(paymentType: PaymentType, list: ProPrices, extraSeats: number): number {
  return paymentType === 'YEARLY'
    ? cents(list.proYearly + extraSeats * list.additionalSeatYearly)
    : cents(list.proMonthly + extraSeats * list.additionalSeatMonthly);
}

/**
 * The retention offer, worth the same to every subscriber: 60 % off three months of their price.
 * Monthly: 60 % off each of the next 3 invoices. Yearly: the same amount off the next yearly
 * invoice, which is 60 % × 3/12 = 15 % of it (60 % × 3 × 36 € = 64,80 € of 432 €).
 */
export function retentionOfferTerms(paymentType: PaymentType): { percentOff: number; invoices: number } {
  const { cancelOfferPercent: percent, cancelOfferMonths: months } = prices;
  return paymentType === 'YEARLY'
    ? { percentOff: (percent * months) / 12, invoices: 1 }
    : { percentOff: percent, invoices: months };
}

/** What the retention offer takes off each discounted invoice and in all, and what is paid, in euros. */
export function retentionOfferValue(paymentType: PaymentType, list: ProPrices, extraSeats: number) {
  const terms = retentionOfferTerms(paymentType);
  const invoice = invoiceAmount(paymentType, list, extraSeats);
  const perInvoice = cents((invoice * terms.percentOff) / 100);
  return {
    ...terms,
    invoice,
    perInvoice,
    /** A discounted invoice: what is paid instead of `invoice`. */
    discountedInvoice: cents(invoice - perInvoice),
    total: cents(perInvoice * terms.invoices),
  };
}

export function isProPlan(plan: Plan): boolean {
  return plan === 'pro_monthly' || plan === 'pro_yearly';
}

export function isPaidPlan(plan: Plan): boolean {
  return plan !== 'free';
}

/** The first instant of the next calendar month in UTC: when the free allowance resets. */
export function nextMonthlyReset(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
}

/** The month a usage counter belongs to, as YYYY-MM in UTC. */
export function usagePeriod(now: Date): string {
  return now.toISOString().slice(0, 7);
}
