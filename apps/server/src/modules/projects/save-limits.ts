import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import { limits } from '../../lib/rate-limits.ts';
import { Turns } from '../../lib/turns.ts';

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
 * A save whose body is at least this big is a big save: turning it into the live document and
 * storing it keeps the server's event loop and the database busy for a noticeable time (around a
 * tenth of a second of each for a document near its 1 MB limit on a quiet machine).
 */
export const BIG_DOCUMENT_SAVE_BYTES = 256 * 1024;
/**
 * Big saves an instance handles at the same time, whoever sends them: the others wait their turn
 * before their body is read. Then another user's request waits for at most the one big save under
 * way, not for every one sent at once (on PGlite every query takes its turn in one database thread).
 */
export const BIG_DOCUMENT_SAVES_AT_ONCE = 1;
/** Big saves that may wait for their turn on an instance; more are refused at once with 429. */
export const BIG_DOCUMENT_SAVES_WAITING = 16;

const tooManyAtOnce = () =>
  new AppError('RATE_LIMITED', 'Your previous saves are still under way; try again in a moment', 429);

/** A body of unknown length (chunked) may be as big as any: it takes its turn too. */
const isBig = (request: FastifyRequest) => {
  const length = Number(request.headers['content-length']);
  return !Number.isFinite(length) || length >= BIG_DOCUMENT_SAVE_BYTES;
};

/**
 * An onRequest hook for the save route: every limit is checked before the body is read, so a refused
 * save costs neither its parse nor its validation. Over the per-user limits, or with the line of big
 * saves full: 429 RATE_LIMITED. A big save waits here for its turn among the instance's big saves.
 */
export function documentSaveLimits(
  app: FastifyInstance,
  bigSaves = new Turns(BIG_DOCUMENT_SAVES_AT_ONCE, BIG_DOCUMENT_SAVES_WAITING),
) {
  const perMinute = limits(app, [
    { name: 'document-save', max: DOCUMENT_SAVES_PER_MINUTE, timeWindowMs: 60_000, key: (r) => r.userId },
  ]);
  const running = new Map<string, number>();
  return async (request: FastifyRequest, reply: FastifyReply) => {
    await perMinute(request);
    const { userId } = request;
    const count = running.get(userId) ?? 0;
    if (count >= DOCUMENT_SAVES_AT_ONCE) throw tooManyAtOnce();
    running.set(userId, count + 1);
    // 'close' comes once the answer is sent or the connection is gone, whichever way the save ended.
    const closed = new Promise<void>((resolve) => reply.raw.once('close', resolve));
    void closed.then(() => {
      const left = (running.get(userId) ?? 1) - 1;
      if (left > 0) running.set(userId, left);
      else running.delete(userId);
    });
    if (!isBig(request)) return;
    const release = await bigSaves.take(closed);
    if (!release) throw tooManyAtOnce();
    void closed.then(release);
  };
}
