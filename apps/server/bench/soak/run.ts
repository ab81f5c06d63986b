/**
 * `npm run bench:soak -- --minutes N` (a benchmark, not a test; method and figures in
 * docs/benchmarks.md): mixed traffic against one production-like instance (../capacity/instance.ts) for
 * N minutes — --users virtual users signing in by e-mail code, opening lists, chatting through the
 * local model peer (a 40-word reply at 40 words/s) and saving documents (traffic.ts).
 *
 * Every minute: requests and errors, p50/p99 per route family, the server's RSS (the median of samples
 * every 5 s, so one garbage collection does not make the figure) and its heap (the lowest of those
 * samples: what the collections leave, the memory kept, not the garbage of the moment, which at a few
 * minutes' scale swings by half). At the end, over the
 * minutes after --warmup: p50/p99 per family, and the growth of RSS and heap from the first minute after
 * warm-up to the last, and the errors (client side, or an error line in the server's log), against their
 * targets (../check/targets.ts: soakRssGrowth, soakHeapGrowth, soakErrors); exits non-zero on a miss.
 * The goal is flat over 30 minutes; a shorter run says so in its figures' notes.
 * Flags: --minutes (5), --warmup (1), --users (8), --database pglite|postgres. BENCH_BRIEF=1: the brief
 * soak, 4 minutes of which 2 are warm-up (growth from minute 3 to 4), unless the flags say otherwise.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { startChild } from '../stream/processes.ts';
import { databaseFromArgs, loadAverage, numberArg, startInstance } from '../capacity/instance.ts';
import { seedProWorkspaces, type SeededUser } from '../capacity/seed.ts';
import { brief } from '../check/brief.ts';
import { recordFigures } from '../check/figures.ts';
import { families, runVirtualUser, type Family } from './traffic.ts';

const minutes = numberArg('minutes', brief ? 4 : 5);
const warmupMinutes = numberArg('warmup', brief ? 2 : 1);
const userCount = numberArg('users', 8);
const database = databaseFromArgs();
const GOAL_MINUTES = 30;
const SAMPLE_MS = 5000;
const MiB = 1024 ** 2;

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;
const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
const lowest = (values: number[]) => (values.length ? Math.min(...values) : NaN);

interface Minute {
  minute: number;
  latencies: Map<Family, number[]>;
  errors: number;
  rss: number[];
  heap: number[];
}

const newMinute = (minute: number): Minute => ({
  minute,
  latencies: new Map(families.map((family) => [family, []])),
  errors: 0,
  rss: [],
  heap: [],
});

function familyFigures(latencies: Map<Family, number[]>) {
  return Object.fromEntries(
    [...latencies].map(([family, values]) => {
      const sorted = [...values].sort((a, b) => a - b);
      return [
        family,
        {
          n: sorted.length,
          p50: +percentile(sorted, 50).toFixed(1),
          p99: +percentile(sorted, 99).toFixed(1),
        },
      ];
    }),
  );
}

async function main() {
  console.log(
    `soak: ${database}, ${userCount} users, ${minutes} min (warm-up ${warmupMinutes} min); load average ${loadAverage()}`,
  );
  const peer = await startChild('../capacity/model-peer.ts', { PEER_TOKENS: '40', PEER_DELAY_MS: '25' });
  const instance = await startInstance<SeededUser[]>({
    database,
    modelUrl: peer.ready.url as string,
    seed: (db) =>
      seedProWorkspaces(db, {
        users: userCount,
        projectsEach: 40,
        foldersEach: 10,
        promptsEach: 30,
        prefix: 'soak',
      }),
  });
  const minuteRows: Minute[] = [];
  const errorDetails: string[] = [];
  let current = newMinute(1);
  const started = Date.now();
  const endsAt = started + minutes * 60_000;
  try {
    const recorder = {
      record: (family: Family, ms: number) => current.latencies.get(family)!.push(ms),
      error: (family: Family, detail: string) => {
        current.errors += 1;
        if (errorDetails.length < 20) errorDetails.push(`${family}: ${detail}`);
      },
    };
    const users = Array.from({ length: userCount }, (_, i) =>
      runVirtualUser(instance, i, () => Date.now() >= endsAt, recorder),
    );

    const sampler = (async () => {
      while (Date.now() < endsAt) {
        await sleep(SAMPLE_MS);
        const metrics = await instance.metrics();
        current.rss.push(instance.rssBytes());
        current.heap.push(metrics.get('nodejs_heap_size_used_bytes') ?? 0);
        if (Date.now() - started >= current.minute * 60_000) {
          const done = current;
          minuteRows.push(done);
          current = newMinute(done.minute + 1);
          const figures = familyFigures(done.latencies);
          const requests = Object.values(figures).reduce((n, f) => n + f.n, 0);
          console.log(
            `minute ${done.minute}${done.minute <= warmupMinutes ? ' (warm-up)' : ''}: ${requests} requests, ${done.errors} errors, ` +
              `RSS ${(median(done.rss) / MiB).toFixed(1)} MiB, heap ${(lowest(done.heap) / MiB).toFixed(1)} MiB, load ${loadAverage()}\n  ` +
              Object.entries(figures)
                .map(([family, f]) => `${family} ${f.p50}/${f.p99} ms`)
                .join(', '),
          );
        }
      }
    })();
    await Promise.all([...users, sampler]);
    if (current.rss.length && !minuteRows.includes(current)) minuteRows.push(current);

    const measured = minuteRows.filter((row) => row.minute > warmupMinutes);
    const overall = new Map<Family, number[]>(families.map((family) => [family, []]));
    for (const row of measured)
      for (const [family, values] of row.latencies) overall.get(family)!.push(...values);
    const first = measured[0];
    const last = measured.at(-1);
    const growth = (figure: (row: Minute) => number) =>
      first && last && first !== last ? (figure(last) - figure(first)) / figure(first) : null;
    const rssGrowth = growth((row) => median(row.rss));
    const heapGrowth = growth((row) => lowest(row.heap));
    const errors = minuteRows.reduce((n, row) => n + row.errors, 0);
    const report = {
      setup: { database, users: userCount, minutes, warmupMinutes, node: process.version },
      perMinute: minuteRows.map((row) => ({
        minute: row.minute,
        warmUp: row.minute <= warmupMinutes,
        errors: row.errors,
        rssMiB: +(median(row.rss) / MiB).toFixed(1),
        heapUsedMiB: +(lowest(row.heap) / MiB).toFixed(1),
        families: familyFigures(row.latencies),
      })),
      afterWarmUp: familyFigures(overall),
      growthAfterWarmUp: {
        rssPercent: rssGrowth === null ? null : +(rssGrowth * 100).toFixed(1),
        heapPercent: heapGrowth === null ? null : +(heapGrowth * 100).toFixed(1),
      },
      errors,
      serverErrorLines: instance.errorLines.length,
      errorDetails,
      firstServerErrors: instance.errorLines.slice(0, 5),
      loadAverageAtEnd: loadAverage(),
    };
    console.log(JSON.stringify(report, null, 2));
    const requests = minuteRows.reduce(
      (n, row) => n + [...row.latencies.values()].reduce((m, values) => m + values.length, 0),
      0,
    );
    const span =
      `${brief ? 'the brief soak: ' : ''}${minutes} min, ${warmupMinutes} of warm-up` +
      (minutes < GOAL_MINUTES ? ` (the goal is ${GOAL_MINUTES})` : '') +
      `, minute ${first?.minute ?? '-'} to ${last?.minute ?? '-'}, ${userCount} users, ${database}`;
    const met = recordFigures([
      { target: 'soakRssGrowth', value: report.growthAfterWarmUp.rssPercent, note: span },
      { target: 'soakHeapGrowth', value: report.growthAfterWarmUp.heapPercent, note: span },
      {
        target: 'soakErrors',
        value: errors + instance.errorLines.length,
        note: `${errors} client errors and ${instance.errorLines.length} server error lines in ${requests} requests`,
      },
    ]);
    if (!met) process.exitCode = 1;
  } finally {
    await instance.stop();
    await peer.stop();
  }
}

await main();
