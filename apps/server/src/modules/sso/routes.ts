import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorBodySchema,
  idParamsSchema,
  resolveLocale,
  ssoDomainBodySchema,
  ssoDomainParamsSchema,
  ssoDomainSchema,
  ssoSettingsBodySchema,
  ssoSettingsSchema,
  ssoStartQuerySchema,
} from '@redacta/shared';
import { AppError } from '../../lib/errors.ts';
import { limits } from '../../lib/rate-limits.ts';
import { closedToApiKeys, noStore, routeSecurity, signedInSchemas } from '../../lib/route-options.ts';
import { setRefreshCookie } from '../auth/refresh-cookie.ts';
import { recordFailedSignIn, recordSignIn } from '../audit/index.ts';
import { startSession } from '../auth/session.ts';
import { emailFromIdentifier } from '../auth/service.ts';
import {
  FLOW_COOKIE,
  FLOW_TTL_SECONDS,
  openFlowState,
  randomVerifier,
  s256,
  sealFlowState,
} from '../oauth/flow-state.ts';
import { authorizationUrl, discover, exchangeCode } from './oidc.ts';
import {
  claimDomain,
  getSsoSettings,
  joinThroughSso,
  providerForEmail,
  providerOf,
  releaseDomain,
  saveSsoSettings,
  verifyDomain,
  type SsoContext,
} from './service.ts';

const SIGN_IN_PATH = '/api/auth/sso';

function ssoContext(app: FastifyInstance): SsoContext {
  return {
    serverSecret: app.config.JWT_SECRET,
    allowLoopback: app.config.OUTBOUND_ALLOW_LOOPBACK,
    dnsServers: app.config.DNS_RESOLVER,
    redirectUri: `${app.config.APP_URL}${SIGN_IN_PATH}/callback`,
  };
}

/**
 * A workspace's single sign-on settings, its owner's alone and only on the Enterprise plan
 * (PLAN_REQUIRED otherwise); no API key reaches them, since they decide who may sign in.
 */
export const ssoSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const schema = signedInSchemas({ tag: 'sso', errors: [403, 404] });
  const context = ssoContext(app);
  app.addHook('onRequest', app.authenticate);
  closedToApiKeys(app);

  app.get(
    '/workspace/:id/sso',
    {
      schema: schema({
        operationId: 'getWorkspaceSso',
        summary:
          "The workspace's single sign-on: provider, domains with their TXT records, enforcement (owner and admins, Enterprise)",
        params: idParamsSchema,
        response: { 200: ssoSettingsSchema },
      }),
    },
    (request) => getSsoSettings(app.db, context, request.params.id, request.userId),
  );

  app.put(
    '/workspace/:id/sso',
    {
      schema: schema({
        operationId: 'saveWorkspaceSso',
        summary:
          "Save the workspace's OpenID Connect provider and whether its domains must use it (owner and admins, Enterprise)",
        description:
          "The issuer's discovery document is read first; 400 SSO_DISCOVERY_FAILED when it cannot be. " +
          'Leave `clientSecret` out to keep the saved one; it is never answered. ' +
          '409 SSO_DOMAIN_NOT_VERIFIED when `enforced` is asked for without a verified domain.',
        params: idParamsSchema,
        body: ssoSettingsBodySchema,
        bodyExample: {
          issuer: 'https://login.example.com',
          clientId: 'redacta',
          clientSecret: 'client-secret',
          enforced: false,
        },
        response: { 200: ssoSettingsSchema },
        errors: [409],
      }),
    },
    (request) =>
      saveSsoSettings(app.db, context, {
        workspaceId: request.params.id,
        userId: request.userId,
        body: request.body,
      }),
  );

  app.post(
    '/workspace/:id/sso/domains',
    {
      schema: schema({
        operationId: 'claimSsoDomain',
        summary:
          'Claim an e-mail domain; the answer holds the TXT record that proves it (owner and admins, Enterprise)',
        description: '409 SSO_DOMAIN_TAKEN when another workspace has verified the domain.',
        params: idParamsSchema,
        body: ssoDomainBodySchema,
        bodyExample: { domain: 'example.com' },
        response: { 201: ssoDomainSchema },
        errors: [409],
      }),
    },
    async (request, reply) => {
      const claimed = await claimDomain(app.db, {
        workspaceId: request.params.id,
        userId: request.userId,
        domain: request.body.domain,
      });
      return reply.status(201).send(claimed);
    },
  );

  app.post(
    '/workspace/:id/sso/domains/:domain/verify',
    {
      schema: schema({
        operationId: 'verifySsoDomain',
        summary:
          "Look up the domain's TXT record now and mark it verified when found (owner and admins, Enterprise)",
        description:
          '409 SSO_DOMAIN_NOT_VERIFIED when the record is not published (yet), SSO_DOMAIN_TAKEN when ' +
          'another workspace verified the domain first.',
        params: ssoDomainParamsSchema,
        response: { 200: ssoDomainSchema },
        errors: [409],
      }),
    },
    (request) =>
      verifyDomain(app.db, context, {
        workspaceId: request.params.id,
        userId: request.userId,
        domain: request.params.domain,
      }),
  );

  app.delete(
    '/workspace/:id/sso/domains/:domain',
    {
      schema: schema({
        operationId: 'releaseSsoDomain',
        summary:
          'Give a domain up; with no verified domain left, enforcement turns off (owner and admins, Enterprise)',
        params: ssoDomainParamsSchema,
        response: { 204: z.null().describe('Released') },
      }),
    },
    async (request, reply) => {
      await releaseDomain(app.db, {
        workspaceId: request.params.id,
        userId: request.userId,
        domain: request.params.domain,
      });
      return reply.status(204).send(null);
    },
  );
};

