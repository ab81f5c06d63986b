import type { Figure } from '../check/targets.ts';
import type { ServerMemory } from './protocol.ts';

/** The targets (../check/targets.ts: collabP99, collabMemory) are judged at the level with this many editors. */
export const TARGET_EDITORS = 200;

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
  /** Retained memory (heap without compiled code, plus external, after a full GC) per open document, with its editors. */
  bytesPerDocument: { opened: number; afterTyping: number; afterStores: number };
  rssBytesPerDocument: number;
  /** The benchmark process's own event-loop delay p99 while measuring: its clients' share of latency. */
  clientLoopDelayP99Ms: number;
  unexpectedCloses: number;
  loadAverage: { before: number[]; after: number[] };
}

export function percentile(sorted: number[], p: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export const round = (value: number | null, digits = 1) => (value === null ? null : +value.toFixed(digits));

export const retained = (memory: ServerMemory) => memory.heapUsed - memory.code + memory.external;

/**
 * The figures judged against the targets: latency and memory at TARGET_EDITORS, keystrokes not
 * delivered over every level. Connections the server closed are no target's figure but fail the run.
 */
export function collabFigures(levels: LevelResult[], measureMs: number, database: string) {
  const at = levels.find((level) => level.editors === TARGET_EDITORS)!;
  const bytes = Math.max(at.bytesPerDocument.opened, at.bytesPerDocument.afterTyping);
  const missing = levels.reduce((n, level) => n + level.missingDeliveries, 0);
  const closes = levels.reduce((n, level) => n + level.unexpectedCloses, 0);
  const how = `one run, ${measureMs / 1000} s measured, ${database}`;
  const figures: Figure[] = [
    { target: 'collabP99', value: at.latencyMs.p99, note: `${how}; p50 ${at.latencyMs.p50} ms` },
    {
      target: 'collabMemory',
      value: round(bytes / 1024),
      note: `${at.documents} documents, after a full GC`,
    },
    {
      target: 'collabLost',
      value: missing,
      note: `every level; ${closes === 0 ? 'no connection lost' : `${closes} connections closed by the server`}`,
    },
  ];
  return { figures, closes };
}
