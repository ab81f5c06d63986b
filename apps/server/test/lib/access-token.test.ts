import { afterEach, describe, expect, it, vi } from 'vitest';
import { SignJWT } from 'jose';
import { ACCESS_TOKEN_TTL_SECONDS, signAccessToken, verifyAccessToken } from '../../src/lib/access-token.ts';

const secret = 'a'.repeat(64);
const userId = '6f1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const sessionId = '0c9d8e7f-6a5b-4c3d-8e2f-1a0b9c8d7e6f';
const claims = { userId, sessionId };

afterEach(() => vi.useRealTimers());

describe('access tokens', () => {
  it('accepts a token again, from memory, until it expires, then says it expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-23T10:00:00Z') });
    const token = await signAccessToken(secret, claims);
    expect(await verifyAccessToken(secret, token)).toEqual(claims);
    expect(await verifyAccessToken(secret, token)).toEqual(claims);

    vi.setSystemTime(new Date(Date.now() + ACCESS_TOKEN_TTL_SECONDS * 1000 - 1000));
    expect(await verifyAccessToken(secret, token)).toEqual(claims);
    vi.setSystemTime(new Date(Date.now() + 1000));
    await expect(verifyAccessToken(secret, token)).rejects.toMatchObject({ code: 'TOKEN_EXPIRED' });
  });

  it('never accepts a token verified under one secret under another', async () => {
    const token = await signAccessToken(secret, claims);
    expect(await verifyAccessToken(secret, token)).toEqual(claims);
    await expect(verifyAccessToken('b'.repeat(64), token)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('rejects a token whose signature or payload was changed', async () => {
    const token = await signAccessToken(secret, claims);
    await verifyAccessToken(secret, token);
    const [header, payload, signature] = token.split('.');
    const otherPayload = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), sub: 'someone-else' }),
    ).toString('base64url');
    await expect(verifyAccessToken(secret, `${header}.${otherPayload}.${signature}`)).rejects.toMatchObject({
      code: 'UNAUTHENTICATED',
    });
    const flipped = signature!.slice(0, -2) + (signature!.endsWith('AA') ? 'BB' : 'AA');
    await expect(verifyAccessToken(secret, `${header}.${payload}.${flipped}`)).rejects.toMatchObject({
      code: 'UNAUTHENTICATED',
    });
  });

  it('names its session, and refuses a well-signed token that names none', async () => {
    const token = await signAccessToken(secret, claims);
    expect(JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString())).toMatchObject({
      sub: userId,
      sid: sessionId,
    });
    const sessionless = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(userId)
      .setIssuer('redacta')
      .setExpirationTime('15m')
      .sign(new TextEncoder().encode(secret));
    await expect(verifyAccessToken(secret, sessionless)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
  });
});
