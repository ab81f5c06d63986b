import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, oauthProviderSchema, resolveLocale } from '@redacta/shared';
import { AppError } from '../../lib/errors.ts';
import { noStore, routeSecurity } from '../../lib/route-options.ts';
import { setRefreshCookie } from '../auth/refresh-cookie.ts';
import { startSession } from '../auth/session.ts';
import {
  FLOW_COOKIE,
  FLOW_TTL_SECONDS,
  openFlowState,
  randomVerifier,
  s256,
  sealFlowState,
} from './flow-state.ts';
import { createOAuthClients } from './providers.ts';
import { resolveOAuthUser } from './service.ts';
import { recordFailedSignIn, recordSignIn } from '../audit/index.ts';

const providerParams = z.strictObject({ provider: oauthProviderSchema });
const callbackQuery = z.object({
  code: z.string().max(2048).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(256).optional(),
});

/**
 * Google (OpenID Connect) and Facebook sign-in: authorization code + PKCE S256. The callback
 * starts a session exactly like the e-mail code does (refresh cookie) and sends the browser to
 * /callback, where the web app refreshes; failures land on /login with an error code.
 */
export const oauthRoutes: FastifyPluginAsyncZod = async (app) => {
  const clients = createOAuthClients(app.config);
  const redirectUri = (provider: string) => `${app.config.APP_URL}/api/auth/oauth/${provider}/callback`;
  const cookiePath = '/api/auth/oauth';
  // The callback sets the session cookie and redirects: no cache may keep that answer.
  app.addHook('onRequest', noStore);

  app.get(
    '/:provider',
    {
      schema: {
        tags: ['auth'],
        operationId: 'startOauthSignIn',
        summary: 'Start a Google or Facebook sign-in (redirects to the provider)',
        security: routeSecurity.none,
        params: providerParams,
        querystring: z.object({ locale: z.string().max(10).optional() }),
        response: { 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const client = clients[request.params.provider];
      if (!client)
        throw new AppError(
          'OAUTH_NOT_CONFIGURED',
          `${request.params.provider} sign-in is not configured`,
          404,
        );
      const flow = {
        provider: request.params.provider,
        state: randomVerifier(),
        verifier: randomVerifier(),
        nonce: randomVerifier(),
        locale: resolveLocale(request.query.locale),
      };
      const url = await client.authorizationUrl({
        state: flow.state,
        nonce: flow.nonce,
        codeChallenge: s256(flow.verifier),
        redirectUri: redirectUri(flow.provider),
      });
      reply.setCookie(FLOW_COOKIE, await sealFlowState(app.config.JWT_SECRET, flow), {
        path: cookiePath,
        httpOnly: true,
        sameSite: 'lax',
        secure: app.config.isProduction,
        maxAge: FLOW_TTL_SECONDS,
      });
      return reply.redirect(url, 302);
    },
  );

  app.get(
    '/:provider/callback',
    {
      schema: {
        tags: ['auth'],
        operationId: 'finishOauthSignIn',
        summary: 'Provider callback',
        security: routeSecurity.none,
        params: providerParams,
        querystring: callbackQuery,
      },
    },
    async (request, reply) => {
      const { provider } = request.params;
      const loginWithError = (code: string) => reply.redirect(`/login?error=${code}`, 302);
      const flow = await openFlowState(app.config.JWT_SECRET, request.cookies[FLOW_COOKIE]);
      reply.clearCookie(FLOW_COOKIE, { path: cookiePath });
      const client = clients[provider];
      if (!client) return loginWithError('OAUTH_NOT_CONFIGURED');
      if (request.query.error) return loginWithError('OAUTH_FAILED');
      if (!flow || flow.provider !== provider || !request.query.code || request.query.state !== flow.state) {
        request.log.warn({ provider }, 'oauth callback with a missing or mismatched state');
        return loginWithError('OAUTH_FAILED');
      }
      // The address the provider named, once it has: a failure after that is recorded against it.
      let email: string | null = null;
      try {
        const profile = await client.exchange({
          code: request.query.code,
          codeVerifier: flow.verifier,
          redirectUri: redirectUri(provider),
          nonce: flow.nonce,
        });
        email = profile.email;
        const { userId } = await resolveOAuthUser(app.db, provider, profile, flow.locale);
        const { refreshCookie } = await startSession(app, userId);
        await recordSignIn(app.db, { userId, method: provider });
        setRefreshCookie(reply, refreshCookie, app.config.isProduction);
        return reply.redirect('/callback', 302);
      } catch (error) {
        request.log.warn({ err: error, provider }, 'oauth sign-in failed');
        const ssoRequired = error instanceof AppError && error.code === 'SSO_REQUIRED';
        const reason = ssoRequired ? 'SSO_REQUIRED' : 'OAUTH_FAILED';
        if (email) await recordFailedSignIn(app.db, { email, method: provider, reason });
        return loginWithError(reason);
      }
    },
  );
};
