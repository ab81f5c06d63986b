import { describe, expect, it } from 'vitest';
import { formatCount } from './format-count';

/** Whole numbers of every length, both signs, and the edges where grouping starts. */
const samples = [
  0,
  7,
  69,
  999,
  1000,
  1500,
  9999,
  10000,
  12345,
  99999,
  100000,
  999999,
  1000000,
  1234567,
  25000000,
  987654321,
  1234567890,
  Number.MAX_SAFE_INTEGER,
  -1,
  -999,
  -1000,
  -12345,
  -1234567,
];

describe('formatCount', () => {
  it.each(['es', 'en'])('writes whole numbers in %s exactly as Intl does', (language) => {
    // A spread of further numbers of every digit count, from a fixed seed, beside the edges.
    let seed = 20261207;
    const spread = Array.from({ length: 200 }, (_, index) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return Math.floor((seed / 2147483648) * 10 ** ((index % 15) + 1));
    });
    for (const value of [...samples, ...spread])
      expect(formatCount(value, language)).toBe(value.toLocaleString(language));
  });

  it('writes Spanish four-digit counts without a separator and longer ones with a full stop', () => {
    expect(formatCount(4321, 'es')).toBe('4321');
    expect(formatCount(54321, 'es')).toBe('54.321');
    expect(formatCount(4321, 'en')).toBe('4,321');
  });

  it('leaves fractions and other languages to Intl', () => {
    expect(formatCount(1234.5, 'es')).toBe((1234.5).toLocaleString('es'));
    expect(formatCount(12345, 'de')).toBe((12345).toLocaleString('de'));
    expect(formatCount(12345, 'fr')).toBe((12345).toLocaleString('fr'));
  });
});
