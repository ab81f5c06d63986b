import { recordFigures } from '../check/figures.ts';
import { targets as benchmarkTargets } from '../check/targets.ts';
import { TOKENS_PER_STREAM } from './protocol.ts';
import type { StreamOutcome } from './load.ts';

export interface PathResult {
  streams: number;
  completeStreams: number;
  firstTokenMs: { p50: number | null; p99: number | null };
  /** Server process CPU per 1,000 tokens delivered; null for the direct path (no server). */
  cpuMsPer1000Tokens: number | null;
  /**
   * The same by thread: the event loop, PGlite's thread (0 on PostgreSQL and for the pass-through)
   * and the rest (V8's garbage-collection helpers, libuv's pool).
   */
  cpuMsPer1000TokensByThread: { eventLoop: number; database: number; other: number } | null;
}

/** A server's CPU over some rounds, split between its event loop, its database threads and the rest. */
export class ThreadSplit {
  eventLoop = 0;
  database = 0;
  other = 0;

  add(
    server: { process: { pid?: number } },
    before: Map<number, number>,
    after: Map<number, number>,
    databaseThreads: number[],
  ) {
    for (const [tid, ms] of after) {
      const used = ms - (before.get(tid) ?? 0);
      if (tid === server.process.pid) this.eventLoop += used;
      else if (databaseThreads.includes(tid)) this.database += used;
      else this.other += used;
    }
  }
}

/**
 * The targets at the highest concurrency (apps/server/bench/check/targets.ts): ours within these
 * multiples of the bare pass-through.
 */
export const targets = {
  cpuPerTokenRatio: benchmarkTargets.streamCpuPerToken.limit,
  firstTokenP50Ratio: benchmarkTargets.streamFirstTokenP50.limit,
  firstTokenP99Ratio: benchmarkTargets.streamFirstTokenP99.limit,
  concurrency: '200',
};

function percentile(sorted: number[], p: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const round = (value: number | null, digits = 1) => (value === null ? null : +value.toFixed(digits));

export function summarise(outcomes: StreamOutcome[], cpuMs: number | null, threads: ThreadSplit): PathResult {
  const firsts = outcomes
    .map((o) => o.firstTokenMs)
    .filter((ms): ms is number => ms !== null)
    .sort((a, b) => a - b);
  const tokens = outcomes.length * TOKENS_PER_STREAM;
  return {
    streams: outcomes.length,
    completeStreams: outcomes.filter((o) => o.complete).length,
    firstTokenMs: { p50: round(percentile(firsts, 50)), p99: round(percentile(firsts, 99)) },
    cpuMsPer1000Tokens: cpuMs === null ? null : round((cpuMs * 1000) / tokens, 2),
    cpuMsPer1000TokensByThread:
      cpuMs === null
        ? null
        : {
            eventLoop: round((threads.eventLoop * 1000) / tokens, 2)!,
            database: round((threads.database * 1000) / tokens, 2)!,
            other: round((threads.other * 1000) / tokens, 2)!,
          },
  };
}

const ratio = (ours: number | null, limit: number | null) =>
  ours === null || limit === null || limit === 0 ? null : round(ours / limit, 2);

type Ratios = { cpuPerToken: number | null; firstTokenP50: number | null; firstTokenP99: number | null };

/** Ratios ours/limit per level, and the verdict at the targets' concurrency. */
export function verdict(results: Record<string, Record<string, PathResult>>) {
  const ratios: Record<string, Ratios> = Object.fromEntries(
    Object.entries(results).map(([level, paths]) => [
      level,
      {
        cpuPerToken: ratio(paths.ours!.cpuMsPer1000Tokens, paths.limit!.cpuMsPer1000Tokens),
        firstTokenP50: ratio(paths.ours!.firstTokenMs.p50, paths.limit!.firstTokenMs.p50),
        firstTokenP99: ratio(paths.ours!.firstTokenMs.p99, paths.limit!.firstTokenMs.p99),
      },
    ]),
  );
  const incomplete = Object.values(results).reduce(
    (n, paths) => n + Object.values(paths).reduce((m, p) => m + p.streams - p.completeStreams, 0),
    0,
  );
  return { results, ratios, targets, incomplete, ...judge(ratios[targets.concurrency]!, incomplete) };
}

export type RunVerdict = ReturnType<typeof verdict>;

/** The verdict over several runs: each target judged by the median of the runs' ratios. */
export function verdictOfRuns(runs: RunVerdict[]) {
  const at = runs.map((run) => run.ratios[targets.concurrency]!);
  const incomplete = runs.reduce((n, run) => n + run.incomplete, 0);
  const medians = {
    cpuPerToken: median(at.map((ratios) => ratios.cpuPerToken)),
    firstTokenP50: median(at.map((ratios) => ratios.firstTokenP50)),
    firstTokenP99: median(at.map((ratios) => ratios.firstTokenP99)),
  };
  const each = (key: keyof Ratios) => at.map((ratios) => `${ratios[key]}×`).join(', ');
  const judged = judge(medians, incomplete, `ours/limit (median of ${runs.length} runs)`);
  return {
    runs,
    medians,
    targets,
    incomplete,
    met: judged.met,
    verdict:
      `${judged.verdict} (CPU per token by run: ${each('cpuPerToken')}; first-token p50: ` +
      `${each('firstTokenP50')}; p99: ${each('firstTokenP99')})`,
  };
}

function median(values: (number | null)[]): number | null {
  if (values.some((value) => value === null)) return null;
  const sorted = (values as number[]).toSorted((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return round(sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2, 2);
}

function judge(at: Ratios, incomplete: number, of = 'ours/limit') {
  const within = (value: number | null, limit: number) => value !== null && value <= limit;
  const met =
    within(at.cpuPerToken, targets.cpuPerTokenRatio) &&
    within(at.firstTokenP50, targets.firstTokenP50Ratio) &&
    within(at.firstTokenP99, targets.firstTokenP99Ratio) &&
    incomplete === 0;
  const verdict =
    `${met ? 'PASS' : 'MISS'}: at ${targets.concurrency} streams ${of} CPU per token ` +
    `${at.cpuPerToken}× (target ≤ ${targets.cpuPerTokenRatio}×), first-token p50 ${at.firstTokenP50}× ` +
    `(target ≤ ${targets.firstTokenP50Ratio}×), p99 ${at.firstTokenP99}× ` +
    `(target ≤ ${targets.firstTokenP99Ratio}×), ${incomplete === 0 ? 'every stream complete' : `${incomplete} streams incomplete`}`;
  return { met, verdict };
}

/** The figures `npm run bench:check` tabulates, from one run or the median of several. */
export function recordStreamFigures(
  ratios: Ratios,
  incomplete: number,
  runs: number,
  print: (line: string) => void,
): boolean {
  const note = runs > 1 ? `median of ${runs} runs` : 'one run';
  return recordFigures(
    [
      { target: 'streamCpuPerToken', value: ratios.cpuPerToken, note },
      { target: 'streamFirstTokenP50', value: ratios.firstTokenP50, note },
      { target: 'streamFirstTokenP99', value: ratios.firstTokenP99, note },
      { target: 'streamIncomplete', value: incomplete, note: `${runs} run${runs > 1 ? 's' : ''}` },
    ],
    print,
  );
}
