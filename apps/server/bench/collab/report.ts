import type { Figure } from '../check/targets.ts';
import type { LoadReading } from './load-meter.ts';
import type { ServerMemory } from './protocol.ts';

/** The targets (../check/targets.ts: collabP99, collabMemory) are judged at the level with this many editors. */
export const TARGET_EDITORS = 200;

/**
 * A run is disturbed, and its latency no verdict, when other work than the benchmark's took more than
 * this share of the machine's cores in the seconds before it or during a level's measured window (half
 * a core on two cores). Quiet runs on record had load averages of 2 or less on two cores, with the
 * server near one core and the clients near another: others taking half a core more delay both.
 */
export const OTHERS_SHARE_MAX = 0.25;
/**
 * ... or when the benchmark's own clients' event-loop delay p99 was above this during a measured
 * window: a keystroke is timed when a client's loop gets to it, so half the latency target spent
 * waiting there would be the clients' latency, not the server's. Quiet runs had 20–37 ms.
 */
export const CLIENT_LOOP_DELAY_MAX_MS = 50;

export interface LevelResult {
  editors: number;
  documents: number;
  keystrokes: number;
  deliveries: number;
  /** Keystrokes an editor of the same document never received (should be 0). */
  missingDeliveries: number;
  latencyMs: { p50: number | null; p99: number | null; max: number | null };
  /** Server CPU per 1,000 keystrokes (document update, caret move and their fan-out), all delivered. */
  serverCpuMsPer1000Updates: number | null;
  /**
   * The server's CPU time over the same span, in cores (1 = one core busy throughout): below what a
   * quiet machine offers it, the server kept up and any latency beyond is the machine's.
   */
  serverCoreShare: number | null;
  /**
   * Retained memory (heap without compiled code, plus external, after full GCs until it holds still)
   * per open document, with its editors.
   */
  bytesPerDocument: { opened: number; afterTyping: number; afterStores: number };
  rssBytesPerDocument: number;
  /** The benchmark's clients' event-loop delay p99 while measuring: their share of latency. */
  clientLoopDelayP99Ms: number;
  /** The clients' CPU over the measured window, in cores: near 1, their one event loop is saturated. */
  clientCoreShare: number;
  /** The machine over the measured window: others' share of its cores, and the benchmark's own. */
  machine: LoadReading;
  unexpectedCloses: number;
  loadAverage: { before: number[]; after: number[] };
}

export interface RunResult {
  run: number;
  /** The machine over a few idle seconds before the run's first level. */
  before: LoadReading & { loadAverage: number[] };
  levels: LevelResult[];
  /** Why the run's latency is no verdict; empty when it is one. */
  disturbed: string[];
}

export function percentile(sorted: number[], p: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export const round = (value: number | null, digits = 1) => (value === null ? null : +value.toFixed(digits));

export const retained = (memory: ServerMemory) => memory.heapUsed - memory.code + memory.external;

export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = values.toSorted((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const share = (value: number) => `${Math.round(value * 100)} %`;

/** Why a run's figures are no verdict (OTHERS_SHARE_MAX, CLIENT_LOOP_DELAY_MAX_MS), if they are not. */
export function disturbances(before: LoadReading, levels: LevelResult[]): string[] {
  const reasons: string[] = [];
  if (before.othersShare > OTHERS_SHARE_MAX)
    reasons.push(`others used ${share(before.othersShare)} of the cores before the run`);
  for (const level of levels) {
    if (level.machine.othersShare > OTHERS_SHARE_MAX)
      reasons.push(
        `others used ${share(level.machine.othersShare)} of the cores at ${level.editors} editors`,
      );
    if (level.clientLoopDelayP99Ms > CLIENT_LOOP_DELAY_MAX_MS)
      reasons.push(
        `the clients' loop delay p99 was ${level.clientLoopDelayP99Ms} ms at ${level.editors} editors`,
      );
  }
  return reasons;
}

const range = (values: number[]) =>
  values.length === 0 ? 'none' : `${Math.min(...values)}–${Math.max(...values)}`;
const percents = (shares: number[]) => `${range(shares.map((value) => Math.round(value * 100)))} %`;

/**
 * The figures judged against the targets, over every run: the latency p99 and the memory per open
 * document at TARGET_EDITORS on the median of the undisturbed runs when they are more than half of
 * the runs (DISTURBED otherwise, with the median of all); keystrokes not delivered over every level of
 * every run (DISTURBED when only disturbed runs missed some). Connections the server closed are no
 * target's figure but fail the run.
 */
export function collabFigures(runs: RunResult[], measureMs: number, database: string) {
  const at = (run: RunResult) => run.levels.find((level) => level.editors === TARGET_EDITORS);
  const judged = runs.filter((run) => at(run));
  const quiet = judged.filter((run) => run.disturbed.length === 0);
  const p99s = (list: RunResult[]) => list.map((run) => at(run)!.latencyMs.p99 ?? Infinity);
  const trusted = quiet.length > judged.length / 2;
  const p99 = median(p99s(trusted ? quiet : judged));
  const closes = runs.reduce(
    (n, run) => n + run.levels.reduce((m, level) => m + level.unexpectedCloses, 0),
    0,
  );
  const missingIn = (list: RunResult[]) =>
    list.reduce((n, run) => n + run.levels.reduce((m, level) => m + level.missingDeliveries, 0), 0);
  const missing = missingIn(runs);
  const othersDuring = judged.map((run) => Math.max(...run.levels.map((level) => level.machine.othersShare)));
  const clientDelays = judged.map((run) => at(run)!.clientLoopDelayP99Ms);
  const documents = judged.length ? at(judged[0]!)!.documents : 0;
  const kilobytes = (list: RunResult[]) =>
    list.map((run) => {
      const { opened, afterTyping } = at(run)!.bytesPerDocument;
      return Math.round(Math.max(opened, afterTyping) / 1024);
    });
  const how = `${measureMs / 1000} s measured, ${database}`;
  const runsJudged = trusted
    ? `median of ${quiet.length} undisturbed runs of ${judged.length}`
    : `median of ${judged.length} runs, ${quiet.length} undisturbed`;
  const figures: Figure[] = [
    {
      target: 'collabP99',
      value: round(p99),
      disturbed: judged.length > 0 && !trusted,
      note:
        `${runsJudged} (each ${p99s(judged).join(', ')} ms; ${how}); others' CPU before ` +
        `${percents(judged.map((run) => run.before.othersShare))}, during ${percents(othersDuring)} of the ` +
        `cores; clients' loop delay p99 ${range(clientDelays)} ms`,
    },
    {
      // Memory right after typing holds the stores still under way, and more of them on a starved
      // machine (socket buffers too): judged like the latency.
      target: 'collabMemory',
      value: median(kilobytes(trusted ? quiet : judged)),
      disturbed: judged.length > 0 && !trusted,
      note: `${runsJudged} (each ${kilobytes(judged).join(', ')} KB), ${documents} documents, after full GCs, settled`,
    },
    {
      target: 'collabLost',
      value: missing,
      // Keystrokes late by more than the settling time on a starved machine are the machine's.
      disturbed: missing > 0 && missingIn(runs.filter((run) => run.disturbed.length === 0)) === 0,
      note: `every level of ${runs.length} runs; ${closes === 0 ? 'no connection lost' : `${closes} connections closed by the server`}`,
    },
  ];
  return { figures, closes };
}
