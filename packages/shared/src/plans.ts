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
 * voices, custom prompts and conversations (docs/product.md, "Storage").
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
