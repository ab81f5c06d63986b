import { describe, expect, it } from 'vitest';
import { checkSeatCount, SEAT_COUNTER, stepSeatCount } from './seats.ts';

describe('checkSeatCount', () => {
  it('accepts whole numbers from 1 to 99', () => {
    expect(checkSeatCount('1')).toEqual({ ok: true, count: 1 });
    expect(checkSeatCount('42')).toEqual({ ok: true, count: 42 });
    expect(checkSeatCount(' 99 ')).toEqual({ ok: true, count: 99 });
    expect(checkSeatCount('07')).toEqual({ ok: true, count: 7 });
  });

  it('refuses 0 instead of buying 1', () => {
    expect(checkSeatCount('0')).toEqual({ ok: false, problem: 'tooFew' });
    expect(checkSeatCount('00')).toEqual({ ok: false, problem: 'tooFew' });
  });

  it('refuses 100 and more instead of cutting them to 10', () => {
    expect(checkSeatCount('100')).toEqual({ ok: false, problem: 'tooMany' });
    expect(checkSeatCount('999')).toEqual({ ok: false, problem: 'tooMany' });
  });

  it('refuses an empty field and anything but digits instead of buying 1', () => {
    expect(checkSeatCount('')).toEqual({ ok: false, problem: 'empty' });
    expect(checkSeatCount('   ')).toEqual({ ok: false, problem: 'empty' });
    expect(checkSeatCount('abc')).toEqual({ ok: false, problem: 'notANumber' });
    expect(checkSeatCount('1a2')).toEqual({ ok: false, problem: 'notANumber' });
    expect(checkSeatCount('-5')).toEqual({ ok: false, problem: 'notANumber' });
    expect(checkSeatCount('2.5')).toEqual({ ok: false, problem: 'notANumber' });
  });

  it('starts at 1', () => {
    expect(checkSeatCount(String(SEAT_COUNTER.default))).toEqual({ ok: true, count: 1 });
  });
});

describe('stepSeatCount', () => {
  it('moves one seat at a time within 1 to 99', () => {
    expect(stepSeatCount(1, 1)).toBe(2);
    expect(stepSeatCount(1, -1)).toBe(1);
    expect(stepSeatCount(99, 1)).toBe(99);
    expect(stepSeatCount(50, -1)).toBe(49);
  });
});
