/**
 * What the bulk benchmark reads from its two processes' output, and how it sets one against the other:
 * the server's time for each row (its `batch row written` log line, from the row's delivery to its
 * saved commit) and the model server's time for each call (its `call` line, marked with the row's
 * `bench-row-<index>`). A row's queue overhead is the server's time minus the provider's for it.
 */

/** The row worker's phases, in order: each ends where the next starts (row-worker.ts). */
export const ROW_PHASES = ['claim', 'reserve', 'prepare', 'model', 'save'] as const;
export type RowPhase = (typeof ROW_PHASES)[number];

export interface RowTime {
  batchId: string;
  index: number;
  ms: number;
  /** What the row's time went to by phase, in ms, as the server logged it. */
  phases: Partial<Record<RowPhase, number>>;
}

export interface ProviderCall {
  /** `bench-row-<index>` of the row the call wrote; null for a call that names no row. */
  marker: string | null;
  ms: number;
}

/** The text a row's input carries so that the model server can tell whose call it answers. */
export const rowMarker = (index: number) => `bench-row-${index}`;

function parseJson(line: string): Record<string, unknown> | null {
  if (!line.startsWith('{')) return null;
  try {
    return JSON.parse(line) as Record<string, unknown>;
  } catch {
    return null;
  }
}

/** A row's time from the server's log line saying it was written; null for any other line. */
export function readRowTime(line: string): RowTime | null {
  const entry = parseJson(line);
  if (entry?.msg !== 'batch row written') return null;
  const { batchId, index, ms } = entry;
  if (typeof batchId !== 'string' || typeof index !== 'number' || typeof ms !== 'number') return null;
  const logged = (entry.phases ?? {}) as Record<string, unknown>;
  const phases: RowTime['phases'] = {};
  for (const phase of ROW_PHASES) if (typeof logged[phase] === 'number') phases[phase] = logged[phase];
  return { batchId, index, ms, phases };
}

/** A call's time from the model server's `call` line; null for any other line. */
export function readProviderCall(line: string): ProviderCall | null {
  const call = parseJson(line)?.call as { marker?: unknown; ms?: unknown } | undefined;
  if (!call || typeof call.ms !== 'number') return null;
  return { marker: typeof call.marker === 'string' ? call.marker : null, ms: call.ms };
}

/**
 * Each row's queue overhead, in ms, and the same by phase (the model phase less the provider's time): its time on the server minus the provider's time for every call
 * made for it (a row whose answer was written again made two). Rows of which the model server saw no
 * call are counted apart, not guessed.
 */
export function queueOverheads(
  rows: readonly RowTime[],
  calls: readonly ProviderCall[],
): { overheads: number[]; withoutCall: number; byPhase: Record<RowPhase, number[]> } {
  const providerMs = new Map<string, number>();
  for (const call of calls)
    if (call.marker !== null) providerMs.set(call.marker, (providerMs.get(call.marker) ?? 0) + call.ms);
  const overheads: number[] = [];
  const byPhase = Object.fromEntries(ROW_PHASES.map((phase) => [phase, [] as number[]])) as Record<
    RowPhase,
    number[]
  >;
  let withoutCall = 0;
  for (const row of rows) {
    const provider = providerMs.get(rowMarker(row.index));
    if (provider === undefined) {
      withoutCall += 1;
      continue;
    }
    overheads.push(row.ms - provider);
    // The model phase's own overhead is the call's time on the server beyond the provider's.
    for (const phase of ROW_PHASES) {
      const ms = row.phases[phase];
      if (ms !== undefined) byPhase[phase].push(phase === 'model' ? ms - provider : ms);
    }
  }
  return { overheads, withoutCall, byPhase };
}

/**
 * The provider's own time for `rows` rows written `concurrency` at a time, each call taking
 * `perCallMs`: the least wall time any queue could take.
 */
export const providerWallMs = (rows: number, concurrency: number, perCallMs: number) =>
  Math.ceil(rows / concurrency) * perCallMs;
