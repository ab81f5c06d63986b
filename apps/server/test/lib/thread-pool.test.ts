import { setTimeout as sleep } from 'node:timers/promises';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { ThreadPool, type ThreadStop } from '../../src/lib/thread-pool.ts';
import type { PoolTestTask } from './thread-pool-entry.ts';

let pool: ThreadPool<PoolTestTask, { threadId: number }>;
afterEach(() => pool.destroy());

function makePool(idleMs?: number) {
  pool = new ThreadPool({
    entry: new URL('./thread-pool-entry.ts', import.meta.url),
    parent: import.meta.url,
    limits: { maxOldGenerationSizeMb: 32, maxYoungGenerationSizeMb: 4, stackSizeMb: 4 },
    size: 2,
    log: pino({ level: 'silent' }),
    ...(idleMs === undefined ? {} : { idleMs }),
  });
  return pool;
}

const stopped = (stop: ThreadStop) => new Error(`stopped: ${stop}`);

describe('a pool of bounded threads', () => {
  it('answers task after task from the same thread, and starts none before the first', async () => {
    makePool();
    expect(pool.threadIds).toEqual([]);
    const first = await pool.run('answer', 10_000, stopped);
    expect(pool.threadIds).toEqual([first.threadId]);
    for (let i = 0; i < 3; i += 1) expect(await pool.run('answer', 10_000, stopped)).toEqual(first);
    expect(pool.threadIds).toEqual([first.threadId]);
  });

  it('rejects with the error of a task that fails, and the thread goes on answering', async () => {
    makePool();
    const { threadId } = await pool.run('answer', 10_000, stopped);
    await expect(pool.run('fail', 10_000, stopped)).rejects.toThrow('this parser failed');
    expect(await pool.run('answer', 10_000, stopped)).toEqual({ threadId });
  });

  it('stops a thread past its time, answers with onStop, and the next task runs in a new thread', async () => {
    makePool();
    const { threadId } = await pool.run('answer', 10_000, stopped);
    await expect(pool.run('spin', 300, stopped)).rejects.toThrow('stopped: timeout');
    expect(pool.threadIds).not.toContain(threadId);
    const next = await pool.run('answer', 10_000, stopped);
    expect(next.threadId).not.toBe(threadId);
  });

  it('loses a thread past its memory, answers with onStop, and the next task runs in a new thread', async () => {
    makePool();
    const { threadId } = await pool.run('answer', 10_000, stopped);
    await expect(pool.run('grow', 30_000, stopped)).rejects.toThrow('stopped: memory');
    expect(pool.threadIds).not.toContain(threadId);
    const next = await pool.run('answer', 10_000, stopped);
    expect(next.threadId).not.toBe(threadId);
  });

  it('ends a thread left idle, and starts another for the next task', async () => {
    makePool(200);
    const { threadId } = await pool.run('answer', 10_000, stopped);
    const until = Date.now() + 10_000;
    while (pool.threadIds.length > 0 && Date.now() < until) await sleep(50);
    expect(pool.threadIds).toEqual([]);
    expect((await pool.run('answer', 10_000, stopped)).threadId).not.toBe(threadId);
  });

  it('ends its threads when destroyed, a task under way included', async () => {
    makePool();
    await pool.run('answer', 10_000, stopped);
    const spinning = pool.run('spin', 60_000, stopped).catch((error: unknown) => error);
    await sleep(100);
    await pool.destroy();
    expect(await spinning).toEqual(new Error('Terminating worker thread'));
    expect(pool.threadIds).toEqual([]);
  });
});
