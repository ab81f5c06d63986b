/**
 * What the stream benchmark's processes agree on: the shape of the scripted reply and how a child
 * process reports that it is ready (one JSON line on stdout).
 */

/**
 * Tokens per stream and their pace: 100 tokens at 100 tokens/s (docs/benchmarks.md). BENCH_TOKENS
 * changes the count for every process of a run (`request-cost.ts` streams one token), and
 * BENCH_TOKENS_PER_SECOND the pace (the bulk benchmark's model writes slower).
 */
export const TOKENS_PER_STREAM = Number(process.env.BENCH_TOKENS ?? 100);
export const TOKENS_PER_SECOND = Number(process.env.BENCH_TOKENS_PER_SECOND ?? 100);

/** The i-th token of every scripted reply: one word each, so words charged = tokens. */
export const token = (i: number) => ` w${i}`;
export const expectedText = Array.from({ length: TOKENS_PER_STREAM }, (_, i) => token(i)).join('');

export interface ReadyMessage {
  port: number;
  [key: string]: unknown;
}

/** Called by a child process once it listens: the parent reads this line. */
export function announceReady(message: ReadyMessage) {
  process.stdout.write(`${JSON.stringify({ ready: message })}\n`);
}
