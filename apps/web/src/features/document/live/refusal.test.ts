import { describe, expect, it } from 'vitest';
import { refusalOf } from './refusal';

describe('refusalOf', () => {
  it.each([
    ['token-expired', 'token-expired'],
    ['forbidden', 'forbidden'],
    ['invalid-update', 'invalid-update'],
    ['too-large', 'too-large'],
    ['Forbidden: project not visible', 'forbidden'],
  ] as const)('reads %j as %s', (reason, refusal) => {
    expect(refusalOf(reason)).toBe(refusal);
  });

  it.each([
    '',
    undefined,
    null,
    'Server closed the connection',
    'forced',
    'permission-denied',
    'forbiddenish',
  ])('reads %j as an ordinary disconnection', (reason) => {
    expect(refusalOf(reason)).toBeNull();
  });
});
