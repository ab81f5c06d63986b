import type { ServerMemory } from './protocol.ts';

/** The targets (docs/benchmarks.md), checked at the level with this many editors. */
export const targets = { editors: 200, latencyP99Ms: 100, bytesPerDocument: 200 * 1024 };

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

export function verdict(levels: LevelResult[]) {
  const at = levels.find((level) => level.editors === targets.editors)!;
  const bytes = Math.max(at.bytesPerDocument.opened, at.bytesPerDocument.afterTyping);
  const p99Ok = at.latencyMs.p99 !== null && at.latencyMs.p99 <= targets.latencyP99Ms;
  const memoryOk = bytes <= targets.bytesPerDocument;
  const missing = levels.reduce((n, level) => n + level.missingDeliveries, 0);
  const closes = levels.reduce((n, level) => n + level.unexpectedCloses, 0);
  const met = p99Ok && memoryOk && missing === 0 && closes === 0;
  const line =
    `${met ? 'PASS' : 'MISS'}: at ${at.editors} editors on ${at.documents} documents, editor-to-editor ` +
    `p99 ${at.latencyMs.p99} ms (target ≤ ${targets.latencyP99Ms}), ${(bytes / 1024).toFixed(1)} KB per open ` +
    `document (target ≤ ${targets.bytesPerDocument / 1024}), ` +
    `${missing === 0 ? 'every keystroke delivered' : `${missing} keystrokes not delivered`}, ` +
    `${closes === 0 ? 'no connection lost' : `${closes} connections closed by the server`}`;
  return { met, verdict: line };
}
