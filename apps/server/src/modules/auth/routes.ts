import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  authProvidersResponseSchema,
  emailStartBodySchema,
  errorBodySchema,
  loginBodySchema,
  type EmailStartBody,
  type LoginBody,
  loginResponseSchema,
  normalizeEmail,
  refreshHeadersSchema,
  refreshResponseSchema,
  SESSION_OPTIONAL_HEADER,
  sessionUserSchema,
} from '@redacta/shared';
import { AppError } from '../../lib/errors.ts';
import { limits } from '../../lib/rate-limits.ts';
import { closedToApiKeys, noStore, routeSecurity } from '../../lib/route-options.ts';
import { findSessionUser, loginWithCode, requestLoginCode } from './service.ts';
import { clearRefreshCookie, REFRESH_COOKIE, setRefreshCookie } from './refresh-cookie.ts';
import { endSession, rotateSession } from './session.ts';

const HOUR = 60 * 60 * 1000;
const QUARTER_HOUR = 15 * 60 * 1000;

/** Cookie-authenticated calls that change state must come from our own scripts (CSRF defence). */
async function requireXhr(request: FastifyRequest) {
  if (!request.headers['x-requested-with']) {
    throw new AppError('FORBIDDEN', 'This request needs the X-Requested-With header');
  }
}

const bodyEmail = (request: FastifyRequest) => {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? normalizeEmail(email) : null;
};

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  const tags = ['auth'];
  const errors = { 400: errorBodySchema, 429: errorBodySchema };

  // Every answer here may carry a token, a session cookie or who is signed in (login, refresh).
  app.addHook('onRequest', noStore);
  closedToApiKeys(app);

  app.post(
    '/email/start',
    {
      schema: {
        tags,
        operationId: 'sendSignInCode',
        summary: 'Mail a sign-in code (always 204: no account enumeration)',
        security: routeSecurity.none,
        body: emailStartBodySchema,
        bodyExample: { email: 'ana@example.com', locale: 'es' } satisfies EmailStartBody,
        response: { 204: z.null().describe('Code sent'), ...errors },
      },
      preHandler: limits(app, [
        // Per address, the code-mail budget counts (mail/budgets.ts), shared with change of address.
        {
          name: 'code-ip',
          max: config.RATE_LIMIT_CODE_REQUESTS_PER_HOUR * 6,
          timeWindowMs: HOUR,
          key: (r) => r.ip,
        },
      ]),
    },
    async (request, reply) => {
      await requestLoginCode(app, request.body.email, request.body.locale);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/login',
    {
      schema: {
        tags,
        operationId: 'signIn',
        summary: 'Sign in with the mailed code; sets the refresh cookie',
        security: routeSecurity.none,
        body: loginBodySchema,
        bodyExample: { method: 'email', email: 'ana@example.com', code: '123456' } satisfies LoginBody,
        response: { 200: loginResponseSchema, ...errors },
      },
      preHandler: limits(app, [
        {
          name: 'login-ip',
          max: config.RATE_LIMIT_LOGIN_ATTEMPTS_PER_15MIN,
          timeWindowMs: QUARTER_HOUR,
          key: (r) => r.ip,
        },
        {
          name: 'login-email',
          max: config.RATE_LIMIT_LOGIN_ATTEMPTS_PER_15MIN,
          timeWindowMs: QUARTER_HOUR,
          key: bodyEmail,
        },
      ]),
    },
    async (request, reply) => {
      const { response, refreshCookie } = await loginWithCode(app, request.body);
      setRefreshCookie(reply, refreshCookie, config.isProduction);
      return response;
    },
  );

  app.get(
    '/refresh',
    {
      schema: {
        tags,
        operationId: 'refreshSession',
        summary: 'Rotate the refresh cookie and get a new access token',
        security: routeSecurity.sessionCookie,
        headers: refreshHeadersSchema,
        response: {
          200: refreshResponseSchema,
          204: z.null().describe('No refresh cookie, and the caller sent X-Session-Optional: 1'),
          401: errorBodySchema,
          403: errorBodySchema,
        },
      },
      onRequest: requireXhr,
    },
    async (request, reply) => {
      const presented = request.cookies[REFRESH_COOKIE];
      // A visitor who never signed in has no session to renew: not a failure for a caller that said so.
      if (presented === undefined && request.headers[SESSION_OPTIONAL_HEADER] === '1')
        return reply.status(204).send(null);
      const session = await rotateSession(app, presented).catch((error: unknown) => {
        // A refresh token that no longer works is of no use to the browser either.
        if (error instanceof AppError && error.code === 'REFRESH_INVALID') {
          clearRefreshCookie(reply, config.isProduction);
        }
        throw error;
      });
      setRefreshCookie(reply, session.refreshCookie, config.isProduction);
      return { accessToken: session.accessToken, user: await findSessionUser(app, session.userId) };
    },
  );

  app.post(
    '/logout',
    {
      schema: {
        tags,
        operationId: 'signOut',
        summary: 'End this session',
        security: routeSecurity.sessionCookie,
        response: { 204: z.null().describe('Signed out'), 403: errorBodySchema },
      },
      onRequest: requireXhr,
    },
    async (request, reply) => {
      await endSession(app, request.cookies[REFRESH_COOKIE]);
      clearRefreshCookie(reply, config.isProduction);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/user',
    {
      schema: {
        tags,
        operationId: 'getSessionUser',
        summary: 'The signed-in user',
        security: routeSecurity.bearer,
        response: { 200: sessionUserSchema, 401: errorBodySchema },
      },
      onRequest: app.authenticate,
    },
    (request) => findSessionUser(app, request.userId),
  );

  app.get(
    '/providers',
    {
      schema: {
        tags,
        operationId: 'listSignInProviders',
        summary: 'Which social sign-ins are configured',
        security: routeSecurity.none,
        response: { 200: authProvidersResponseSchema },
      },
    },
    async () => ({
      google: Boolean(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET),
      facebook: Boolean(config.FACEBOOK_CLIENT_ID && config.FACEBOOK_CLIENT_SECRET),
    }),
  );
};
