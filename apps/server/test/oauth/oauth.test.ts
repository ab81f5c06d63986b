import { afterAll, beforeAll, beforeEach, afterEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { oauthAccounts, users } from '../../src/db/schema.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser } from '../helpers/factories.ts';
import { startOidcPeer, type OidcPeer } from '../helpers/oidc-peer.ts';
import { startFacebookPeer } from '../helpers/facebook-peer.ts';

const APP_URL = 'http://app.test';
let google: OidcPeer;
let facebook: Awaited<ReturnType<typeof startFacebookPeer>>;
let t: TestApp;

beforeAll(async () => {
  google = await startOidcPeer(`${APP_URL}/api/auth/oauth/google/callback`);
  facebook = await startFacebookPeer({ clientId: 'fb-app', clientSecret: 'fb-secret' });
});
afterAll(async () => {
  await google.close();
  await facebook.close();
});
beforeEach(async () => {
  t = await createTestApp({
    APP_URL,
    GOOGLE_CLIENT_ID: google.clientId,
    GOOGLE_CLIENT_SECRET: google.clientSecret,
    GOOGLE_ISSUER: google.issuer,
    FACEBOOK_CLIENT_ID: 'fb-app',
    FACEBOOK_CLIENT_SECRET: 'fb-secret',
    FACEBOOK_DIALOG_URL: facebook.dialogUrl,
    FACEBOOK_GRAPH_URL: facebook.graphUrl,
  });
});
afterEach(() => t.app.close());

const cookieOf = (setCookie: string | string[] | undefined, name: string) =>
  [setCookie ?? []]
    .flat()
    .find((c) => c.startsWith(`${name}=`))
    ?.split(';')[0];

/** Start at /api/auth/oauth/:provider, let the provider answer, and come back to the callback. */
async function signIn(provider: 'google' | 'facebook', authorize: (url: string) => Promise<URL>) {
  const start = await t.app.inject({ url: `/api/auth/oauth/${provider}?locale=en` });
  expect(start.statusCode).toBe(302);
  const flowCookie = cookieOf(start.headers['set-cookie'], 'redacta_oauth')!;
  expect(flowCookie).toBeDefined();
  const authorizationUrl = new URL(start.headers.location as string);
  expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorizationUrl.searchParams.get('state')).toHaveLength(128);
  const back = await authorize(authorizationUrl.toString());
  return t.app.inject({ url: back.pathname + back.search, headers: { cookie: flowCookie } });
}

