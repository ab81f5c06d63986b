import type { Redis } from 'ioredis';

/** One more use counted in a fixed window: how many so far, and when the window ends. */
export interface WindowCount {
  count: number;
  resetInMs: number;
}

/** Counters that restart every window; with Redis, every instance shares them. */
export interface WindowCounters {
  increment(key: string, windowMs: number): Promise<WindowCount>;
}

/** Above this many counters in memory, expired ones are dropped before another is added. */
const MEMORY_SWEEP_AT = 10_000;

export function memoryWindowCounters(now: () => number = Date.now): WindowCounters {
  const counters = new Map<string, { count: number; resetAt: number }>();
  const sweep = (at: number) => {
    for (const [key, counter] of counters) if (counter.resetAt <= at) counters.delete(key);
  };
  return {
    async increment(key, windowMs) {
      const at = now();
      let counter = counters.get(key);
      if (!counter || counter.resetAt <= at) {
        if (counters.size >= MEMORY_SWEEP_AT) sweep(at);
        counter = { count: 0, resetAt: at + windowMs };
        counters.set(key, counter);
      }
      counter.count += 1;
      return { count: counter.count, resetInMs: counter.resetAt - at };
    },
  };
}

/** The count and its window's end in one round trip; the first use of a key starts its window. */
const INCREMENT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {count, redis.call('PTTL', KEYS[1])}`;

export function redisWindowCounters(redis: Redis, prefix: string): WindowCounters {
  return {
    async increment(key, windowMs) {
      const [count, ttl] = (await redis.eval(INCREMENT_SCRIPT, 1, `${prefix}${key}`, windowMs)) as [
        number,
        number,
      ];
      return { count, resetInMs: ttl > 0 ? ttl : windowMs };
    },
  };
}
