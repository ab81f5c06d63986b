import { describe, expect, it } from 'vitest';
import { invoiceAmount, prices, retentionOfferTerms, retentionOfferValue } from './plans.ts';

const list = {
  proMonthly: prices.proMonthly,
  proYearly: prices.proYearly,
  additionalSeatMonthly: prices.additionalSeatMonthly,
  additionalSeatYearly: prices.additionalSeatYearly,
};

describe('the retention offer is worth 60 % of three months to every subscriber', () => {
  it('monthly: 60 % off each of the next 3 invoices', () => {
    expect(retentionOfferTerms('MONTHLY')).toEqual({ percentOff: 60, invoices: 3 });
    expect(retentionOfferValue('MONTHLY', list, 0)).toEqual({
      percentOff: 60,
      invoices: 3,
      invoice: 49,
      perInvoice: 29.4,
      discountedInvoice: 19.6,
      total: 88.2,
    });
  });

  it('yearly: 60 % × 3 × 36 € = 64,80 € off the next yearly invoice, not a 3-month coupon on it', () => {
    expect(retentionOfferTerms('YEARLY')).toEqual({ percentOff: 15, invoices: 1 });
    const yearly = retentionOfferValue('YEARLY', list, 0);
    expect(yearly.total).toBe(64.8);
    expect(yearly.discountedInvoice).toBe(367.2);
    expect(yearly.total).toBe(Math.round(0.6 * 3 * (prices.proYearly / 12) * 100) / 100);
  });

  it('counts the extra seats, as the invoice does', () => {
    expect(invoiceAmount('MONTHLY', list, 2)).toBe(79);
    expect(invoiceAmount('YEARLY', list, 2)).toBe(720);
    expect(retentionOfferValue('MONTHLY', list, 2).total).toBe(142.2);
    // Three months of 720 € a year is 180 €; 60 % of it is 108 €.
    expect(retentionOfferValue('YEARLY', list, 2).total).toBe(108);
  });
});
