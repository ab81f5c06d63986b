import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AuditEntry, SsoDomain, SsoSettings } from '@redacta/shared';
import { verifyAuditChain } from '../../src/modules/audit/index.ts';
import { workspaceSso } from '../../src/db/schema.ts';
import { changeWorkspacePlan } from '../../src/modules/plans/service.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { startDnsPeer, type DnsPeer } from '../helpers/dns-peer.ts';
import { addMember, createUser, type TestUser } from '../helpers/factories.ts';
import { cookiePair, lastCodeTo, login, requestCode } from '../helpers/login.ts';
import { startOidcPeer, type OidcAccount, type OidcPeer } from '../helpers/oidc-peer.ts';

const APP_URL = 'http://app.test';
let idp: OidcPeer;
/** Another real OpenID Connect provider, standing in for Google. */
let google: OidcPeer;
let dns: DnsPeer;
let t: TestApp;

beforeAll(async () => {
  idp = await startOidcPeer(`${APP_URL}/api/auth/sso/callback`);
  google = await startOidcPeer(`${APP_URL}/api/auth/oauth/google/callback`);
  dns = await startDnsPeer();
});
afterAll(async () => {
  await idp.close();
  await google.close();
  await dns.close();
});
beforeEach(async () => {
  t = await createTestApp({
    APP_URL,
    OUTBOUND_ALLOW_LOOPBACK: 'true',
    DNS_RESOLVER: dns.server,
    GOOGLE_CLIENT_ID: google.clientId,
    GOOGLE_CLIENT_SECRET: google.clientSecret,
    GOOGLE_ISSUER: google.issuer,
  });
});
afterEach(() => t.app.close());

async function enterpriseOwner(email: string, seats = 5): Promise<TestUser> {
  const owner = await createUser(t.app, { email });
  await changeWorkspacePlan(t.app.db, {
    workspaceId: owner.workspaceId,
    plan: 'enterprise',
    enterpriseSeats: seats,
  });
  return owner;
}

const call = (user: TestUser, method: 'GET' | 'PUT' | 'POST' | 'DELETE', path: string, payload?: object) =>
  t.app.inject({ method, url: `/api/workspace/${user.workspaceId}/sso${path}`, headers: user.auth, payload });

const saveProvider = (owner: TestUser, enforced: boolean) =>
  call(owner, 'PUT', '', {
    issuer: idp.issuer,
    clientId: idp.clientId,
    clientSecret: idp.clientSecret,
    enforced,
  });

/** Claims the domain, publishes its TXT record on the local DNS server and verifies it. */
async function verifiedDomain(owner: TestUser, domain: string): Promise<SsoDomain> {
  const claimed = await call(owner, 'POST', '/domains', { domain });
  expect(claimed.statusCode, claimed.body).toBe(201);
  dns.publishTxt(`_redacta.${domain}`, claimed.json<SsoDomain>().txtRecord);
  const verified = await call(owner, 'POST', `/domains/${domain}/verify`);
  expect(verified.statusCode, verified.body).toBe(200);
  return verified.json<SsoDomain>();
}

/** Starts at /api/auth/sso/start, lets the provider authenticate `account`, and comes back to the callback. */
async function ssoSignIn(account: OidcAccount) {
  idp.signInAs(account);
  const start = await t.app.inject({
    url: `/api/auth/sso/start?email=${encodeURIComponent(account.email)}&locale=en`,
  });
  expect(start.statusCode).toBe(302);
  const flow = cookiePair(start.headers['set-cookie'], 'redacta_oauth');
  expect(flow, String(start.headers.location)).toBeDefined();
  const authorizationUrl = new URL(start.headers.location as string);
  expect(authorizationUrl.origin).toBe(idp.issuer);
  expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');
  const back = await idp.authorize(authorizationUrl.toString());
  return t.app.inject({ url: back.pathname + back.search, headers: { cookie: flow! } });
}

