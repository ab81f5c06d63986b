import type { PaymentType, SubscriptionSummary } from '@redacta/shared';
import { prices as plans, retentionOfferValue } from '@redacta/shared/plans';
import type { PriceMap } from '../api/billing';
import { euros, longDate } from './format';

/**
 * The retention offer as the texts state it, for the subscription's billing period: the percentage,
 * the euros off each discounted invoice and in all, the invoice before and after, and the date of the
 * next invoice (where the offer starts). Without prices only the terms are known (`amounts` false).
 */
export function retentionOfferWords(summary: SubscriptionSummary, prices: PriceMap | undefined) {
  const period: PaymentType = summary.paymentType ?? 'MONTHLY';
  const base = {
    context: period,
    offerPercent: plans.cancelOfferPercent,
    months: plans.cancelOfferMonths,
    date: summary.currentPeriodEnd ? longDate(summary.currentPeriodEnd) : '',
    endsOn: summary.discountEndsAt ? longDate(summary.discountEndsAt) : '',
  };
  if (!prices) return { ...base, amounts: false as const };
  const value = retentionOfferValue(period, prices, summary.extraSeats);
  return {
    ...base,
    amounts: true as const,
    percent: value.percentOff,
    invoices: value.invoices,
    perInvoice: euros(value.perInvoice),
    total: euros(value.total),
    invoice: euros(value.invoice),
    reduced: euros(value.discountedInvoice),
  };
}
