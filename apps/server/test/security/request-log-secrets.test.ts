import { afterEach, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.ts';
import { createLoggedTestApp, type LogLine } from './logged-app.ts';

let app: App | undefined;
afterEach(() => app?.close());

// What e-mailed links carry (the sign-in link, the invitation link) and what an OAuth provider sends
// back, in the forms a client may write them.
const CODE = '482913';
const EMAIL = 'ana.secreta@example.com';
const TOKEN = 'Zt4kqInvitationToken9xYw';
const OAUTH_CODE = 'provider-code-7c1e';
const requests = [
  `/login?email=${encodeURIComponent(EMAIL)}&code=${CODE}`,
  `/login?Email=${EMAIL}&CODE=${CODE}`,
  `/login?%65mail=${encodeURIComponent(EMAIL)}&c%6Fde=${CODE}&lang=es`,
  `/invite/existing?token=${TOKEN}`,
  `/api/invitation/existing?token=${TOKEN}`,
  `/api/auth/oauth/google/callback?code=${OAUTH_CODE}&state=st4te`,
];
const secrets = [CODE, EMAIL, encodeURIComponent(EMAIL), TOKEN, OAUTH_CODE];

const urlsLogged = (log: LogLine[]) =>
  log.flatMap((line) => {
    const url = (line as { req?: { url?: string } }).req?.url;
    return url ? [url] : [];
  });

describe.each(['info', 'debug', 'trace'] as const)('request logs at level %s', (level) => {
  it('never contain the token, code or e-mail of a link, and keep the rest of the URL', async () => {
    let log: LogLine[];
    ({ app, log } = await createLoggedTestApp(level));
    for (const url of requests) await app.inject({ method: 'GET', url });

    const text = JSON.stringify(log);
    for (const secret of secrets) expect(text, secret).not.toContain(secret);
    expect(urlsLogged(log)).toEqual([
      '/login?email=[redacted]&code=[redacted]',
      '/login?Email=[redacted]&CODE=[redacted]',
      '/login?%65mail=[redacted]&c%6Fde=[redacted]&lang=es',
      '/invite/existing?token=[redacted]',
      '/api/invitation/existing?token=[redacted]',
      '/api/auth/oauth/google/callback?code=[redacted]&state=st4te',
    ]);
  });
});
