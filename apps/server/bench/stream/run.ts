/**
 * `npm run bench:stream` (not a test; targets and results in docs/benchmarks.md): against one local
 * OpenAI-protocol model server in its own process, compares three paths at 1, 50 and 200 concurrent
 * streams of TOKENS_PER_STREAM tokens at TOKENS_PER_SECOND:
 *
 *   ours    POST /api/chat/send-request-stream through the real app (auth, PGlite, word reservation,
 *           saving), on the free plan
 *   limit   a bare node:http server that parses the model's SSE and writes the text (pass-through)
 *   direct  the client reading the model server itself
 *
 * For each: first-token latency p50/p99 as the client saw it, streams completed whole, and the server
 * process's CPU milliseconds per 1,000 tokens from /proc/<pid>/stat; then ours/limit ratios, JSON on
 * stdout and a one-line verdict against the targets. Exits non-zero when a target is missed.
 *
 * BENCH_RUNS=n (7 unless set) measures n times over, each run with processes and a database of its own,
 * and judges each target by the median of the runs' ratios: the ratio of two p99s moves more from one
 * run to the next than a change worth making moves it (docs/benchmarks.md). BENCH_LEVELS=200 measures
 * only the level the targets are judged at (what `npm run bench:check` runs).
 */
import {
  chatStream,
  directStream,
  passThroughStream,
  runLoad,
  type ChatReady,
  type OpenStream,
  type StreamOutcome,
} from './load.ts';
import { serverNodeFlags } from '../../../../scripts/lib/server-memory.mjs';
import { startChild, type Child } from './processes.ts';
import { TOKENS_PER_SECOND, TOKENS_PER_STREAM } from './protocol.ts';
import {
  summarise,
  ThreadSplit,
  recordStreamFigures,
  targets,
  verdict,
  verdictOfRuns,
  type PathResult,
  type RunVerdict,
} from './report.ts';

/**
 * Each level runs `concurrency` clients opening `streamsEach` streams back to back, `rounds` times; the
 * paths take turns within a round, so drift on the machine falls on all of them, and a level's figures
 * pool its rounds (five rounds of 200 streams: a p99 of 1,000 first tokens, not the 2nd-slowest of 200).
 * Before its rounds, each level runs one unmeasured warm-up round of at least its concurrency: the
 * first wave at a new concurrency opens that many keep-alive connections to each server and from each
 * server upstream, a one-off cost that dominated the 200-stream p99 of both servers (~1 s vs ~0.15 s).
 */
const allLevels = [
  { concurrency: 1, streamsEach: 10, rounds: 1 },
  { concurrency: 50, streamsEach: 2, rounds: 1 },
  { concurrency: 200, streamsEach: 1, rounds: 5 },
];
const chosenLevels = process.env.BENCH_LEVELS?.split(',').map(Number);
const levels = chosenLevels
  ? allLevels.filter((level) => chosenLevels.includes(level.concurrency))
  : allLevels;
if (!levels.some((level) => String(level.concurrency) === targets.concurrency))
  throw new Error(`BENCH_LEVELS must include ${targets.concurrency}, the level the targets are judged at`);
const WARM_UP_STREAMS = 20;
const warmUpStreams = (level: { concurrency: number }) => Math.max(level.concurrency, WARM_UP_STREAMS);

/**
 * Between two paths' rounds the machine is left alone this long: the last path's replies are being
 * saved and its connections closed, work that would otherwise land on the next path's first tokens.
 */
const QUIET_PAUSE_MS = 1_000;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
if (!Number.isInteger(RUNS) || RUNS < 1)
  throw new Error('BENCH_RUNS must be a whole number of runs, 1 or more');

