import { describe, expect, it } from 'vitest';
import {
  providerWallMs,
  queueOverheads,
  readProviderCall,
  readRowTime,
  rowMarker,
} from '../../bench/bulk/row-times.ts';

/*
 * bench:bulk's queue overhead: each row's time on the server against the model server's time for the
 * calls made for that same row, read from the two processes' own output.
 */

describe('reading the processes output', () => {
  it("takes a row's time from the server's log line and nothing from other lines", () => {
    const written = JSON.stringify({
      level: 20,
      time: 1,
      batchId: 'b1',
      index: 7,
      ms: 1042.5,
      msg: 'batch row written',
    });
    expect(readRowTime(written)).toEqual({ batchId: 'b1', index: 7, ms: 1042.5, phases: {} });
    const withPhases = JSON.stringify({
      batchId: 'b1',
      index: 8,
      ms: 1100,
      phases: { claim: 20, reserve: 5, prepare: 10, model: 1040, save: 25, other: 3 },
      msg: 'batch row written',
    });
    // Only the row worker's phases are kept.
    expect(readRowTime(withPhases)?.phases).toEqual({
      claim: 20,
      reserve: 5,
      prepare: 10,
      model: 1040,
      save: 25,
    });
    expect(readRowTime(JSON.stringify({ level: 30, msg: 'request completed', ms: 3 }))).toBeNull();
    expect(readRowTime('[bench] not json {')).toBeNull();
  });

  it("takes a call's time and row from the model server's line", () => {
    expect(readProviderCall('{"call":{"marker":"bench-row-3","ms":1000.2}}')).toEqual({
      marker: 'bench-row-3',
      ms: 1000.2,
    });
    expect(readProviderCall('{"call":{"marker":null,"ms":998}}')).toEqual({ marker: null, ms: 998 });
    expect(readProviderCall('{"ready":{"port":1}}')).toBeNull();
  });
});

describe('queueOverheads', () => {
  it("subtracts every call made for a row from the row's time, and counts rows no call was seen for", () => {
    const rows = [
      { batchId: 'b', index: 0, ms: 1030, phases: {} },
      { batchId: 'b', index: 1, ms: 2090, phases: {} },
      { batchId: 'b', index: 2, ms: 1000, phases: {} },
    ];
    const calls = [
      { marker: rowMarker(0), ms: 1000 },
      // Row 1's answer was written twice: both calls are the provider's time.
      { marker: rowMarker(1), ms: 1000 },
      { marker: rowMarker(1), ms: 1010 },
      // A call of the warm-up batch, which names no row.
      { marker: null, ms: 1000 },
    ];
    const { overheads, withoutCall } = queueOverheads(rows, calls);
    expect(overheads.map((ms) => Math.round(ms))).toEqual([30, 80]);
    expect(withoutCall).toBe(1);
  });

  it("tells each phase apart, the model's less the provider's time for the row", () => {
    const rows = [
      { batchId: 'b', index: 0, ms: 1100, phases: { claim: 20, save: 30, model: 1040 } },
      { batchId: 'b', index: 1, ms: 1200, phases: { claim: 40, save: 50, model: 1090 } },
      // No call seen for it: left out of every phase too.
      { batchId: 'b', index: 2, ms: 900, phases: { claim: 900 } },
    ];
    const calls = [
      { marker: rowMarker(0), ms: 1000 },
      { marker: rowMarker(1), ms: 1060 },
    ];
    const { byPhase } = queueOverheads(rows, calls);
    expect(byPhase.claim).toEqual([20, 40]);
    expect(byPhase.save).toEqual([30, 50]);
    expect(byPhase.model).toEqual([40, 30]);
    expect(byPhase.reserve).toEqual([]);
  });
});

describe('providerWallMs', () => {
  it('is whole waves of calls at the concurrency', () => {
    expect(providerWallMs(1000, 8, 1000)).toBe(125_000);
    expect(providerWallMs(1001, 8, 1000)).toBe(126_000);
    expect(providerWallMs(8, 8, 500)).toBe(500);
  });
});
