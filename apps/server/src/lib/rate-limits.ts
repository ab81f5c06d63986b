import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

export interface LimitRule {
  /** Distinguishes this limit's counters from every other limit's. */
  name: string;
  max: number;
  timeWindowMs: number;
  /** What is counted: an IP, an e-mail… `null` skips the rule for this request. */
  key: (request: FastifyRequest) => string | null;
}

/**
 * A preHandler enforcing several limits at once (per e-mail *and* per IP), counted in the
 * rate-limit plugin's store, so with REDIS_URL every instance shares the counters. The plugin's
 * own per-route hook runs only one limit per request, hence this.
 */
export function limits(app: FastifyInstance, rules: LimitRule[]) {
  const checks = rules.map((rule) => ({
    rule,
    check: app.createRateLimit({
      max: rule.max,
      timeWindow: rule.timeWindowMs,
      keyGenerator: (request) => `${rule.name}:${rule.key(request) ?? ''}`,
    }),
  }));
  return async (request: FastifyRequest) => {
    for (const { rule, check } of checks) {
      if (rule.key(request) === null) continue;
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) {
        request.log.warn({ limit: rule.name }, 'rate limit exceeded');
        throw new AppError('RATE_LIMITED', `Too many attempts; try again in ${result.ttlInSeconds} s`, 429);
      }
    }
  };
}
