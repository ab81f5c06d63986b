/**
 * `node --import tsx apps/server/bench/stream/request-cost.ts` (not a test, not part of
 * `bench:stream`): what one chat request costs apart from its tokens. The model streams a single
 * token (BENCH_TOKENS=1 for every process), so each server's CPU per request is its per-request work:
 * receiving the request, everything before the model call, the call's set-up, one token, the end.
 * CLIENTS clients (20) open REQUESTS streams (1,500) on our chat route and on the bare pass-through,
 * in turns: two rounds each to warm up, then ROUNDS measured rounds (3); the figures are the median
 * round's CPU milliseconds per request, by thread for ours (event loop, PGlite's thread, the rest).
 * Against `bench:stream`'s CPU per 1,000 tokens (ten 100-token streams), this tells the part of the
 * difference that is per request from the part that is per token (docs/benchmarks.md).
 */
import { serverNodeFlags } from '../../../../scripts/lib/server-memory.mjs';
import type { ChatReady } from './load.ts';

// Set before the modules that read it are loaded (a type import loads nothing).
process.env.BENCH_TOKENS = '1';
const { chatStream, passThroughStream, runLoad } = await import('./load.ts');
const { startChild } = await import('./processes.ts');
const { ThreadSplit } = await import('./report.ts');

const REQUESTS = Number(process.env.REQUESTS ?? 1500);
const CLIENTS = Number(process.env.CLIENTS ?? 20);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const WARM_UP_ROUNDS = 2;
// Every client opens as many streams; a round is that many times the clients.
const STREAMS_EACH = Math.ceil(REQUESTS / CLIENTS);
const PER_ROUND = CLIENTS * STREAMS_EACH;
// Accounts enough that no user or workspace reaches its plan's stream cap.
const ACCOUNTS = 1000;

const provider = await startChild('./mock-provider.ts');
const upstream = `http://127.0.0.1:${provider.ready.port}/v1`;
const limit = await startChild('./passthrough-server.ts', { UPSTREAM_URL: upstream });
const ours = await startChild<ChatReady & { [key: string]: unknown }>(
  './app-server.ts',
  {
    UPSTREAM_URL: upstream,
    BENCH_PROJECTS: String(PER_ROUND * (WARM_UP_ROUNDS + ROUNDS)),
    BENCH_ACCOUNTS: String(ACCOUNTS),
  },
  undefined,
  serverNodeFlags,
);

try {
  const paths = [
    {
      name: 'limit',
      open: passThroughStream(`http://127.0.0.1:${limit.ready.port}`),
      server: limit,
      database: [],
    },
    {
      name: 'ours',
      open: chatStream(`http://127.0.0.1:${ours.ready.port}`, ours.ready.accounts, ours.ready.projectIds),
      server: ours,
      database: ours.ready.databaseThreads,
    },
  ];
  const measured = new Map(paths.map((path) => [path.name, [] as InstanceType<typeof ThreadSplit>[]]));
  let nextIndex = 0;
  for (let round = 0; round < WARM_UP_ROUNDS + ROUNDS; round += 1) {
    for (const path of paths) {
      const split = new ThreadSplit();
      const before = path.server.threadCpuMs();
      // The pass-through ignores the index; ours writes stream i in project i, new in every round.
      const outcomes = await runLoad(path.open, CLIENTS, STREAMS_EACH, path.name === 'ours' ? nextIndex : 0);
      split.add(path.server, before, path.server.threadCpuMs(), path.database);
      const whole = outcomes.filter((outcome) => outcome.complete).length;
      if (whole !== outcomes.length)
        throw new Error(`${path.name}: ${outcomes.length - whole} streams not whole`);
      if (round >= WARM_UP_ROUNDS) measured.get(path.name)!.push(split);
    }
    nextIndex += PER_ROUND;
  }
  console.log(
    `CPU ms per request (one token each), ${CLIENTS} clients, median of ${ROUNDS} rounds of ${PER_ROUND}`,
  );
  const total = ({ eventLoop, database, other }: InstanceType<typeof ThreadSplit>) =>
    eventLoop + database + other;
  const perRequest = (ms: number) => (ms / PER_ROUND).toFixed(2);
  for (const [name, rounds] of measured) {
    const median = [...rounds].sort((a, b) => total(a) - total(b))[Math.floor(rounds.length / 2)]!;
    console.log(
      `${name.padEnd(6)} ${perRequest(total(median))} (event loop ${perRequest(median.eventLoop)}, ` +
        `database thread ${perRequest(median.database)}, the rest ${perRequest(median.other)})`,
    );
  }
} finally {
  await Promise.all([ours.stop(), limit.stop(), provider.stop()]);
}
