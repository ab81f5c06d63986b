import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { SESSION_OPTIONAL_HEADER } from '@redacta/shared';
import { refreshTokens } from '../../src/db/schema.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { cookiePair, REFRESH_COOKIE, signUp } from '../helpers/login.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.app.close());

const refresh = (cookie: string | undefined, xhr = true, extra: Record<string, string> = {}) =>
  t.app.inject({
    method: 'GET',
    url: '/api/auth/refresh',
    headers: {
      ...extra,
      ...(cookie ? { cookie } : {}),
      ...(xhr ? { 'x-requested-with': 'XMLHttpRequest' } : {}),
    },
  });

const logout = (cookie: string | undefined, xhr = true) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/logout',
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(xhr ? { 'x-requested-with': 'XMLHttpRequest' } : {}),
    },
  });

const currentUser = (authorization?: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/user', headers: authorization ? { authorization } : {} });

/** Moves every rotation of the user's tokens `ms` into the past (as if that time had gone by). */
async function ageRotations(userId: string, ms: number) {
  const rows = await t.app.db.select().from(refreshTokens).where(eq(refreshTokens.userId, userId));
  for (const row of rows) {
    if (row.rotatedAt) {
      await t.app.db
        .update(refreshTokens)
        .set({ rotatedAt: new Date(row.rotatedAt.getTime() - ms) })
        .where(eq(refreshTokens.id, row.id));
    }
  }
}

describe('refresh cookie', () => {
  it('is HttpOnly, SameSite=Lax, Path=/api/auth, 30 days, and not Secure outside production', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/email/start',
      payload: { email: 'a@example.com' },
    });
    expect(res.statusCode).toBe(204);
    const code = t.app.mailer.recent()[0]!.text.match(/^(\d{6})$/m)![1];
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { method: 'email', email: 'a@example.com', code },
    });
    const cookie = login.cookies.find((c) => c.name === REFRESH_COOKIE)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth' });
    expect(cookie.secure).toBeFalsy();
    const days = (new Date(cookie.expires!).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    // 256 bits of randomness, stored only as a hash.
    expect(Buffer.from(cookie.value, 'base64url')).toHaveLength(32);
    const rows = await t.app.db.select().from(refreshTokens);
    expect(JSON.stringify(rows)).not.toContain(cookie.value);
  });

  it('is Secure in production', async () => {
    await t.app.close();
    t = await createTestApp({
      NODE_ENV: 'production',
      JWT_SECRET: 'p'.repeat(48),
      APP_URL: 'https://redacta.example',
    });
    const session = await signUp(t.app);
    const again = await refresh(session.refreshCookie);
    expect(again.statusCode).toBe(200);
    for (const res of [again]) {
      const cookie = res.cookies.find((c) => c.name === REFRESH_COOKIE)!;
      expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax', path: '/api/auth' });
    }
    const out = await logout(session.refreshCookie);
    expect(out.cookies.find((c) => c.name === REFRESH_COOKIE)).toMatchObject({ secure: true, value: '' });
  });
});

