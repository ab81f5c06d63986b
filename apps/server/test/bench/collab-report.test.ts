import { describe, expect, it } from 'vitest';
import { judge } from '../../bench/check/targets.ts';
import type { LoadReading } from '../../bench/collab/load-meter.ts';
import {
  CLIENT_LOOP_DELAY_MAX_MS,
  OTHERS_SHARE_MAX,
  collabFigures,
  disturbances,
  type LevelResult,
  type RunResult,
} from '../../bench/collab/report.ts';

/*
 * bench:collab's verdict over several runs: the median of the undisturbed runs when they are more
 * than half, DISTURBED ("run again") otherwise, never PASS or MISS from a starved machine.
 */

const machine = (othersShare: number): LoadReading => ({
  othersShare,
  ownShare: 0.5,
  othersCores: othersShare * 2,
  cores: 2,
});

function level(p99: number, overrides: Partial<LevelResult> = {}): LevelResult {
  return {
    editors: 200,
    documents: 50,
    keystrokes: 19_000,
    deliveries: 57_000,
    missingDeliveries: 0,
    latencyMs: { p50: 2, p99, max: p99 * 2 },
    serverCpuMsPer1000Updates: 800,
    serverCoreShare: 0.8,
    bytesPerDocument: { opened: 130 * 1024, afterTyping: 140 * 1024, afterStores: 125 * 1024 },
    rssBytesPerDocument: 0,
    clientLoopDelayP99Ms: 25,
    clientCoreShare: 0.5,
    machine: machine(0.05),
    unexpectedCloses: 0,
    loadAverage: { before: [1, 1, 1], after: [1.5, 1, 1] },
    ...overrides,
  };
}

function run(n: number, at: LevelResult, before = machine(0.02)): RunResult {
  const b = { ...before, loadAverage: [1, 1, 1] };
  return { run: n, before: b, levels: [at], disturbed: disturbances(b, [at]) };
}

const verdicts = (runs: RunResult[]) =>
  Object.fromEntries(
    collabFigures(runs, 20_000, 'pglite').figures.map((f) => [f.target, [f.value, judge(f)]]),
  );

describe('bench:collab verdict', () => {
  it('calls a run disturbed when others held the cores before or during it, or its clients lagged', () => {
    expect(run(1, level(40)).disturbed).toEqual([]);
    expect(run(1, level(40), machine(OTHERS_SHARE_MAX + 0.01)).disturbed).toHaveLength(1);
    expect(run(1, level(40, { machine: machine(0.6) })).disturbed).toHaveLength(1);
    expect(run(1, level(40, { clientLoopDelayP99Ms: CLIENT_LOOP_DELAY_MAX_MS + 1 })).disturbed).toHaveLength(
      1,
    );
  });

  it('judges on the median of the undisturbed runs when they are the majority', () => {
    const runs = [
      run(1, level(40)),
      run(2, level(90)),
      run(3, level(60)),
      run(4, level(900, { machine: machine(0.8) })),
      run(5, level(1200), machine(0.9)),
    ];
    expect(verdicts(runs)).toMatchObject({
      collabP99: [60, 'PASS'],
      collabMemory: [140, 'PASS'],
      collabLost: [0, 'PASS'],
    });
    runs[1] = run(2, level(150));
    runs[2] = run(3, level(130));
    expect(verdicts(runs).collabP99).toEqual([130, 'MISS']);
  });

  it('says DISTURBED, not PASS or MISS, when half the runs or more were disturbed', () => {
    const busy = level(30, { clientLoopDelayP99Ms: 400 });
    const runs = [run(1, level(40)), run(2, busy), run(3, level(400), machine(0.7)), run(4, level(50))];
    expect(verdicts(runs).collabP99).toEqual([45, 'DISTURBED']);
    expect(verdicts(runs).collabMemory).toEqual([140, 'DISTURBED']);
  });

  it('counts keystrokes lost only in disturbed runs as disturbed, and any in a quiet run as a miss', () => {
    const late = level(40, { missingDeliveries: 12, machine: machine(0.9) });
    expect(verdicts([run(1, level(40)), run(2, late), run(3, level(50))]).collabLost).toEqual([
      12,
      'DISTURBED',
    ]);
    const lost = level(40, { missingDeliveries: 3 });
    expect(verdicts([run(1, lost), run(2, late), run(3, level(50))]).collabLost).toEqual([15, 'MISS']);
  });
});
