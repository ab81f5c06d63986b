import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface OidcAccount {
  sub: string;
  email: string;
  email_verified: boolean;
  given_name?: string;
  family_name?: string;
  picture?: string;
}

export interface OidcPeer {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The account the next sign-in authenticates as. */
  signInAs(account: OidcAccount): void;
  /**
   * Plays the browser at the provider: follows the authorization URL through the provider's
   * login and consent screens and returns the redirect back to the app (with code and state).
   */
  authorize(authorizationUrl: string): Promise<URL>;
  close(): Promise<void>;
}

/** A real OpenID Connect provider (node-oidc-provider) on 127.0.0.1, standing in for Google. */
export async function startOidcPeer(redirectUri: string): Promise<OidcPeer> {
  let account: OidcAccount = { sub: 'google-1', email: 'ana@example.com', email_verified: true };
  const clientId = 'redacta-test';
  const clientSecret = 'test-secret-that-is-long-enough-for-hs256';
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    pkce: { required: () => true },
    // Like Google, put the profile and e-mail claims in the ID token itself.
    conformIdTokenClaims: false,
    ttl: {
      AccessToken: 600,
      IdToken: 600,
      AuthorizationCode: 60,
      Interaction: 600,
      Session: 600,
      Grant: 600,
    },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'picture'],
    },
    findAccount: async (_ctx, sub) => ({
      accountId: sub,
      claims: async () => ({ ...account, sub }),
    }),
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['test-cookie-key'] },
  });
  provider.on('server_error', (_ctx, error) => console.error('oidc-provider', error));
  server.on('request', provider.callback());

  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const remember = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = pair!.indexOf('=');
      jar.set(pair!.slice(0, index), pair!.slice(index + 1));
    }
  };
  const request = async (url: string, init: RequestInit = {}) => {
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: cookieHeader() },
    });
    remember(response);
    return response;
  };

  return {
    issuer,
    clientId,
    clientSecret,
    signInAs(next) {
      account = next;
    },
    async authorize(authorizationUrl) {
      jar.clear();
      let url = authorizationUrl;
      for (let hop = 0; hop < 20; hop += 1) {
        const response = await request(url);
        const location = response.headers.get('location');
        if (location) {
          const next = new URL(location, url);
          if (next.toString().startsWith(redirectUri)) return next;
          url = next.toString();
          continue;
        }
        // A dev interaction page (login, then consent): submit its form as a person would.
        const html = await response.text();
        const action = html.match(/<form[^>]*action="([^"]+)"/)?.[1];
        if (!action) throw new Error(`Unexpected page at ${url}: ${response.status} ${html.slice(0, 200)}`);
        const fields = new URLSearchParams();
        for (const [tag] of html.matchAll(/<input[^>]*>/g)) {
          const name = tag.match(/name="([^"]+)"/)?.[1];
          if (name) fields.set(name, tag.match(/value="([^"]*)"/)?.[1] ?? '');
        }
        if (fields.has('login')) fields.set('login', account.sub);
        if (fields.has('password')) fields.set('password', 'any');
        const posted = await request(new URL(action, url).toString(), {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: fields,
        });
        url = new URL(posted.headers.get('location') ?? url, url).toString();
      }
      throw new Error('Too many redirects at the OIDC provider');
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