describe('GET /api/auth/refresh', () => {
  it('needs X-Requested-With (403 without, and the token is not spent)', async () => {
    const session = await signUp(t.app);
    const res = await refresh(session.refreshCookie, false);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: { code: 'FORBIDDEN', message: expect.any(String) } });
    expect((await refresh(session.refreshCookie)).statusCode).toBe(200);
  });

  it('rotates: a new cookie and a working access token for the same user', async () => {
    const session = await signUp(t.app, 'ana@example.com');
    const res = await refresh(session.refreshCookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      accessToken: expect.any(String),
      user: { id: session.user.id, email: 'ana@example.com' },
    });
    const next = cookiePair(res.headers['set-cookie']);
    expect(next).toMatch(/^redacta_refresh=.+/);
    expect(next).not.toBe(session.refreshCookie);
    expect((await currentUser(`Bearer ${res.json().accessToken}`)).json().id).toBe(session.user.id);
    // The new token goes on rotating.
    expect((await refresh(next)).statusCode).toBe(200);
  });

  it('lets a just-rotated token through within the grace window (two tabs at once)', async () => {
    const session = await signUp(t.app);
    const first = await refresh(session.refreshCookie);
    const second = await refresh(session.refreshCookie);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(cookiePair(second.headers['set-cookie'])).not.toBe(cookiePair(first.headers['set-cookie']));
    expect((await refresh(cookiePair(first.headers['set-cookie']))).statusCode).toBe(200);
  });

  it('revokes the whole family when a rotated token comes back after the grace window', async () => {
    const session = await signUp(t.app);
    const other = await signUp(t.app, session.user.email);
    const second = cookiePair((await refresh(session.refreshCookie)).headers['set-cookie']);
    const third = cookiePair((await refresh(second)).headers['set-cookie']);
    await ageRotations(session.user.id, 11_000);

    const reused = await refresh(session.refreshCookie);
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toMatchObject({ error: { code: 'REFRESH_INVALID' } });
    // The cookie is cleared on the way out.
    expect(reused.cookies.find((c) => c.name === REFRESH_COOKIE)?.value).toBe('');

    // Even the newest token of that family is dead now…
    const newest = await refresh(third);
    expect(newest.statusCode).toBe(401);
    expect(newest.json().error.code).toBe('REFRESH_INVALID');
    // …and so are the access tokens issued for it…
    expect((await currentUser(session.auth.authorization)).statusCode).toBe(401);
    // …while another sign-in of the same user (another family) is untouched.
    expect((await refresh(other.refreshCookie)).statusCode).toBe(200);
    expect((await currentUser(other.auth.authorization)).statusCode).toBe(200);
  });

  it('answers 401 REFRESH_INVALID for a missing, garbage or expired cookie', async () => {
    const missing = await refresh(undefined);
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toMatchObject({ error: { code: 'REFRESH_INVALID', message: expect.any(String) } });

    const garbage = await refresh(`${REFRESH_COOKIE}=not-a-token`);
    expect(garbage.statusCode).toBe(401);
    expect(garbage.json().error.code).toBe('REFRESH_INVALID');

    const session = await signUp(t.app);
    await t.app.db.update(refreshTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    const expired = await refresh(session.refreshCookie);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error.code).toBe('REFRESH_INVALID');
  });

  it('answers a visitor without a refresh cookie 204 when it says a visitor is expected, and nothing else differs', async () => {
    const optional = { [SESSION_OPTIONAL_HEADER]: '1' };
    const visitor = await refresh(undefined, true, optional);
    expect(visitor.statusCode).toBe(204);
    expect(visitor.body).toBe('');
    expect(visitor.headers['set-cookie']).toBeUndefined();
    expect(visitor.headers['cache-control']).toContain('no-store');
    // Still a state-changing cookie call: without X-Requested-With it is refused before anything else.
    expect((await refresh(undefined, false, optional)).statusCode).toBe(403);

    // A cookie that no longer works is still the failure it was: the page sends the visitor to /login.
    const garbage = await refresh(`${REFRESH_COOKIE}=not-a-token`, true, optional);
    expect(garbage.statusCode).toBe(401);
    expect(garbage.json().error.code).toBe('REFRESH_INVALID');
    const session = await signUp(t.app);
    expect((await logout(session.refreshCookie)).statusCode).toBe(204);
    const revoked = await refresh(session.refreshCookie, true, optional);
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json().error.code).toBe('REFRESH_INVALID');

    // A working cookie is renewed as without the parameter.
    const other = await signUp(t.app);
    const renewed = await refresh(other.refreshCookie, true, optional);
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json()).toMatchObject({ accessToken: expect.any(String), user: { id: other.user.id } });
    expect(renewed.cookies.find((c) => c.name === REFRESH_COOKIE)).toMatchObject({ httpOnly: true });

    // Only the documented value is accepted.
    expect((await refresh(undefined, true, { [SESSION_OPTIONAL_HEADER]: 'yes' })).statusCode).toBe(400);
  });

  it('keeps the family’s absolute expiry when rotating (30 days from sign-in, not from the refresh)', async () => {
    const session = await signUp(t.app);
    const soon = new Date(Date.now() + 60_000);
    await t.app.db.update(refreshTokens).set({ expiresAt: soon });
    const res = await refresh(session.refreshCookie);
    const cookie = res.cookies.find((c) => c.name === REFRESH_COOKIE)!;
    expect(Math.abs(new Date(cookie.expires!).getTime() - soon.getTime())).toBeLessThan(1000);
    // The new token itself expires then too, not just its cookie.
    const rows = await t.app.db.select().from(refreshTokens);
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(Math.abs(row.expiresAt.getTime() - soon.getTime())).toBeLessThan(1000);
  });
});

