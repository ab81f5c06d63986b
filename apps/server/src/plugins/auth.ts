import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.ts';
import { verifyAccessToken } from '../lib/access-token.ts';
import {
  memoryRevokedSessions,
  redisRevokedSessions,
  type RevokedSessions,
} from '../lib/revoked-sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `app.authenticate`; routes behind it can rely on it. */
    userId: string;
    /** The signed-in session the request's token belongs to (set with `userId`). */
    sessionId: string;
  }
  interface FastifyInstance {
    authenticate: (request: FastifyRequest) => Promise<void>;
    /** Sessions signed out lately: their access tokens are refused before they expire. */
    revokedSessions: RevokedSessions;
  }
}

/**
 * Bearer JWT → request.userId, unless its session was signed out. Routes opt in with
 * `onRequest: app.authenticate`. With REDIS_URL a logout on one instance reaches every instance.
 */
export const authPlugin = fp(async (app: FastifyInstance) => {
  const revoked = app.config.REDIS_URL
    ? await redisRevokedSessions(app.config.REDIS_URL, app.log)
    : memoryRevokedSessions();
  app.addHook('onClose', () => revoked.close());
  app.decorate('revokedSessions', revoked);
  app.decorateRequest('userId', '');
  app.decorateRequest('sessionId', '');
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    const match = header?.match(/^Bearer\s+(.+)$/i);
    if (!match?.[1]) throw new AppError('UNAUTHENTICATED', 'Sign in to continue');
    const claims = await verifyAccessToken(app.config.JWT_SECRET, match[1]);
    if (revoked.has(claims.sessionId))
      throw new AppError('UNAUTHENTICATED', 'Your session has ended; sign in again');
    request.userId = claims.userId;
    request.sessionId = claims.sessionId;
  });
});
