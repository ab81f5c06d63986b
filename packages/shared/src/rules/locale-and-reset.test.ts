import { afterEach, describe, expect, it } from 'vitest';
import { resolveLocale } from '../locales.ts';
import { nextMonthlyReset, usagePeriod } from '../plans.ts';

describe('resolveLocale', () => {
  it.each([
    ['es', 'es'],
    ['en', 'en'],
    ['en-GB', 'en'],
    ['EN_us', 'en'],
    [' es-MX ', 'es'],
    ['fr', 'es'],
    ['english', 'es'],
    ['', 'es'],
    [null, 'es'],
    [undefined, 'es'],
  ])('resolves %j to %s', (value, expected) => {
    expect(resolveLocale(value)).toBe(expected);
  });
});

describe('nextMonthlyReset', () => {
  it('is the first instant of the next month in UTC', () => {
    expect(nextMonthlyReset(new Date('2026-11-22T15:30:00Z')).toISOString()).toBe('2026-12-01T00:00:00.000Z');
  });

  it('goes from December to January of the next year', () => {
    expect(nextMonthlyReset(new Date('2026-12-31T23:59:59.999Z')).toISOString()).toBe(
      '2027-01-01T00:00:00.000Z',
    );
  });

  it('moves on a month from the reset instant itself', () => {
    expect(nextMonthlyReset(new Date('2027-01-01T00:00:00Z')).toISOString()).toBe('2027-02-01T00:00:00.000Z');
  });

  const zone = process.env.TZ;
  afterEach(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it('goes by the UTC month, not a local one', () => {
    process.env.TZ = 'Europe/Madrid';
    // 23:30 UTC on 31 January is already February in Madrid; the reset is still 1 February UTC.
    expect(nextMonthlyReset(new Date('2027-01-31T23:30:00Z')).toISOString()).toBe('2027-02-01T00:00:00.000Z');
    expect(usagePeriod(new Date('2027-01-31T23:30:00Z'))).toBe('2027-01');
  });

  it('handles short months and leap years', () => {
    expect(nextMonthlyReset(new Date('2028-02-29T12:00:00Z')).toISOString()).toBe('2028-03-01T00:00:00.000Z');
  });
});
