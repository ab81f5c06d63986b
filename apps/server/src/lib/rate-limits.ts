import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { RateLimitedError } from './errors.ts';

export interface LimitRule {
  /** Distinguishes this limit's counters from every other limit's. */
  name: string;
  max: number;
  timeWindowMs: number;
  /** What is counted: an IP, an e-mail… `null` skips the rule for this request. */
  key: (request: FastifyRequest) => string | null;
}

/** A limit on something the caller names (an address, a user), counted wherever it is spent. */
export interface KeyedLimitRule {
  name: string;
  max: number;
  timeWindowMs: number;
  /** The start of the refusal, before "; try again in …". */
  refusal: string;
}

/** "in 45 seconds", "in 58 minutes": when a counter's window ends, in words a person can act on. */
function tryAgainIn(ttlInSeconds: number): string {
  return ttlInSeconds < 120 ? `${ttlInSeconds} seconds` : `${Math.ceil(ttlInSeconds / 60)} minutes`;
}

type CheckResult = { isAllowed: true } | { isAllowed: false; isExceeded: boolean; ttlInSeconds: number };

function refuseIfExceeded(result: CheckResult, name: string, refusal: string, log: FastifyBaseLogger) {
  if (result.isAllowed || !result.isExceeded) return;
  log.warn({ limit: name }, 'rate limit exceeded');
  throw new RateLimitedError(
    `${refusal}; try again in ${tryAgainIn(result.ttlInSeconds)}`,
    result.ttlInSeconds,
  );
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
      refuseIfExceeded(await check(request), rule.name, 'Too many attempts', request.log);
    }
  };
}

/**
 * Counts one use of `key` and throws RATE_LIMITED (429, saying when to try again) past the limit.
 * Counted in `app.windowCounters` (with REDIS_URL, shared by every instance); for limits spent inside
 * a service, where the thing counted is known only after the rules that come first.
 */
export function keyedLimit(app: FastifyInstance, rule: KeyedLimitRule): (key: string) => Promise<void> {
  return async (key) => {
    const { count, resetInMs } = await app.windowCounters.increment(`${rule.name}:${key}`, rule.timeWindowMs);
    const result: CheckResult =
      count <= rule.max
        ? { isAllowed: true }
        : { isAllowed: false, isExceeded: true, ttlInSeconds: Math.ceil(resetInMs / 1000) };
    refuseIfExceeded(result, rule.name, rule.refusal, app.log);
  };
}
