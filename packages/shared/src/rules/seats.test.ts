import { describe, expect, it } from 'vitest';
import { clampSeatCount, SEAT_COUNTER } from './seats.ts';

describe('clampSeatCount', () => {
  it('keeps values from 1 to 99', () => {
    expect(clampSeatCount(1)).toBe(1);
    expect(clampSeatCount(42)).toBe(42);
    expect(clampSeatCount('99')).toBe(99);
  });

  it('raises 0 to the minimum', () => {
    expect(clampSeatCount(0)).toBe(1);
    expect(clampSeatCount('00')).toBe(1);
  });

  it('keeps no more digits than the maximum has', () => {
    expect(clampSeatCount('123')).toBe(12);
    expect(clampSeatCount(1000)).toBe(10);
    expect(clampSeatCount('999')).toBe(99);
  });

  it('drops everything that is not a digit', () => {
    expect(clampSeatCount('1a2')).toBe(12);
    expect(clampSeatCount('-5')).toBe(5);
    expect(clampSeatCount(' 7 ')).toBe(7);
  });

  it('defaults to 1 when there are no digits', () => {
    expect(SEAT_COUNTER.default).toBe(1);
    expect(clampSeatCount('')).toBe(1);
    expect(clampSeatCount('abc')).toBe(1);
  });
});
