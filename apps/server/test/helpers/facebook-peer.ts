import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHash, randomBytes } from 'node:crypto';

export interface FacebookProfile {
  id: string;
  email?: string;
  first_name?: string;
  last_name?: string;
}

/**
 * A local HTTP peer speaking the parts of Facebook Login the app uses: the dialog (which
 * "consents" at once and redirects back with a code), the PKCE-checked token exchange and /me.
 */
export async function startFacebookPeer(options: { clientId: string; clientSecret: string }) {
  let profile: FacebookProfile = {
    id: 'fb-1',
    email: 'ana@example.com',
    first_name: 'Ana',
    last_name: 'García',
  };
  const codes = new Map<string, { challenge: string; redirectUri: string }>();
  const tokens = new Set<string>();
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://peer');
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    if (url.pathname === '/dialog/oauth') {
      const code = randomBytes(16).toString('hex');
      codes.set(code, {
        challenge: url.searchParams.get('code_challenge') ?? '',
        redirectUri: url.searchParams.get('redirect_uri') ?? '',
      });
      const back = new URL(url.searchParams.get('redirect_uri')!);
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      return res.writeHead(302, { location: back.toString() }).end();
    }
    if (url.pathname === '/graph/oauth/access_token' && req.method === 'POST') {
      let body = '';
      for await (const chunk of req) body += chunk;
      const form = new URLSearchParams(body);
      const grant = codes.get(form.get('code') ?? '');
      const verifier = form.get('code_verifier') ?? '';
      const challenge = createHash('sha256').update(verifier).digest('base64url');
      if (
        !grant ||
        form.get('client_id') !== options.clientId ||
        form.get('client_secret') !== options.clientSecret ||
        form.get('redirect_uri') !== grant.redirectUri ||
        challenge !== grant.challenge
      ) {
        return json(400, { error: { message: 'Invalid verification code' } });
      }
      codes.delete(form.get('code')!);
      const token = randomBytes(16).toString('hex');
      tokens.add(token);
      return json(200, { access_token: token, token_type: 'bearer', expires_in: 3600 });
    }
    if (url.pathname === '/graph/me') {
      const token = req.headers.authorization?.replace(/^Bearer /, '') ?? '';
      if (!tokens.has(token)) return json(401, { error: { message: 'Invalid OAuth access token' } });
      return json(200, profile);
    }
    json(404, { error: { message: 'Unknown path' } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    dialogUrl: `${base}/dialog/oauth`,
    graphUrl: `${base}/graph`,
    setProfile(next: FacebookProfile) {
      profile = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
