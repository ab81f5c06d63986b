import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.ts';
import { verifyAccessToken } from '../lib/access-token.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `app.authenticate`; routes behind it can rely on it. */
    userId: string;
  }
  interface FastifyInstance {
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
}

/** Bearer JWT → request.userId. Routes opt in with `onRequest: app.authenticate`. */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('userId', '');
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    const match = header?.match(/^Bearer\s+(.+)$/i);
    if (!match?.[1]) throw new AppError('UNAUTHENTICATED', 'Sign in to continue');
    const claims = await verifyAccessToken(app.config.JWT_SECRET, match[1]);
    request.userId = claims.userId;
  });
});
