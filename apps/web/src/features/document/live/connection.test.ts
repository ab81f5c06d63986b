import { describe, expect, it } from 'vitest';
import { usableToken } from './connection';

const token = (exp: unknown) => `h.${btoa(JSON.stringify({ sub: 'u', exp })).replace(/=+$/, '')}.s`;

describe('usableToken', () => {
  it('takes a token good for more than a few seconds', () => {
    expect(usableToken(token(Math.floor(Date.now() / 1000) + 600))).toBe(true);
  });

  it('asks more of a token that must outlast a margin (the live connection renews a minute early)', () => {
    const inOneMinute = token(Math.floor(Date.now() / 1000) + 60);
    expect(usableToken(inOneMinute)).toBe(true);
    expect(usableToken(inOneMinute, 90_000)).toBe(false);
  });

  it.each([
    ['expired', token(Math.floor(Date.now() / 1000) - 1)],
    ['about to expire', token(Math.floor(Date.now() / 1000) + 2)],
    ['without exp', token('soon')],
    ['not a JWT', 'token'],
    ['absent', null],
  ])('refuses a token %s, so a fresh one is asked for first', (_why, value) => {
    expect(usableToken(value)).toBe(false);
  });
});