/** One run of every level, from starting the processes to stopping them. */
async function measure(): Promise<RunVerdict> {
  const children: Child[] = [];
  try {
    const provider = await startChild('./mock-provider.ts');
    children.push(provider);
    const upstream = `http://127.0.0.1:${provider.ready.port}/v1`;
    const limit = await startChild('./passthrough-server.ts', { UPSTREAM_URL: upstream });
    children.push(limit);
    const streamsNeeded = levels.reduce(
      (n, l) => n + warmUpStreams(l) + l.concurrency * l.streamsEach * l.rounds,
      0,
    );
    const ours = await startChild<ChatReady & { [key: string]: unknown }>(
      './app-server.ts',
      {
        UPSTREAM_URL: upstream,
        BENCH_PROJECTS: String(streamsNeeded),
        // One account per concurrent stream: no user or workspace goes past its plan's stream cap.
        BENCH_ACCOUNTS: String(Math.max(...levels.map((level) => level.concurrency))),
      },
      undefined,
      serverNodeFlags,
    );
    children.push(ours);

    const paths: { name: 'ours' | 'limit' | 'direct'; open: OpenStream; server: Child | null }[] = [
      {
        name: 'direct',
        open: directStream(upstream),
        server: null,
      },
      { name: 'limit', open: passThroughStream(`http://127.0.0.1:${limit.ready.port}`), server: limit },
      {
        name: 'ours',
        open: chatStream(`http://127.0.0.1:${ours.ready.port}`, ours.ready.accounts, ours.ready.projectIds),
        server: ours,
      },
    ];

    const databaseThreads = (path: (typeof paths)[number]) =>
      path.name === 'ours' ? ours.ready.databaseThreads : [];
    let nextIndex = 0;
    const results: Record<string, Record<string, PathResult>> = {};
    for (const level of levels) {
      // Warm-up (JIT, connections at this concurrency, the database's caches): not measured.
      for (const path of paths) await runLoad(path.open, warmUpStreams(level), 1, nextIndex);
      nextIndex += warmUpStreams(level);
      const pooled = new Map(
        paths.map((path) => [
          path,
          { outcomes: [] as StreamOutcome[], cpuMs: 0, threads: new ThreadSplit() },
        ]),
      );
      for (let round = 0; round < level.rounds; round += 1) {
        // The paths take turns in a rotating order, so that none always runs right after another.
        const order = paths.map((_, i) => paths[(i + round) % paths.length]!);
        for (const path of order) {
          await pause(QUIET_PAUSE_MS);
          const cpuBefore = path.server?.cpuMs() ?? 0;
          const threadsBefore = path.server?.threadCpuMs();
          const outcomes = await runLoad(path.open, level.concurrency, level.streamsEach, nextIndex);
          const pool = pooled.get(path)!;
          pool.outcomes.push(...outcomes);
          pool.cpuMs += (path.server?.cpuMs() ?? 0) - cpuBefore;
          if (path.server && threadsBefore) {
            pool.threads.add(path.server, threadsBefore, path.server.threadCpuMs(), databaseThreads(path));
          }
        }
        nextIndex += level.concurrency * level.streamsEach;
      }
      const byPath: Record<string, PathResult> = {};
      for (const [path, pool] of pooled) {
        byPath[path.name] = summarise(pool.outcomes, path.server ? pool.cpuMs : null, pool.threads);
      }
      results[String(level.concurrency)] = byPath;
    }

    return verdict(results);
  } finally {
    await Promise.all(children.map((child) => child.stop()));
  }
}

async function main() {
  const runs: RunVerdict[] = [];
  for (let run = 1; run <= RUNS; run += 1) {
    runs.push(await measure());
    if (RUNS > 1) console.error(`run ${run} of ${RUNS}: ${runs.at(-1)!.verdict}`);
  }
  const report = {
    setup: {
      tokensPerStream: TOKENS_PER_STREAM,
      tokensPerSecond: TOKENS_PER_SECOND,
      levels,
      node: process.version,
    },
    ...(RUNS === 1 ? runs[0]! : verdictOfRuns(runs)),
  };
  console.log(JSON.stringify(report, null, 2));
  console.log(report.verdict);
  const ratios = RUNS === 1 ? runs[0]!.ratios[targets.concurrency]! : verdictOfRuns(runs).medians;
  const incomplete = runs.reduce((n, run) => n + run.incomplete, 0);
  if (!recordStreamFigures(ratios, incomplete, RUNS, console.log)) process.exitCode = 1;
}

await main();
