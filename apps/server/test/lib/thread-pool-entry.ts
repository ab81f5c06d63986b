/**
 * The entry the thread-pool test runs: a stand-in for a parser that answers, fails, runs for ever or
 * runs its heap out as the task says, and tells which thread answered.
 */
import { threadId } from 'node:worker_threads';

export type PoolTestTask = 'answer' | 'fail' | 'spin' | 'grow';

export default function answer(task: PoolTestTask): { threadId: number } {
  if (task === 'fail') throw new Error('this parser failed');
  if (task === 'spin') for (;;);
  if (task === 'grow') {
    const held: number[][] = [];
    for (;;) held.push(Array.from({ length: 100_000 }, (_, index) => index));
  }
  return { threadId };
}
