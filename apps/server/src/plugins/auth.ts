import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, RateLimitedError } from '../lib/errors.ts';
import { verifyAccessToken } from '../lib/access-token.ts';
import { runAsKey } from '../lib/acting-key.ts';
import {
  memoryRevokedSessions,
  redisRevokedSessions,
  type RevokedSessions,
} from '../lib/revoked-sessions.ts';
import { isApiKey, resolveApiKey, type ApiKeyPrincipal } from '../modules/api-keys/service.ts';
import type { ApiKeyScope } from '@redacta/shared';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `app.authenticate`; routes behind it can rely on it. */
    userId: string;
    /** The signed-in session the request's token belongs to (set with `userId`); empty for an API key. */
    sessionId: string;
    /** The API key acting, when the request carries one instead of a session; `userId` is its creator. */
    apiKey: ApiKeyPrincipal | null;
  }
  interface FastifyInstance {
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** Sessions signed out lately: their access tokens are refused before they expire. */
    revokedSessions: RevokedSessions;
  }
  interface FastifyContextConfig {
    /**
     * The scope an API key needs for this route when its method's is not it (`read` for GET and
     * HEAD, `write` otherwise): `generate` for a route that calls the model, `read` for a POST that
     * changes nothing, `never` for one a key may not use at all (the account, sessions, billing, key
     * management).
     */
    apiKey?: ApiKeyScope | 'never';
  }
}

const RATE_WINDOW_MS = 60_000;

/** The scope an API key needs for a route: the route's declaration, else its method's. */
function scopeFor(request: FastifyRequest): ApiKeyScope | 'never' {
  const declared = request.routeOptions.config.apiKey;
  if (declared) return declared;
  return request.method === 'GET' || request.method === 'HEAD' ? 'read' : 'write';
}

/**
 * Bearer JWT → request.userId, unless its session was signed out. Routes opt in with
 * `onRequest: app.authenticate`. With REDIS_URL a logout on one instance reaches every instance.
 *
 * A bearer `rdk_…` API key is the other principal: the request acts as the key's creator, with
 * their current role, so every rule the routes apply to people applies to it unchanged. On top, the
 * route must be open to keys and within the key's scopes (else 403), the key's requests are counted
 * per minute (`RateLimit-*` headers on every answer, 429 past the limit), and the handler runs
 * confined to the key's workspace (any other is 404).
 */
export const authPlugin = fp(async (app: FastifyInstance) => {
  const revoked = app.config.REDIS_URL
    ? await redisRevokedSessions(app.config.REDIS_URL, app.log)
    : memoryRevokedSessions();
  app.addHook('onClose', () => revoked.close());
  app.decorate('revokedSessions', revoked);
  app.decorateRequest('userId', '');
  app.decorateRequest('sessionId', '');
  app.decorateRequest('apiKey', null);
  const keyRequestsPerMinute = app.config.RATE_LIMIT_API_KEY_REQUESTS_PER_MINUTE;

  async function authenticateKey(request: FastifyRequest, reply: FastifyReply, presented: string) {
    const key = await resolveApiKey(app.db, presented);
    if (!key) throw new AppError('UNAUTHENTICATED', 'This API key is not valid, or no longer');
    const { count, resetInMs } = await app.windowCounters.increment(`api-key:${key.id}`, RATE_WINDOW_MS);
    const resetInSeconds = Math.ceil(resetInMs / 1000);
    reply.header('ratelimit-limit', String(keyRequestsPerMinute));
    reply.header('ratelimit-remaining', String(Math.max(0, keyRequestsPerMinute - count)));
    reply.header('ratelimit-reset', String(resetInSeconds));
    if (count > keyRequestsPerMinute) {
      throw new RateLimitedError(
        `This API key made ${keyRequestsPerMinute} requests this minute; try again in ${resetInSeconds} seconds`,
        resetInSeconds,
      );
    }
    const scope = scopeFor(request);
    if (scope === 'never') throw new AppError('FORBIDDEN', 'API keys cannot use this route');
    if (!key.scopes.includes(scope)) {
      throw new AppError('FORBIDDEN', `This API key does not have the ${scope} scope`);
    }
    request.userId = key.userId;
    request.apiKey = key;
  }

  app.decorate('authenticate', async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers.authorization;
    const match = header?.match(/^Bearer\s+(.+)$/i);
    if (!match?.[1]) throw new AppError('UNAUTHENTICATED', 'Sign in to continue');
    if (isApiKey(match[1])) return authenticateKey(request, reply, match[1]);
    const claims = await verifyAccessToken(app.config.JWT_SECRET, match[1]);
    if (revoked.has(claims.sessionId))
      throw new AppError('UNAUTHENTICATED', 'Your session has ended; sign in again');
    request.userId = claims.userId;
    request.sessionId = claims.sessionId;
  });

  // Last before the handler (the body is parsed by then), so the handler and all it awaits run inside.
  app.addHook('preHandler', (request, _reply, done) => {
    if (request.apiKey) {
      const { id, name, workspaceId } = request.apiKey;
      runAsKey({ id, name, workspaceId }, done);
    } else done();
  });
});