describe('POST /api/auth/logout', () => {
  it('answers 204, clears the cookie, and the refresh token stops working', async () => {
    const session = await signUp(t.app);
    const res = await logout(session.refreshCookie);
    expect(res.statusCode).toBe(204);
    const cleared = res.cookies.find((c) => c.name === REFRESH_COOKIE)!;
    expect(cleared).toMatchObject({ value: '', path: '/api/auth' });
    expect(new Date(cleared.expires!).getTime()).toBeLessThanOrEqual(Date.now());

    const after = await refresh(session.refreshCookie);
    expect(after.statusCode).toBe(401);
    expect(after.json().error.code).toBe('REFRESH_INVALID');
  });

  it('ends the whole family, whichever of its tokens the browser had', async () => {
    const session = await signUp(t.app);
    const rotated = cookiePair((await refresh(session.refreshCookie)).headers['set-cookie']);
    expect((await logout(session.refreshCookie)).statusCode).toBe(204);
    expect((await refresh(rotated)).statusCode).toBe(401);
  });

  it('needs X-Requested-With, and without it the session lives on', async () => {
    const session = await signUp(t.app);
    const res = await logout(session.refreshCookie, false);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('FORBIDDEN');
    expect((await refresh(session.refreshCookie)).statusCode).toBe(200);
  });

  it('answers 204 without a cookie', async () => {
    expect((await logout(undefined)).statusCode).toBe(204);
  });

  it("ends that session's access tokens at once, and no other sign-in's", async () => {
    const session = await signUp(t.app);
    const other = await signUp(t.app, session.user.email);
    const refreshed = (await refresh(session.refreshCookie)).json().accessToken as string;
    expect((await currentUser(session.auth.authorization)).statusCode).toBe(200);

    expect((await logout(session.refreshCookie)).statusCode).toBe(204);
    for (const token of [session.accessToken, refreshed]) {
      const res = await currentUser(`Bearer ${token}`);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED', message: expect.any(String) } });
    }
    expect((await currentUser(other.auth.authorization)).statusCode).toBe(200);
  });
});

describe('GET /api/auth/user', () => {
  it('returns the signed-in user with a bearer token', async () => {
    const session = await signUp(t.app, 'ana@example.com');
    const res = await currentUser(session.auth.authorization);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: session.user.id,
      email: 'ana@example.com',
      firstName: null,
      lastName: null,
      name: 'ana@example.com',
      picture: null,
      locale: 'es',
    });
  });

  it('answers 401 UNAUTHENTICATED without a token, with a bad one, one signed with another key or one naming no session', async () => {
    const session = await signUp(t.app);
    const sessionless = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(session.user.id)
      .setIssuer('redacta')
      .setExpirationTime('15m')
      .sign(new TextEncoder().encode(t.app.config.JWT_SECRET));
    const forged = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(session.user.id)
      .setIssuer('redacta')
      .setExpirationTime('15m')
      .sign(new TextEncoder().encode('x'.repeat(48)));
    for (const authorization of [
      undefined,
      'Bearer nonsense',
      `Basic ${session.accessToken}`,
      `Bearer ${forged}`,
      `Bearer ${sessionless}`,
    ]) {
      const res = await currentUser(authorization);
      expect(res.statusCode, authorization).toBe(401);
      expect(res.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED', message: expect.any(String) } });
    }
  });

  it('answers 401 TOKEN_EXPIRED for an expired access token', async () => {
    const session = await signUp(t.app);
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(session.user.id)
      .setIssuer('redacta')
      .setIssuedAt(now - 16 * 60)
      .setExpirationTime(now - 60)
      .sign(new TextEncoder().encode(t.app.config.JWT_SECRET));
    const res = await currentUser(`Bearer ${expired}`);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: { code: 'TOKEN_EXPIRED' } });
  });

  it('issues access tokens that live 15 minutes', async () => {
    const session = await signUp(t.app);
    const payload = JSON.parse(Buffer.from(session.accessToken.split('.')[1]!, 'base64url').toString());
    expect(payload.exp - payload.iat).toBe(15 * 60);
    expect(payload.sub).toBe(session.user.id);
  });
});

describe('GET /api/auth/providers', () => {
  it('reports no social sign-in when none is configured', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ google: false, facebook: false });
  });

  it('reports Google only when both its client id and secret are set', async () => {
    await t.app.close();
    t = await createTestApp({ GOOGLE_CLIENT_ID: 'id' });
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/providers' })).json()).toEqual({
      google: false,
      facebook: false,
    });
    await t.app.close();
    t = await createTestApp({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' });
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/providers' })).json()).toEqual({
      google: true,
      facebook: false,
    });
  });
});