async function signedInUser(callback: Awaited<ReturnType<typeof ssoSignIn>>) {
  expect(callback.headers.location).toBe('/callback');
  const refresh = await t.app.inject({
    url: '/api/auth/refresh',
    headers: { cookie: cookiePair(callback.headers['set-cookie'])!, 'x-requested-with': 'XMLHttpRequest' },
  });
  expect(refresh.statusCode).toBe(200);
  const { accessToken, user } = refresh.json<{ accessToken: string; user: { id: string; email: string } }>();
  return { ...user, auth: { authorization: `Bearer ${accessToken}` } };
}

/** The workspace's audit log as its owner reads it, oldest first: each entry's action, actor, target and change. */
async function auditOf(owner: TestUser) {
  const res = await t.app.inject({ url: `/api/workspace/${owner.workspaceId}/audit`, headers: owner.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res
    .json<{ entries: AuditEntry[] }>()
    .entries.map(({ action, actor, target, before, after }) => ({
      action,
      actor,
      target: target.label,
      before,
      after,
    }))
    .reverse();
}

async function membersOf(owner: TestUser) {
  const res = await t.app.inject({ url: `/api/workspace/${owner.workspaceId}/members`, headers: owner.auth });
  return res.json<{ members: { email: string; role: string }[]; seatsUsed: number }>();
}

describe('single sign-on settings', () => {
  it('saves the provider after reading its discovery document and never answers the secret', async () => {
    const owner = await enterpriseOwner('owner@acme.test');
    const saved = await saveProvider(owner, false);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<SsoSettings>()).toMatchObject({
      provider: { issuer: idp.issuer, clientId: idp.clientId, hasClientSecret: true },
      enforced: false,
      redirectUri: `${APP_URL}/api/auth/sso/callback`,
    });
    expect(saved.body).not.toContain(idp.clientSecret);
    const [row] = await t.app.db
      .select()
      .from(workspaceSso)
      .where(eq(workspaceSso.workspaceId, owner.workspaceId));
    expect(row!.clientSecretSealed).not.toContain(idp.clientSecret);

    // Saved again without a secret: the one kept still signs people in (below, through the provider).
    const kept = await call(owner, 'PUT', '', {
      issuer: idp.issuer,
      clientId: idp.clientId,
      enforced: false,
    });
    expect(kept.statusCode, kept.body).toBe(200);
    await verifiedDomain(owner, 'kept.test');
    const callback = await ssoSignIn({ sub: 'k-1', email: 'kim@kept.test', email_verified: true });
    expect(callback.headers.location).toBe('/callback');
  });

  it('refuses an issuer whose discovery document cannot be read', async () => {
    const owner = await enterpriseOwner('owner@acme.test');
    const res = await call(owner, 'PUT', '', {
      issuer: `${idp.issuer}/nowhere`,
      clientId: 'x',
      clientSecret: 'y',
      enforced: false,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('SSO_DISCOVERY_FAILED');
  });

  it('verifies a domain only once its TXT record is published, and enforcement needs a verified domain', async () => {
    const owner = await enterpriseOwner('owner@acme.test');
    await saveProvider(owner, false);
    const claimed = await call(owner, 'POST', '/domains', { domain: ' Acme.TEST ' });
    expect(claimed.statusCode, claimed.body).toBe(201);
    const domain = claimed.json<SsoDomain>();
    expect(domain).toMatchObject({ domain: 'acme.test', verifiedAt: null });
    expect(domain.txtRecord).toMatch(/^redacta-verification=[\w-]{43}$/);

    const early = await call(owner, 'POST', '/domains/acme.test/verify');
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toMatchObject({ code: 'SSO_DOMAIN_NOT_VERIFIED' });
    expect(early.json().error.message).toContain(domain.txtRecord);
    const enforce = await saveProvider(owner, true);
    expect(enforce.statusCode).toBe(409);
    expect(enforce.json().error.code).toBe('SSO_DOMAIN_NOT_VERIFIED');

    // Published at the domain itself (the other accepted name), among other TXT records.
    dns.publishTxt('acme.test', 'v=spf1 -all');
    dns.publishTxt('acme.test', domain.txtRecord);
    const verified = await call(owner, 'POST', '/domains/acme.test/verify');
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json<SsoDomain>().verifiedAt).not.toBeNull();
    expect((await saveProvider(owner, true)).json<SsoSettings>().enforced).toBe(true);

    // Its last verified domain released, the workspace no longer requires single sign-on.
    expect((await call(owner, 'DELETE', '/domains/acme.test')).statusCode).toBe(204);
    expect((await call(owner, 'GET', '')).json<SsoSettings>()).toMatchObject({
      enforced: false,
      domains: [],
    });

    // Each change is in the audit log, by the owner; the secret never is, only that it changed.
    const owned = { actor: 'Ana García' };
    const ssoEntries = (await auditOf(owner)).filter((entry) => entry.action.startsWith('sso.'));
    expect(ssoEntries).toEqual([
      {
        ...owned,
        action: 'sso.settings_changed',
        target: idp.issuer,
        before: null,
        after: {
          issuer: idp.issuer,
          clientId: idp.clientId,
          enforced: false,
          defaultRole: 'member',
          clientSecretChanged: true,
        },
      },
      { ...owned, action: 'sso.domain_claimed', target: 'acme.test', before: null, after: null },
      { ...owned, action: 'sso.domain_verified', target: 'acme.test', before: null, after: null },
      expect.objectContaining({
        action: 'sso.settings_changed',
        before: expect.objectContaining({ enforced: false }),
        after: expect.objectContaining({ enforced: true }),
      }),
      {
        ...owned,
        action: 'sso.domain_released',
        target: 'acme.test',
        before: { enforced: true },
        after: { enforced: false },
      },
    ]);
    expect(JSON.stringify(await auditOf(owner))).not.toContain(idp.clientSecret);
    expect(await verifyAuditChain(t.app.db, owner.workspaceId)).toMatchObject({ valid: true });
  });

  it('lets no other workspace claim or verify a domain once one has verified it', async () => {
    const first = await enterpriseOwner('owner@beta.test');
    const second = await enterpriseOwner('boss@elsewhere.test');
    // A claim proves nothing: the second workspace claiming first does not stop the first.
    const squatted = await call(second, 'POST', '/domains', { domain: 'beta.test' });
    expect(squatted.statusCode).toBe(201);
    await verifiedDomain(first, 'beta.test');

    const claim = await call(second, 'POST', '/domains', { domain: 'beta.test' });
    expect(claim.statusCode).toBe(409);
    expect(claim.json().error.code).toBe('SSO_DOMAIN_TAKEN');
    dns.publishTxt('_redacta.beta.test', squatted.json<SsoDomain>().txtRecord);
    const verify = await call(second, 'POST', '/domains/beta.test/verify');
    expect(verify.statusCode).toBe(409);
    expect(verify.json().error.code).toBe('SSO_DOMAIN_TAKEN');
  });
});

describe('signing in through the workspace provider', () => {
  it('creates the person on first sign-in and joins them to the workspace as a member, once', async () => {
    const owner = await enterpriseOwner('owner@gamma.test');
    await saveProvider(owner, false);
    await verifiedDomain(owner, 'gamma.test');

    const callback = await ssoSignIn({
      sub: 'idp-7',
      email: 'Lucia@Gamma.test',
      email_verified: true,
      given_name: 'Lucía',
      family_name: 'Mora',
    });
    const lucia = await signedInUser(callback);
    expect(lucia.email).toBe('lucia@gamma.test');
    const team = await membersOf(owner);
    expect(team.members).toContainEqual(
      expect.objectContaining({ email: 'lucia@gamma.test', role: 'member' }),
    );
    expect(team.seatsUsed).toBe(1);
    const list = await t.app.inject({ url: '/api/workspace/list', headers: lucia.auth });
    expect(list.json<{ id: string }[]>().map((w) => w.id)).toContain(owner.workspaceId);

    // Signing in again uses the same account and membership.
    const again = await signedInUser(
      await ssoSignIn({ sub: 'idp-7', email: 'lucia@gamma.test', email_verified: true }),
    );
    expect(again.id).toBe(lucia.id);
    expect((await membersOf(owner)).seatsUsed).toBe(1);

    // The log says who joined through SSO, and each sign-in by it.
    const joined = (await auditOf(owner)).filter((entry) => entry.target === 'lucia@gamma.test');
    expect(joined.map((entry) => [entry.action, entry.after])).toEqual([
      ['sso.member_joined', { role: 'member' }],
      ['auth.signed_in', { method: 'sso' }],
      ['auth.signed_in', { method: 'sso' }],
    ]);
  });

  it('joins a first sign-in with the default role the settings chose, an admin here, and records it', async () => {
    const owner = await enterpriseOwner('owner@epsilon.test');
    const admin = await createUser(t.app);
    await addMember(t.app, owner.workspaceId, admin.id, 'admin');
    expect((await saveProvider(owner, false)).json<SsoSettings>().defaultRole).toBe('member');
    await verifiedDomain(owner, 'epsilon.test');
    // An admin runs single sign-on as the owner does, the default role included.
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/workspace/${owner.workspaceId}/sso`,
      headers: admin.auth,
      payload: { issuer: idp.issuer, clientId: idp.clientId, enforced: false, defaultRole: 'admin' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<SsoSettings>().defaultRole).toBe('admin');
    // Saving without a default role keeps the one saved.
    await saveProvider(owner, false);
    expect((await call(owner, 'GET', '')).json<SsoSettings>().defaultRole).toBe('admin');

    const rosa = await signedInUser(
      await ssoSignIn({ sub: 'e-1', email: 'rosa@epsilon.test', email_verified: true }),
    );
    expect((await membersOf(owner)).members).toContainEqual(
      expect.objectContaining({ email: 'rosa@epsilon.test', role: 'admin' }),
    );
    // As an admin, she reads the log at once.
    const log = await t.app.inject({ url: `/api/workspace/${owner.workspaceId}/audit`, headers: rosa.auth });
    expect(log.statusCode).toBe(200);
    const entries = await auditOf(owner);
    expect(entries.find((entry) => entry.action === 'sso.member_joined')?.after).toEqual({ role: 'admin' });
    const changed = entries
      .filter((entry) => entry.action === 'sso.settings_changed')
      .map((entry) => entry.after);
    expect(changed.map((after) => (after as { defaultRole: string }).defaultRole)).toEqual([
      'member',
      'admin',
      'admin',
    ]);
  });

  it('refuses an address the provider did not verify or outside the verified domains', async () => {
    const owner = await enterpriseOwner('owner@delta.test');
    await saveProvider(owner, false);
    await verifiedDomain(owner, 'delta.test');

    const unverified = await ssoSignIn({ sub: 'u-1', email: 'eva@delta.test', email_verified: false });
    expect(unverified.headers.location).toBe('/login?error=OAUTH_FAILED');
    // The provider vouches for an address of a domain this workspace never verified.
    idp.signInAs({ sub: 'u-2', email: 'eva@outside.test', email_verified: true });
    const start = await t.app.inject({ url: '/api/auth/sso/start?email=eva@delta.test' });
    const back = await idp.authorize(start.headers.location as string);
    const outside = await t.app.inject({
      url: back.pathname + back.search,
      headers: { cookie: cookiePair(start.headers['set-cookie'], 'redacta_oauth')! },
    });
    expect(outside.headers.location).toBe('/login?error=SSO_NOT_CONFIGURED');
    expect((await membersOf(owner)).members).toHaveLength(1);

    const nobody = await t.app.inject({ url: '/api/auth/sso/start?email=eva@nobody.test' });
    expect(nobody.headers.location).toBe('/login?error=SSO_NOT_CONFIGURED');
  });

  it('takes a seat like an invitation: with none free, the new person is refused', async () => {
    const owner = await enterpriseOwner('owner@full.test', 1);
    const colleague = await createUser(t.app);
    await addMember(t.app, owner.workspaceId, colleague.id);
    await saveProvider(owner, false);
    await verifiedDomain(owner, 'full.test');

    const callback = await ssoSignIn({ sub: 'f-1', email: 'new@full.test', email_verified: true });
    expect(callback.headers.location).toBe('/login?error=SEATS_EXHAUSTED');
    expect((await membersOf(owner)).members.map((m) => m.email)).not.toContain('new@full.test');
  });
});

describe('enforcement', () => {
  it('refuses the e-mail code to addresses of an enforced domain, saying why; the owner keeps it', async () => {
    const owner = await enterpriseOwner('owner@epsilon.test');
    await saveProvider(owner, false);
    await verifiedDomain(owner, 'epsilon.test');
    // A code asked for before enforcement no longer signs in after it.
    expect((await requestCode(t.app, 'pablo@epsilon.test')).statusCode).toBe(204);
    const earlier = lastCodeTo(t.app, 'pablo@epsilon.test');
    expect((await saveProvider(owner, true)).statusCode).toBe(200);

    const refused = await requestCode(t.app, 'Pablo@Epsilon.test');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      code: 'SSO_REQUIRED',
      message: expect.stringContaining('epsilon.test'),
    });
    const late = await login(t.app, 'pablo@epsilon.test', earlier);
    expect(late.statusCode).toBe(403);
    expect(late.json().error.code).toBe('SSO_REQUIRED');

    expect((await requestCode(t.app, 'owner@epsilon.test')).statusCode).toBe(204);
    expect((await requestCode(t.app, 'pablo@other.test')).statusCode).toBe(204);
    // Through single sign-on the same person gets in.
    const pablo = await signedInUser(
      await ssoSignIn({ sub: 'p-1', email: 'pablo@epsilon.test', email_verified: true }),
    );
    expect(pablo.email).toBe('pablo@epsilon.test');
  });

  it('ends with the Enterprise plan: a workspace moved to Pro no longer requires it', async () => {
    const owner = await enterpriseOwner('owner@zeta.test');
    await saveProvider(owner, false);
    await verifiedDomain(owner, 'zeta.test');
    await saveProvider(owner, true);
    expect((await requestCode(t.app, 'ines@zeta.test')).statusCode).toBe(403);
    await changeWorkspacePlan(t.app.db, { workspaceId: owner.workspaceId, plan: 'pro_monthly' });
    expect((await requestCode(t.app, 'ines@zeta.test')).statusCode).toBe(204);
  });

  it('sends a Google sign-in of such an address back to the sign-in page, saying why', async () => {
    const owner = await enterpriseOwner('owner@eta.test');
    await saveProvider(owner, false);
    await verifiedDomain(owner, 'eta.test');
    await saveProvider(owner, true);

    google.signInAs({ sub: 'g-eta', email: 'rosa@eta.test', email_verified: true });
    const start = await t.app.inject({ url: '/api/auth/oauth/google' });
    const back = await google.authorize(start.headers.location as string);
    const callback = await t.app.inject({
      url: back.pathname + back.search,
      headers: { cookie: cookiePair(start.headers['set-cookie'], 'redacta_oauth')! },
    });
    expect(callback.headers.location).toBe('/login?error=SSO_REQUIRED');
    expect(cookiePair(callback.headers['set-cookie'])).toBeUndefined();
  });
});
