import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { App } from '../../src/app.ts';

export const REFRESH_COOKIE = 'redacta_refresh';

/** The six-digit code in a code e-mail's text (it stands on a line of its own). */
export function codeFromMail(text: string): string {
  const match = text.match(/^(\d{6})$/m);
  if (!match) throw new Error(`no code in mail:\n${text}`);
  return match[1]!;
}

/** The `name=value` pair of a cookie in a response's Set-Cookie headers, for sending it back. */
export function cookiePair(
  setCookie: string | string[] | undefined,
  name = REFRESH_COOKIE,
): string | undefined {
  return [setCookie ?? []]
    .flat()
    .find((cookie) => cookie.startsWith(`${name}=`))
    ?.split(';')[0];
}

/** The latest code the development mailer "sent" to `email` (newest first in `recent()`). */
export function lastCodeTo(app: App, email: string): string {
  const mail = app.mailer.recent().find((sent) => sent.to === email.toLowerCase());
  if (!mail) throw new Error(`no mail to ${email}`);
  return codeFromMail(mail.text);
}

export async function requestCode(app: App, email: string, locale?: 'es' | 'en') {
  return app.inject({
    method: 'POST',
    url: '/api/auth/email/start',
    payload: locale ? { email, locale } : { email },
  });
}

export async function login(app: App, email: string, code: string) {
  return app.inject({ method: 'POST', url: '/api/auth/login', payload: { method: 'email', email, code } });
}

export interface SignedIn {
  accessToken: string;
  /** `redacta_refresh=…`, ready for a Cookie header. */
  refreshCookie: string;
  /** The same as `refreshCookie` (the name other test files expect). */
  cookie: string;
  user: { id: string; email: string; isRegistration: boolean; [key: string]: unknown };
  auth: { authorization: string };
}

/**
 * Signs in through the real routes: asks for a code, reads it from the development mailbox and
 * logs in with it. Registers the address on first use.
 */
export async function signUp(
  app: App,
  email = `user-${randomUUID().slice(0, 8)}@example.com`,
  locale?: 'es' | 'en',
): Promise<SignedIn> {
  const started = await requestCode(app, email, locale);
  expect(started.statusCode).toBe(204);
  const res = await login(app, email, lastCodeTo(app, email));
  expect(res.statusCode, res.body).toBe(200);
  const refreshCookie = cookiePair(res.headers['set-cookie']);
  if (!refreshCookie) throw new Error('login set no refresh cookie');
  const body = res.json();
  return {
    accessToken: body.accessToken,
    refreshCookie,
    cookie: refreshCookie,
    user: body.user,
    auth: { authorization: `Bearer ${body.accessToken}` },
  };
}
