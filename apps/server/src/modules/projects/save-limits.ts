import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import { limits } from '../../lib/rate-limits.ts';

/**
 * Document saves one user may send a minute, counted in the rate-limit store (shared by every
 * instance with REDIS_URL). The editor saves after a pause in typing and one request at a time, far
 * below this.
 */
export const DOCUMENT_SAVES_PER_MINUTE = 120;
/**
 * Saves of one user an instance handles at the same time (the editor sends one, plus a last one as the
 * page closes). A big save holds the database for a while; more at once would queue everybody else's
 * requests behind them.
 */
export const DOCUMENT_SAVES_AT_ONCE = 2;

/**
 * An onRequest hook for the save route: both limits are checked before the body is read, so a refused
 * save costs neither its parse nor its validation. Over either: 429 RATE_LIMITED.
 */
export function documentSaveLimits(app: FastifyInstance) {
  const perMinute = limits(app, [
    { name: 'document-save', max: DOCUMENT_SAVES_PER_MINUTE, timeWindowMs: 60_000, key: (r) => r.userId },
  ]);
  const running = new Map<string, number>();
  return async (request: FastifyRequest, reply: FastifyReply) => {
    await perMinute(request);
    const { userId } = request;
    const count = running.get(userId) ?? 0;
    if (count >= DOCUMENT_SAVES_AT_ONCE) {
      throw new AppError(
        'RATE_LIMITED',
        'Your previous saves are still under way; try again in a moment',
        429,
      );
    }
    running.set(userId, count + 1);
    // 'close' comes once the answer is sent or the connection is gone, whichever way the save ended.
    reply.raw.once('close', () => {
      const left = (running.get(userId) ?? 1) - 1;
      if (left > 0) running.set(userId, left);
      else running.delete(userId);
    });
  };
}
