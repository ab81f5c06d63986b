import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { memoryWindowCounters, redisWindowCounters } from '../../src/lib/window-counters.ts';

describe('window counters', () => {
  it('count within a window and start again once it ends (memory)', async () => {
    let now = 1_000;
    const counters = memoryWindowCounters(() => now);
    expect(await counters.increment('a', 60_000)).toEqual({ count: 1, resetInMs: 60_000 });
    now += 59_000;
    expect(await counters.increment('a', 60_000)).toEqual({ count: 2, resetInMs: 1_000 });
    expect((await counters.increment('b', 60_000)).count).toBe(1);
    now += 1_000;
    expect(await counters.increment('a', 60_000)).toEqual({ count: 1, resetInMs: 60_000 });
  });

  describe('in Redis', () => {
    const redis = new Redis('redis://127.0.0.1:6379');
    afterAll(() => redis.quit());

    it('share one count between clients and say when the window ends', async () => {
      const key = `test-${randomUUID()}`;
      const first = redisWindowCounters(redis, 'window-counters-test:');
      const second = redisWindowCounters(redis, 'window-counters-test:');
      expect((await first.increment(key, 5_000)).count).toBe(1);
      const again = await second.increment(key, 5_000);
      expect(again.count).toBe(2);
      expect(again.resetInMs).toBeGreaterThan(0);
      expect(again.resetInMs).toBeLessThanOrEqual(5_000);
      await new Promise((resolve) => setTimeout(resolve, 5_100));
      expect((await first.increment(key, 5_000)).count).toBe(1);
    });
  });
});
