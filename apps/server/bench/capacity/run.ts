/**
 * `npm run bench:capacity` (a benchmark, not a test; method and figures in docs/benchmarks.md): how many
 * chat streams one instance holds open against a slow model (1 token/s), and the memory each costs.
 *
 * One instance as production runs it (instance.ts) with --users signed-in users, each a Pro workspace
 * with its projects; a model peer in its own process answering every request with one word a second for
 * longer than the run. The client opens streams at --rate per second, one project each, round robin
 * over the users, and at every --step open streams (and at --target) stops and holds for --hold seconds,
 * checking every second that each stream is alive (its last text part less than ALIVE_WINDOW_MS old,
 * none ended) and reading the server's RSS, heap and own count of open streams. It ramps on past the
 * target until a level is not held, --max streams are open, or --minutes have passed, then closes
 * every stream and waits for the server to save them all.
 *
 * Targets (../check/targets.ts: capacityRss, capacityDropped): at --target (2,000) streams, RSS within
 * the limit and every stream alive. Also reported: the most streams held alive (and within the RSS
 * limit), and the memory per open stream: RSS at the target over the streams, the slope of RSS and heap
 * over the held levels, and a bound on the live heap.
 * Flags: --database pglite|postgres, --target (2000), --max (6000), --step (250), --rate (50), --hold
 * (15), --users (--max ÷ 10, at least 100), --minutes (20), --server-node-options (NODE_OPTIONS for the server alone).
 * BENCH_BRIEF=1: up to the target only, every 500 streams, holding 5 s, with as many users as the
 * per-user stream cap needs for the target, and 10 s for the server to save after the close, unless
 * the flags say otherwise.
 * Exits 1 when a target is missed. Needs a file-descriptor limit above 2 × --max (the npm script
 * raises it to 65,536, or to the hard limit when it may not).
 */
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { brief } from '../check/brief.ts';
import { recordFigures } from '../check/figures.ts';
import { targets } from '../check/targets.ts';
import { STREAM_CAPS } from '../../src/modules/usage/reservations.ts';
import { startChild } from '../stream/processes.ts';
import { databaseFromArgs, loadAverage, numberArg, startInstance, type Instance } from './instance.ts';
import { seedProWorkspaces, type SeededUser } from './seed.ts';
import { openChatStream, type ChatStream } from './streams.ts';

const target = numberArg('target', 2000);
const max = numberArg('max', brief ? target : 6000);
const step = numberArg('step', brief ? 500 : 250);
const ratePerSecond = numberArg('rate', 50);
const holdSeconds = numberArg('hold', brief ? 5 : 15);
/** A Pro user may stream only this many replies at once (seed.ts puts every user on Pro). */
const STREAMS_PER_USER = STREAM_CAPS.pro_monthly!.user;
// Enough users that the most streams the run opens stay within each one's cap.
const userCount = numberArg('users', Math.max(100, Math.ceil(max / STREAMS_PER_USER)));
const minutes = numberArg('minutes', 20);
const database = databaseFromArgs();
/** `--server-node-options '--max-old-space-size=512'`: NODE_OPTIONS for the server process only. */
const serverNodeOptions = (() => {
  const index = process.argv.indexOf('--server-node-options');
  return index >= 0 ? process.argv[index + 1]! : '';
})();

const ALIVE_WINDOW_MS = 5000;
/**
 * How long the server gets to save every reply once the client has closed its streams. A reply goes
 * on after its client leaves, so the brief run does not wait for them.
 */
const CLOSE_WAIT_MS = brief ? 10_000 : 120_000;
const MiB = 1024 ** 2;
const RSS_LIMIT = targets.capacityRss.limit * MiB;
/** Past this the ramp stops whatever else holds: the machine is shared. */
const RSS_SAFETY_CAP = 3 * 1024 ** 3;

interface Checkpoint {
  open: number;
  held: boolean;
  /** Fewest streams alive in any second of the hold. */
  aliveMin: number;
  ended: number;
  /** Streams with no text part yet (their first token still to come). */
  noTextYet: number;
  /** Replies whose first token the server has seen (its first-token histogram's count). */
  serverFirstTokens: number;
  /** Oldest last text part at any second of the hold, ms. */
  worstTextAgeMs: number;
  serverOpen: number;
  rssMiB: number;
  heapUsedMiB: number;
  eventLoopLagP99Ms: number;
  serverCpuPercent: number;
  loadAverage: string;
  /** Connections the kernel dropped from a full accept queue during the level, machine-wide. */
  listenOverflows: number;
  endedReasons: Record<string, number>;
}

