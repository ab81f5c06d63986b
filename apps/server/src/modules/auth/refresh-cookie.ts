import type { FastifyReply } from 'fastify';

export const REFRESH_COOKIE = 'redacta_refresh';
export const REFRESH_COOKIE_PATH = '/api/auth';

/** The refresh cookie a session service asks the route to set: its token until its family's expiry. */
export interface RefreshCookie {
  token: string;
  expiresAt: Date;
}

/** HttpOnly, SameSite=Lax, only sent to the auth routes; Secure wherever the site is served over HTTPS. */
const attributes = (secure: boolean) =>
  ({ path: REFRESH_COOKIE_PATH, httpOnly: true, sameSite: 'lax', secure }) as const;

export function setRefreshCookie(reply: FastifyReply, cookie: RefreshCookie, secure: boolean) {
  reply.setCookie(REFRESH_COOKIE, cookie.token, { ...attributes(secure), expires: cookie.expiresAt });
}

export function clearRefreshCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(REFRESH_COOKIE, attributes(secure));
}
