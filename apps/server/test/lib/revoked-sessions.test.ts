import { afterEach, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_TTL_SECONDS } from '../../src/lib/access-token.ts';
import { memoryRevokedSessions, REVOCATION_KEPT_MS } from '../../src/lib/revoked-sessions.ts';

afterEach(() => vi.useRealTimers());

it('keeps a revocation as long as a token issued before it lives, and lets it go afterwards', async () => {
  expect(REVOCATION_KEPT_MS).toBeGreaterThan(ACCESS_TOKEN_TTL_SECONDS * 1000);
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-26T10:00:00Z') });
  const revoked = memoryRevokedSessions();
  await revoked.revoke('first');
  expect(revoked.has('first')).toBe(true);
  expect(revoked.has('other')).toBe(false);

  vi.setSystemTime(Date.now() + ACCESS_TOKEN_TTL_SECONDS * 1000);
  await revoked.revoke('second');
  expect(revoked.has('first')).toBe(true);

  // Past its time an entry is dropped as the list is written to, so the list holds only live ones.
  vi.setSystemTime(Date.now() + REVOCATION_KEPT_MS - ACCESS_TOKEN_TTL_SECONDS * 1000);
  await revoked.revoke('third');
  expect(revoked.has('first')).toBe(false);
  expect(revoked.has('second')).toBe(true);
  expect(revoked.has('third')).toBe(true);
});
