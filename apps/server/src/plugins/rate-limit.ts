import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { memoryWindowCounters, redisWindowCounters, type WindowCounters } from '../lib/window-counters.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Counters for limits spent inside services (`keyedLimit`), in the same place as the routes' limits. */
    windowCounters: WindowCounters;
  }
}

/**
 * Rate limits are opt-in per route (`config.rateLimit`). With REDIS_URL the counters live in Redis
 * so several instances share them; otherwise in memory. The limits services count themselves
 * (`keyedLimit`) use `windowCounters`, kept in the same place.
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance) => {
  const redis = app.config.REDIS_URL
    ? new Redis(app.config.REDIS_URL, { connectTimeout: 500, maxRetriesPerRequest: 1, lazyConnect: false })
    : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  app.decorate(
    'windowCounters',
    redis ? redisWindowCounters(redis, 'redacta-keyed-') : memoryWindowCounters(),
  );
  await app.register(rateLimit, {
    global: false,
    redis,
    nameSpace: 'redacta-rl-',
    skipOnError: false,
  });
});
