import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from 'jose';
import { AppError } from '../../lib/errors.ts';
import { FetchRefused, pinnedRequest } from '../../lib/outbound/pinned-request.ts';
import type { ProviderProfile } from '../oauth/providers.ts';

/** What discovery gives us of a provider (OpenID Connect Discovery 1.0). */
export interface OidcMetadata {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
}

export interface OidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

const TIMEOUT_MS = 10_000;
const MAX_BYTES = 512 * 1024;

const discoveryFailed = (message: string) => new AppError('SSO_DISCOVERY_FAILED', message, 400);
const signInFailed = (message: string) => new AppError('OAUTH_FAILED', message, 400);

/**
 * A JSON answer from the provider, through the one outbound guard (lib/outbound): an issuer is typed
 * by a workspace owner, so every request the server makes to it must stay off the server's own network.
 */
async function requestJson(
  url: string,
  allowLoopback: boolean,
  init: { method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; json: Record<string, unknown> | null }> {
  const answer = await pinnedRequest(url, {
    method: init.method ?? 'GET',
    headers: { accept: 'application/json', 'user-agent': 'Redacta single sign-on', ...init.headers },
    body: init.body,
    allowLoopback,
    maxBytes: MAX_BYTES,
    overflow: 'refuse',
    deadline: AbortSignal.timeout(TIMEOUT_MS),
  });
  try {
    const json = JSON.parse(answer.body.toString('utf8')) as unknown;
    return {
      status: answer.status,
      json:
        json && typeof json === 'object' && !Array.isArray(json) ? (json as Record<string, unknown>) : null,
    };
  } catch {
    return { status: answer.status, json: null };
  }
}

/** The issuer's address must be https; plain http only to this machine where loopback is allowed (tests). */
export function checkIssuerAddress(issuer: string, allowLoopback: boolean): void {
  const url = new URL(issuer);
  const loopbackHost =
    url.hostname === '127.0.0.1' || url.hostname === '[::1]' || url.hostname === 'localhost';
  if (url.protocol !== 'https:' && !(allowLoopback && loopbackHost)) {
    throw new AppError('VALIDATION_FAILED', 'The issuer must start with https://', 400, [
      { path: 'issuer', message: 'The issuer must start with https://' },
    ]);
  }
  if (url.username || url.password || url.search || url.hash) {
    throw new AppError('VALIDATION_FAILED', 'The issuer is an address without a query or a password', 400, [
      { path: 'issuer', message: 'The issuer is an address without a query or a password' },
    ]);
  }
}

/**
 * Reads the issuer's `/.well-known/openid-configuration` and checks it names the same issuer and the
 * endpoints a sign-in needs (an ID token's `iss` must equal the issuer, so a mismatch would fail every
 * sign-in later: better refused when saved).
 */
export async function discover(issuer: string, allowLoopback: boolean): Promise<OidcMetadata> {
  const base = issuer.replace(/\/$/, '');
  let answer;
  try {
    answer = await requestJson(`${base}/.well-known/openid-configuration`, allowLoopback);
  } catch (error) {
    if (error instanceof FetchRefused) {
      throw discoveryFailed(`The issuer's discovery document could not be read (${error.reason})`);
    }
    throw error;
  }
  const meta = answer.json;
  if (answer.status !== 200 || !meta) {
    throw discoveryFailed(`The issuer's discovery document could not be read (HTTP ${answer.status})`);
  }
  const fields = ['issuer', 'authorization_endpoint', 'token_endpoint', 'jwks_uri'] as const;
  if (fields.some((field) => typeof meta[field] !== 'string')) {
    throw discoveryFailed('The discovery document lacks the issuer, authorization, token or keys address');
  }
  if (String(meta.issuer).replace(/\/$/, '') !== base) {
    throw discoveryFailed(`The discovery document names another issuer (${String(meta.issuer)})`);
  }
  return meta as unknown as OidcMetadata;
}

/** The provider's sign-in page for an authorization-code request with PKCE S256. */
export function authorizationUrl(
  meta: OidcMetadata,
  request: {
    clientId: string;
    redirectUri: string;
    state: string;
    nonce: string;
    codeChallenge: string;
    loginHint: string;
  },
): string {
  const url = new URL(meta.authorization_endpoint);
  url.search = new URLSearchParams({
    client_id: request.clientId,
    response_type: 'code',
    scope: 'openid email profile',
    redirect_uri: request.redirectUri,
    state: request.state,
    nonce: request.nonce,
    code_challenge: request.codeChallenge,
    code_challenge_method: 'S256',
    login_hint: request.loginHint,
  }).toString();
  return url.toString();
}

/**
 * Trades the code for tokens (client_secret_basic) and verifies the ID token with the provider's
 * published keys: its issuer, audience (our client id) and nonce.
 */
export async function exchangeCode(
  provider: OidcProvider,
  allowLoopback: boolean,
  request: { code: string; codeVerifier: string; redirectUri: string; nonce: string },
): Promise<ProviderProfile> {
  const meta = await discover(provider.issuer, allowLoopback);
  const basic = Buffer.from(
    `${encodeURIComponent(provider.clientId)}:${encodeURIComponent(provider.clientSecret)}`,
  ).toString('base64');
  const tokens = await requestJson(meta.token_endpoint, allowLoopback, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${basic}` },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: request.code,
      redirect_uri: request.redirectUri,
      code_verifier: request.codeVerifier,
    }).toString(),
  });
  if (tokens.status !== 200 || typeof tokens.json?.id_token !== 'string') {
    throw signInFailed(`Token exchange failed (${tokens.status} ${String(tokens.json?.error ?? '')})`);
  }
  const keys = await requestJson(meta.jwks_uri, allowLoopback);
  if (keys.status !== 200 || !Array.isArray(keys.json?.keys))
    throw signInFailed('The provider keys could not be read');
  const { payload } = await jwtVerify(
    tokens.json.id_token,
    createLocalJWKSet(keys.json as unknown as JSONWebKeySet),
    { issuer: meta.issuer, audience: provider.clientId },
  ).catch(() => {
    throw signInFailed('The ID token did not verify');
  });
  if (payload.nonce !== request.nonce) throw signInFailed('The ID token nonce does not match');
  const claim = (name: string) => (typeof payload[name] === 'string' ? (payload[name] as string) : null);
  return {
    providerUserId: String(payload.sub),
    email: claim('email'),
    emailVerified: payload.email_verified === true,
    firstName: claim('given_name'),
    lastName: claim('family_name'),
    picture: claim('picture'),
  };
}
