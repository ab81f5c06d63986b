import { formattingLocale } from '@/lib/i18n';
import type { PriceMap } from '../api/billing';

/** An amount of euros as the catalogue's "{{value}} €" texts take it: "36", "35,50" or "35.50". */
export function euros(value: number): string {
  return new Intl.NumberFormat(formattingLocale(), {
    minimumFractionDigits: Number.isInteger(value) ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(value);
}

/** Dates in sentences are written one way everywhere. */
export { longDate } from '@/lib/format-date';

/**
 * The yearly plan's saving against twelve monthly payments, rounded down to a multiple of 5 so it
 * never claims more than it saves (36 € instead of 49 € a month is "save 25 %").
 */
export function yearlySavingPercent(prices: Pick<PriceMap, 'proMonthly' | 'proYearly'>): number {
  const saving = 1 - prices.proYearly / (12 * prices.proMonthly);
  return Math.max(0, Math.floor((saving * 100) / 5) * 5);
}

const MEBIBYTE = 1024 * 1024;
const GIBIBYTE = 1024 * MEBIBYTE;

/**
 * An amount of storage as the quotas are stated: "12,4 MB", "50 MB", "5 GB" (1 MB = 1,024 KB). Under
 * 1 MB two decimals, so a little use still shows.
 */
export function storageSize(bytes: number): string {
  const [value, unit] = bytes >= GIBIBYTE ? [bytes / GIBIBYTE, 'gigabyte'] : [bytes / MEBIBYTE, 'megabyte'];
  return new Intl.NumberFormat(formattingLocale(), {
    style: 'unit',
    unit,
    maximumFractionDigits: value < 1 ? 2 : 1,
  }).format(value);
}