async function session(callback: Awaited<ReturnType<typeof signIn>>) {
  const refresh = cookieOf(callback.headers['set-cookie'], 'redacta_refresh');
  expect(refresh, 'the callback sets the refresh cookie').toBeDefined();
  const res = await t.app.inject({
    url: '/api/auth/refresh',
    headers: { cookie: refresh!, 'x-requested-with': 'XMLHttpRequest' },
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { accessToken: string; user: { id: string } & Record<string, unknown> };
}

describe('Google sign-in (OpenID Connect against a real provider)', () => {
  it('registers a new user with a personal workspace and lands on /callback signed in', async () => {
    google.signInAs({
      sub: 'g-100',
      email: 'Nuria@Example.com',
      email_verified: true,
      given_name: 'Nuria',
      family_name: 'Soler',
    });
    const callback = await signIn('google', (url) => google.authorize(url));
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/callback');
    const { user, accessToken } = await session(callback);
    expect(user).toMatchObject({
      email: 'nuria@example.com',
      firstName: 'Nuria',
      lastName: 'Soler',
      locale: 'en',
    });
    const list = await t.app.inject({
      url: '/api/workspace/list',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(list.json()).toMatchObject([{ name: 'My workspace', ownerId: user.id, plan: 'free' }]);
  });

  it('links to the existing account with the same verified e-mail instead of creating another', async () => {
    const ana = await createUser(t.app, { email: 'ana@example.com' });
    google.signInAs({ sub: 'g-200', email: 'ana@example.com', email_verified: true });
    const { user } = await session(await signIn('google', (url) => google.authorize(url)));
    expect(user.id).toBe(ana.id);
    const links = await t.app.db.select().from(oauthAccounts).where(eq(oauthAccounts.userId, ana.id));
    expect(links).toMatchObject([{ provider: 'google', providerUserId: 'g-200' }]);
    expect(await t.app.db.select().from(users)).toHaveLength(1);
  });

  it('two first sign-ins of the same account at once end in one user, both signed in', async () => {
    google.signInAs({ sub: 'g-400', email: 'twice@example.com', email_verified: true });
    const starts = await Promise.all([1, 2].map(() => t.app.inject({ url: '/api/auth/oauth/google' })));
    const backs = [];
    for (const start of starts) backs.push(await google.authorize(start.headers.location as string));
    const callbacks = await Promise.all(
      backs.map((back, i) =>
        t.app.inject({
          url: back.pathname + back.search,
          headers: { cookie: cookieOf(starts[i]!.headers['set-cookie'], 'redacta_oauth')! },
        }),
      ),
    );
    expect(callbacks.map((c) => c.headers.location)).toEqual(['/callback', '/callback']);
    expect(await t.app.db.select().from(users)).toHaveLength(1);
  });

  it('refuses an unverified e-mail and sends the browser to /login with an error', async () => {
    google.signInAs({ sub: 'g-300', email: 'mallory@example.com', email_verified: false });
    const callback = await signIn('google', (url) => google.authorize(url));
    expect(callback.headers.location).toBe('/login?error=OAUTH_FAILED');
    expect(cookieOf(callback.headers['set-cookie'], 'redacta_refresh')).toBeUndefined();
    expect(await t.app.db.select().from(users)).toHaveLength(0);
  });

  it('rejects a callback whose state does not match the browser’s flow cookie', async () => {
    const start = await t.app.inject({ url: '/api/auth/oauth/google' });
    const back = await google.authorize(start.headers.location as string);
    back.searchParams.set('state', 'x'.repeat(128));
    const callback = await t.app.inject({
      url: back.pathname + back.search,
      headers: { cookie: cookieOf(start.headers['set-cookie'], 'redacta_oauth')! },
    });
    expect(callback.headers.location).toBe('/login?error=OAUTH_FAILED');
  });

  it('rejects a callback without the flow cookie (login CSRF)', async () => {
    const start = await t.app.inject({ url: '/api/auth/oauth/google' });
    const back = await google.authorize(start.headers.location as string);
    const callback = await t.app.inject({ url: back.pathname + back.search });
    expect(callback.headers.location).toBe('/login?error=OAUTH_FAILED');
  });
});

describe('Facebook sign-in', () => {
  it('signs in through the dialog, the PKCE token exchange and the Graph profile', async () => {
    facebook.setProfile({ id: 'fb-42', email: 'pablo@example.com', first_name: 'Pablo', last_name: 'Ruiz' });
    const authorize = async (url: string) => {
      const res = await fetch(url, { redirect: 'manual' });
      return new URL(res.headers.get('location')!);
    };
    const callback = await signIn('facebook', authorize);
    expect(callback.headers.location).toBe('/callback');
    expect((await session(callback)).user).toMatchObject({ email: 'pablo@example.com', firstName: 'Pablo' });
  });
});

describe('the audit log', () => {
  it("records a Google and a Facebook sign-in, and a refused one, in the person's workspaces", async () => {
    const ana = await createUser(t.app, { email: 'ana@example.com' });
    const entries = async () =>
      (await t.app.inject({ url: `/api/workspace/${ana.workspaceId}/audit`, headers: ana.auth })).json()
        .entries as { action: string; after: Record<string, unknown>; actorUserId: string }[];

    google.signInAs({ sub: 'g-500', email: 'ana@example.com', email_verified: true });
    expect((await signIn('google', (url) => google.authorize(url))).headers.location).toBe('/callback');
    facebook.setProfile({ id: 'fb-43', email: 'ana@example.com', first_name: 'Ana', last_name: 'García' });
    const viaFacebook = await signIn('facebook', async (url) => {
      const res = await fetch(url, { redirect: 'manual' });
      return new URL(res.headers.get('location')!);
    });
    expect(viaFacebook.headers.location).toBe('/callback');
    // A new Google identity naming Ana's address without verifying it is refused.
    google.signInAs({ sub: 'g-501', email: 'ana@example.com', email_verified: false });
    expect((await signIn('google', (url) => google.authorize(url))).headers.location).toBe(
      '/login?error=OAUTH_FAILED',
    );

    expect(
      (await entries()).map(({ action, after, actorUserId }) => ({ action, after, actorUserId })),
    ).toEqual([
      {
        action: 'auth.sign_in_failed',
        after: { method: 'google', reason: 'OAUTH_FAILED' },
        actorUserId: ana.id,
      },
      { action: 'auth.signed_in', after: { method: 'facebook' }, actorUserId: ana.id },
      { action: 'auth.signed_in', after: { method: 'google' }, actorUserId: ana.id },
    ]);
  });
});

describe('providers that are not configured', () => {
  it('answers 404 OAUTH_NOT_CONFIGURED', async () => {
    await t.app.close();
    t = await createTestApp();
    const res = await t.app.inject({ url: '/api/auth/oauth/google' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('OAUTH_NOT_CONFIGURED');
  });
});