function endedReasons(streams: ChatStream[]): Record<string, number> {
  const reasons: Record<string, number> = {};
  for (const s of streams)
    if (s.ended) reasons[s.ended.slice(0, 80)] = (reasons[s.ended.slice(0, 80)] ?? 0) + 1;
  return reasons;
}

function aliveCount(
  streams: ChatStream[],
  now: number,
): { alive: number; ended: number; worstAgeMs: number } {
  let alive = 0;
  let ended = 0;
  let worstAgeMs = 0;
  for (const s of streams) {
    if (s.ended) {
      ended += 1;
      continue;
    }
    const age = now - (s.lastTextAt ?? s.openedAt);
    worstAgeMs = Math.max(worstAgeMs, age);
    if (s.lastTextAt !== null && age <= ALIVE_WINDOW_MS) alive += 1;
  }
  return { alive, ended, worstAgeMs };
}

/** The kernel's count of connections dropped because a listener's accept queue was full. */
function listenOverflows(): number {
  const lines = readFileSync('/proc/net/netstat', 'utf8').split('\n');
  for (let i = 0; i + 1 < lines.length; i += 2) {
    const names = lines[i]!.split(' ');
    const column = names.indexOf('ListenOverflows');
    if (column >= 0) return Number(lines[i + 1]!.split(' ')[column]);
  }
  return 0;
}

/** Least-squares slope of y over x. */
function slope(points: { x: number; y: number }[]): number {
  const n = points.length;
  const mx = points.reduce((sum, p) => sum + p.x, 0) / n;
  const my = points.reduce((sum, p) => sum + p.y, 0) / n;
  const num = points.reduce((sum, p) => sum + (p.x - mx) * (p.y - my), 0);
  const den = points.reduce((sum, p) => sum + (p.x - mx) ** 2, 0);
  return den === 0 ? 0 : num / den;
}

async function memory(instance: Instance<unknown>) {
  const metrics = await instance.metrics().catch((error: unknown) => {
    throw new Error(
      `could not read the server's metrics (${String(error)}); ${instance.exited() ?? 'it is running'}`,
    );
  });
  return {
    firstTokens: metrics.get('redacta_model_first_token_seconds_count') ?? 0,
    rss: instance.rssBytes(),
    heapUsed: metrics.get('nodejs_heap_size_used_bytes') ?? 0,
    serverOpen: metrics.get('redacta_chat_streams_open') ?? 0,
    lagP99Ms: (metrics.get('nodejs_eventloop_lag_p99_seconds') ?? 0) * 1000,
  };
}