/**
 * Signing in through a workspace's provider: authorization code + PKCE S256 with the flow state the
 * Google and Facebook sign-in keep (modules/oauth/flow-state.ts), in its cookie scoped to these
 * routes. Like those, the callback starts a session and sends the browser to /callback; a failure
 * lands on /login with the error code.
 */
export const ssoSignInRoutes: FastifyPluginAsyncZod = async (app) => {
  const context = ssoContext(app);
  app.addHook('onRequest', noStore);

  app.get(
    '/start',
    {
      schema: {
        tags: ['auth'],
        operationId: 'startSsoSignIn',
        summary: "Start signing in through the provider of the workspace that verified the address's domain",
        description:
          'Redirects to the provider, or to /login?error=SSO_NOT_CONFIGURED when no workspace covers the domain.',
        security: routeSecurity.none,
        querystring: ssoStartQuerySchema,
        response: { 400: errorBodySchema, 429: errorBodySchema },
      },
      // Each start reads the provider's discovery document: bounded per IP address as signing in with a code is.
      preHandler: limits(app, [
        {
          name: 'sso-start-ip',
          max: app.config.RATE_LIMIT_LOGIN_ATTEMPTS_PER_15MIN,
          timeWindowMs: 15 * 60 * 1000,
          key: (request) => request.ip,
        },
      ]),
    },
    async (request, reply) => {
      const loginWithError = (code: string) => reply.redirect(`/login?error=${code}`, 302);
      let email: string;
      try {
        email = emailFromIdentifier(request.query.email);
      } catch {
        return loginWithError('SSO_NOT_CONFIGURED');
      }
      const found = await providerForEmail(app.db, context, email);
      if (!found) return loginWithError('SSO_NOT_CONFIGURED');
      const flow = {
        provider: 'sso' as const,
        workspaceId: found.workspaceId,
        state: randomVerifier(),
        verifier: randomVerifier(),
        nonce: randomVerifier(),
        locale: resolveLocale(request.query.locale),
      };
      let meta;
      try {
        meta = await discover(found.provider.issuer, context.allowLoopback);
      } catch (error) {
        request.log.warn({ err: error, workspaceId: found.workspaceId }, 'sso discovery failed');
        return loginWithError('OAUTH_FAILED');
      }
      reply.setCookie(FLOW_COOKIE, await sealFlowState(app.config.JWT_SECRET, flow), {
        path: SIGN_IN_PATH,
        httpOnly: true,
        sameSite: 'lax',
        secure: app.config.isProduction,
        maxAge: FLOW_TTL_SECONDS,
      });
      const url = authorizationUrl(meta, {
        clientId: found.provider.clientId,
        redirectUri: context.redirectUri,
        state: flow.state,
        nonce: flow.nonce,
        codeChallenge: s256(flow.verifier),
        loginHint: email,
      });
      return reply.redirect(url, 302);
    },
  );

  app.get(
    '/callback',
    {
      schema: {
        tags: ['auth'],
        operationId: 'finishSsoSignIn',
        summary: "The workspace provider's callback",
        security: routeSecurity.none,
        querystring: z.object({
          code: z.string().max(2048).optional(),
          state: z.string().max(512).optional(),
          error: z.string().max(256).optional(),
        }),
      },
    },
    async (request, reply) => {
      const loginWithError = (code: string) => reply.redirect(`/login?error=${code}`, 302);
      const flow = await openFlowState(app.config.JWT_SECRET, request.cookies[FLOW_COOKIE]);
      reply.clearCookie(FLOW_COOKIE, { path: SIGN_IN_PATH });
      if (request.query.error) return loginWithError('OAUTH_FAILED');
      if (
        !flow?.workspaceId ||
        flow.provider !== 'sso' ||
        !request.query.code ||
        request.query.state !== flow.state
      ) {
        request.log.warn('sso callback with a missing or mismatched state');
        return loginWithError('OAUTH_FAILED');
      }
      // The address the provider vouched for, once it has: a failure after that is recorded against it.
      let email: string | null = null;
      try {
        const provider = await providerOf(app.db, context, flow.workspaceId);
        const profile = await exchangeCode(provider, context.allowLoopback, {
          code: request.query.code,
          codeVerifier: flow.verifier,
          redirectUri: context.redirectUri,
          nonce: flow.nonce,
        });
        email = profile.email;
        const { userId } = await joinThroughSso(app.db, app.webhookEvents, {
          workspaceId: flow.workspaceId,
          profile,
          locale: flow.locale,
        });
        const { refreshCookie } = await startSession(app, userId);
        await recordSignIn(app.db, { userId, method: 'sso' });
        setRefreshCookie(reply, refreshCookie, app.config.isProduction);
        return reply.redirect('/callback', 302);
      } catch (error) {
        request.log.warn({ err: error, workspaceId: flow.workspaceId }, 'sso sign-in failed');
        const known =
          error instanceof AppError && ['SEATS_EXHAUSTED', 'SSO_NOT_CONFIGURED'].includes(error.code);
        const reason = known ? (error as AppError).code : 'OAUTH_FAILED';
        if (email) await recordFailedSignIn(app.db, { email, method: 'sso', reason });
        return loginWithError(reason);
      }
    },
  );
};
