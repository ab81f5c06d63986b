import { createRemoteJWKSet, jwtVerify } from 'jose';
import type { OAuthProvider } from '@redacta/shared';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/errors.ts';

/** Who the provider says the user is, after the code exchange. */
export interface ProviderProfile {
  providerUserId: string;
  email: string | null;
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
  picture: string | null;
}

export interface AuthorizationRequest {
  state: string;
  nonce: string;
  codeChallenge: string;
  redirectUri: string;
}

export interface OAuthClient {
  authorizationUrl(request: AuthorizationRequest): Promise<string>;
  exchange(params: {
    code: string;
    codeVerifier: string;
    redirectUri: string;
    nonce: string;
  }): Promise<ProviderProfile>;
}

const fail = (message: string) => new AppError('OAUTH_FAILED', message, 400);

async function postForm(url: string, form: Record<string, string>, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', ...headers },
    body: new URLSearchParams(form),
    signal: AbortSignal.timeout(10_000),
  });
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) throw fail(`Token exchange failed (${response.status} ${String(body.error ?? '')})`);
  return body;
}

interface OidcMetadata {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
}

/** Google through OpenID Connect discovery, so any OIDC issuer (a local one in tests) works the same. */
function googleClient(config: Config, clientId: string, clientSecret: string): OAuthClient {
  let metadata: Promise<{ meta: OidcMetadata; jwks: ReturnType<typeof createRemoteJWKSet> }> | undefined;
  const discover = () => {
    metadata ??= (async () => {
      const url = `${config.GOOGLE_ISSUER.replace(/\/$/, '')}/.well-known/openid-configuration`;
      const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
      if (!response.ok) throw fail(`OIDC discovery failed (${response.status})`);
      const meta = (await response.json()) as OidcMetadata;
      return { meta, jwks: createRemoteJWKSet(new URL(meta.jwks_uri)) };
    })().catch((error) => {
      metadata = undefined;
      throw error;
    });
    return metadata;
  };

  return {
    async authorizationUrl({ state, nonce, codeChallenge, redirectUri }) {
      const { meta } = await discover();
      const url = new URL(meta.authorization_endpoint);
      url.search = new URLSearchParams({
        client_id: clientId,
        response_type: 'code',
        scope: 'openid email profile',
        redirect_uri: redirectUri,
        state,
        nonce,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
      }).toString();
      return url.toString();
    },
    async exchange({ code, codeVerifier, redirectUri, nonce }) {
      const { meta, jwks } = await discover();
      const basic = Buffer.from(
        `${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`,
      ).toString('base64');
      const tokens = await postForm(
        meta.token_endpoint,
        { grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: codeVerifier },
        { authorization: `Basic ${basic}` },
      );
      if (typeof tokens.id_token !== 'string') throw fail('No ID token in the token response');
      const { payload } = await jwtVerify(tokens.id_token, jwks, {
        issuer: meta.issuer,
        audience: clientId,
      }).catch(() => {
        throw fail('The ID token did not verify');
      });
      if (payload.nonce !== nonce) throw fail('The ID token nonce does not match');
      const claim = (name: string) => (typeof payload[name] === 'string' ? (payload[name] as string) : null);
      return {
        providerUserId: String(payload.sub),
        email: claim('email'),
        emailVerified: payload.email_verified === true,
        firstName: claim('given_name'),
        lastName: claim('family_name'),
        picture: claim('picture'),
      };
    },
  };
}

/** Facebook Login (OAuth 2 with PKCE); the Graph API returns only confirmed e-mail addresses. */
function facebookClient(config: Config, clientId: string, clientSecret: string): OAuthClient {
  return {
    async authorizationUrl({ state, codeChallenge, redirectUri }) {
      const url = new URL(config.FACEBOOK_DIALOG_URL);
      url.search = new URLSearchParams({
        client_id: clientId,
        response_type: 'code',
        scope: 'email,public_profile',
        redirect_uri: redirectUri,
        state,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
      }).toString();
      return url.toString();
    },
    async exchange({ code, codeVerifier, redirectUri }) {
      const graph = config.FACEBOOK_GRAPH_URL.replace(/\/$/, '');
      const tokens = await postForm(`${graph}/oauth/access_token`, {
        client_id: clientId,
        client_secret: clientSecret,
        code,
        redirect_uri: redirectUri,
        code_verifier: codeVerifier,
      });
      if (typeof tokens.access_token !== 'string') throw fail('No access token in the token response');
      const me = new URL(`${graph}/me`);
      me.search = new URLSearchParams({
        fields: 'id,email,first_name,last_name,picture.type(large)',
      }).toString();
      const response = await fetch(me, {
        headers: { authorization: `Bearer ${tokens.access_token}` },
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw fail(`Profile request failed (${response.status})`);
      const profile = (await response.json()) as {
        id?: string;
        email?: string;
        first_name?: string;
        last_name?: string;
        picture?: { data?: { url?: string } };
      };
      if (!profile.id) throw fail('The profile has no id');
      return {
        providerUserId: profile.id,
        email: profile.email ?? null,
        emailVerified: Boolean(profile.email),
        firstName: profile.first_name ?? null,
        lastName: profile.last_name ?? null,
        picture: profile.picture?.data?.url ?? null,
      };
    },
  };
}

/** The configured providers' clients; a provider without both id and secret is absent. */
export function createOAuthClients(config: Config): Partial<Record<OAuthProvider, OAuthClient>> {
  const clients: Partial<Record<OAuthProvider, OAuthClient>> = {};
  if (config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET) {
    clients.google = googleClient(config, config.GOOGLE_CLIENT_ID, config.GOOGLE_CLIENT_SECRET);
  }
  if (config.FACEBOOK_CLIENT_ID && config.FACEBOOK_CLIENT_SECRET) {
    clients.facebook = facebookClient(config, config.FACEBOOK_CLIENT_ID, config.FACEBOOK_CLIENT_SECRET);
  }
  return clients;
}
