import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser } from '../helpers/factories.ts';
import { cookiePair, lastCodeTo, login, requestCode } from '../helpers/login.ts';
import { startOidcPeer, type OidcPeer } from '../helpers/oidc-peer.ts';

const APP_URL = 'http://app.test';
let google: OidcPeer;
let t: TestApp;

beforeAll(async () => {
  google = await startOidcPeer(`${APP_URL}/api/auth/oauth/google/callback`);
});
afterAll(() => google.close());
beforeEach(async () => {
  t = await createTestApp({
    APP_URL,
    GOOGLE_CLIENT_ID: google.clientId,
    GOOGLE_CLIENT_SECRET: google.clientSecret,
    GOOGLE_ISSUER: google.issuer,
  });
});
afterEach(() => t.app.close());

const xhr = { 'x-requested-with': 'XMLHttpRequest' };

describe('answers that carry tokens', () => {
  it('are never stored by a cache: code, login, refresh, the signed-in user, and their refusals', async () => {
    const email = 'ana@example.com';
    expect((await requestCode(t.app, email)).headers['cache-control']).toBe('no-store');
    const wrong = await login(t.app, email, '000000');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.headers['cache-control']).toBe('no-store');

    const signedIn = await login(t.app, email, lastCodeTo(t.app, email));
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().accessToken).toEqual(expect.any(String));
    expect(signedIn.headers['cache-control']).toBe('no-store');

    const cookie = cookiePair(signedIn.headers['set-cookie'])!;
    const refreshed = await t.app.inject({ url: '/api/auth/refresh', headers: { ...xhr, cookie } });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().accessToken).toEqual(expect.any(String));
    expect(refreshed.headers['cache-control']).toBe('no-store');

    const unknown = await t.app.inject({
      url: '/api/auth/refresh',
      headers: { ...xhr, cookie: 'redacta_refresh=not-a-session' },
    });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.headers['cache-control']).toBe('no-store');

    const who = await t.app.inject({
      url: '/api/auth/user',
      headers: { authorization: `Bearer ${refreshed.json().accessToken}` },
    });
    expect(who.headers['cache-control']).toBe('no-store');
  });

  it('include the OAuth start and the callback that sets the session cookie', async () => {
    const start = await t.app.inject({ url: '/api/auth/oauth/google' });
    expect(start.statusCode).toBe(302);
    expect(start.headers['cache-control']).toBe('no-store');
    const flowCookie = cookiePair(start.headers['set-cookie'], 'redacta_oauth')!;
    const back = await google.authorize(start.headers.location as string);
    const callback = await t.app.inject({
      url: back.pathname + back.search,
      headers: { cookie: flowCookie },
    });
    expect(callback.headers.location).toBe('/callback');
    expect(cookiePair(callback.headers['set-cookie'])).toBeDefined();
    expect(callback.headers['cache-control']).toBe('no-store');
  });

  it('leave other API answers alone', async () => {
    const ana = await createUser(t.app);
    const list = await t.app.inject({ url: '/api/workspace/list', headers: ana.auth });
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBeUndefined();
  });
});