async function main() {
  const started = Date.now();
  const deadline = started + minutes * 60_000;
  const levels = [
    ...new Set([...Array.from({ length: Math.floor(max / step) }, (_, i) => (i + 1) * step), target]),
  ]
    .filter((level) => level <= max)
    .sort((a, b) => a - b);
  console.log(
    `capacity: ${database}, ${userCount} users, levels ${levels.join(', ')}, ${ratePerSecond} streams/s, hold ${holdSeconds} s, at most ${minutes} min; load average ${loadAverage()}`,
  );
  if (userCount * STREAMS_PER_USER < max)
    console.log(
      `note: ${userCount} users of at most ${STREAMS_PER_USER} streams each: the server refuses streams past ${userCount * STREAMS_PER_USER} (429)`,
    );

  const peer = await startChild('../capacity/model-peer.ts', {
    PEER_TOKENS: String(Math.ceil(minutes * 60 + 600)),
    PEER_DELAY_MS: '1000',
  });
  const projectsEach = Math.ceil(max / userCount);
  const instance = await startInstance<SeededUser[]>({
    database,
    modelUrl: peer.ready.url as string,
    env: serverNodeOptions ? { NODE_OPTIONS: serverNodeOptions } : {},
    seed: (db) => seedProWorkspaces(db, { users: userCount, projectsEach, prefix: 'capacity' }),
  });
  const streams: ChatStream[] = [];
  try {
    const tokens: string[] = [];
    for (let i = 0; i < instance.seeded.length; i += 10) {
      const batch = instance.seeded.slice(i, i + 10);
      tokens.push(
        ...(await Promise.all(batch.map(async (user) => (await instance.signIn(user.email)).accessToken))),
      );
    }
    await sleep(2000);
    const baseline = await memory(instance);
    console.log(
      `signed in ${tokens.length} users; baseline RSS ${(baseline.rss / MiB).toFixed(0)} MiB, heap ${(baseline.heapUsed / MiB).toFixed(0)} MiB`,
    );

    const open = (index: number) => {
      const user = instance.seeded[index % userCount]!;
      return openChatStream(
        {
          url: instance.url,
          accessToken: tokens[index % userCount]!,
          workspaceId: user.workspaceId,
          projectId: user.projectIds[Math.floor(index / userCount)]!,
        },
        'Escribe un anuncio largo',
      );
    };

    const checkpoints: Checkpoint[] = [];
    let stopReason = `reached --max ${max}`;
    for (const level of levels) {
      if (Date.now() > deadline) {
        stopReason = `time bound of ${minutes} min`;
        break;
      }
      const overflowsBefore = listenOverflows();
      const rampStarted = Date.now();
      const rampFrom = streams.length;
      while (streams.length < level) {
        const elapsedSeconds = (Date.now() - rampStarted) / 1000;
        const due = Math.min(level, rampFrom + Math.floor(elapsedSeconds * ratePerSecond) + 1);
        const before = streams.length;
        while (streams.length < Math.max(due, before + 1) && streams.length < level)
          streams.push(open(streams.length));
        await sleep(50);
      }
      // Every new stream gets its first word within a second or so; give slow starts up to 30 s.
      for (let waited = 0; waited < 30_000; waited += 500) {
        if (streams.every((s) => s.ended || s.lastTextAt !== null)) break;
        await sleep(500);
      }
      const cpuBefore = instance.cpuMs();
      const holdStarted = Date.now();
      let aliveMin = Number.POSITIVE_INFINITY;
      let endedMax = 0;
      let worstAge = 0;
      for (let second = 0; second < holdSeconds; second += 1) {
        await sleep(1000);
        const seen = aliveCount(streams, Date.now());
        aliveMin = Math.min(aliveMin, seen.alive);
        endedMax = Math.max(endedMax, seen.ended);
        worstAge = Math.max(worstAge, seen.worstAgeMs);
      }
      const cpuPercent = ((instance.cpuMs() - cpuBefore) / (Date.now() - holdStarted)) * 100;
      const mem = await memory(instance);
      const checkpoint: Checkpoint = {
        open: level,
        held: aliveMin === level && endedMax === 0,
        aliveMin,
        ended: endedMax,
        noTextYet: streams.filter((s) => !s.ended && s.lastTextAt === null).length,
        serverFirstTokens: mem.firstTokens,
        worstTextAgeMs: worstAge,
        serverOpen: mem.serverOpen,
        rssMiB: +(mem.rss / MiB).toFixed(1),
        heapUsedMiB: +(mem.heapUsed / MiB).toFixed(1),
        eventLoopLagP99Ms: +mem.lagP99Ms.toFixed(1),
        serverCpuPercent: +cpuPercent.toFixed(0),
        loadAverage: loadAverage(),
        listenOverflows: listenOverflows() - overflowsBefore,
        endedReasons: endedReasons(streams),
      };
      checkpoints.push(checkpoint);
      console.log(
        `${String(level).padStart(5)} open: ${checkpoint.held ? 'held' : 'NOT held'} (alive ≥ ${aliveMin}, ended ${endedMax}, ` +
          `no text yet ${checkpoint.noTextYet}, oldest text ${worstAge} ms), server saw ${mem.firstTokens} first tokens, ` +
          `server counts ${mem.serverOpen}, RSS ${checkpoint.rssMiB} MiB, heap ${checkpoint.heapUsedMiB} MiB, ` +
          `loop lag p99 ${checkpoint.eventLoopLagP99Ms} ms, server CPU ${checkpoint.serverCpuPercent} %, ` +
          `accept-queue drops ${checkpoint.listenOverflows}, load ${checkpoint.loadAverage}`,
      );
      if (instance.exited()) {
        stopReason = `the server exited: ${instance.exited()}`;
        break;
      }
      if (!checkpoint.held) {
        stopReason = `${level} streams not held`;
        break;
      }
      if (mem.rss > RSS_SAFETY_CAP) {
        stopReason = `RSS above the ${RSS_SAFETY_CAP / MiB} MiB safety cap`;
        break;
      }
    }

    // Close every stream as a leaving client would; the server saves each partial reply and charges it.
    const closing = Date.now();
    for (const s of streams) s.close();
    let serverOpen = streams.length;
    while (serverOpen > 0 && Date.now() - closing < CLOSE_WAIT_MS) {
      await sleep(1000);
      if (instance.exited()) break;
      serverOpen = (await memory(instance)).serverOpen;
    }
    const afterClose = instance.exited() ? null : await memory(instance);

    const held = checkpoints.filter((c) => c.held);
    const atTarget = checkpoints.find((c) => c.open === target);
    const points = held.map((c) => ({ x: c.open, rss: c.rssMiB * MiB, heap: c.heapUsedMiB * MiB }));
    const perStream =
      points.length >= 2
        ? {
            rssKiB: +(slope(points.map((p) => ({ x: p.x, y: p.rss }))) / 1024).toFixed(1),
            heapKiB: +(slope(points.map((p) => ({ x: p.x, y: p.heap }))) / 1024).toFixed(1),
          }
        : null;
    const report = {
      setup: {
        database,
        serverNodeOptions,
        users: userCount,
        rate: ratePerSecond,
        holdSeconds,
        aliveWindowMs: ALIVE_WINDOW_MS,
        node: process.version,
        minutes: +((Date.now() - started) / 60_000).toFixed(1),
      },
      baseline: {
        rssMiB: +(baseline.rss / MiB).toFixed(1),
        heapUsedMiB: +(baseline.heapUsed / MiB).toFixed(1),
      },
      checkpoints,
      mostHeld: held.at(-1)?.open ?? 0,
      mostHeldWithinRssLimit: held.filter((c) => c.rssMiB * MiB <= RSS_LIMIT).at(-1)?.open ?? 0,
      stopReason,
      perOpenStream: perStream,
      /** (RSS at the target − RSS before the first stream) / target: one-off costs (JIT, buffers) included. */
      /**
       * Heap in use includes garbage not yet collected; the lowest (heap − heap before the first
       * stream) / open streams over the held levels from 1,000 on bounds the live heap per stream.
       */
      liveHeapKiBPerStreamAtMost: held.filter((c) => c.open >= 1000).length
        ? +Math.min(
            ...held
              .filter((c) => c.open >= 1000)
              .map((c) => (c.heapUsedMiB * MiB - baseline.heapUsed) / c.open / 1024),
          ).toFixed(1)
        : null,
      rssKiBPerStreamAtTarget: atTarget
        ? +((atTarget.rssMiB * MiB - baseline.rss) / target / 1024).toFixed(1)
        : null,
      afterClose: {
        secondsUntilServerSavedAll: Math.round((Date.now() - closing) / 1000),
        serverStillOpen: serverOpen,
        rssMiB: afterClose && +(afterClose.rss / MiB).toFixed(1),
      },
      serverErrorLines: instance.errorLines.length,
      firstServerErrors: instance.errorLines.slice(0, 5),
    };
    console.log(JSON.stringify(report, null, 2));
    console.log(
      `most held ${report.mostHeld} (${stopReason}), ${report.mostHeldWithinRssLimit} within ${RSS_LIMIT / MiB} MiB; per open stream ` +
        `${report.rssKiBPerStreamAtTarget ?? 'n/a'} KiB RSS at ${target} (slope ${perStream?.rssKiB ?? 'n/a'}), ` +
        `live heap ≤ ${report.liveHeapKiBPerStreamAtMost ?? 'n/a'} KiB; load ${loadAverage()}`,
    );
    const how =
      `${brief ? 'brief: ' : ''}levels every ${step} up to ${max}, ${holdSeconds} s holds, ` +
      `${ratePerSecond} streams/s, ${userCount} users, ${database}`;
    const notReached = `${target} not reached: ${stopReason}`;
    const met = recordFigures([
      { target: 'capacityRss', value: atTarget?.rssMiB ?? null, note: atTarget ? how : notReached },
      {
        target: 'capacityDropped',
        value: atTarget ? atTarget.open - atTarget.aliveMin : null,
        note: atTarget
          ? `fewest alive in a second of the ${holdSeconds} s hold; ${atTarget.ended} ended`
          : notReached,
      },
    ]);
    if (!met) process.exitCode = 1;
  } finally {
    for (const s of streams) s.close();
    await instance.stop();
    await peer.stop();
  }
}

await main();
