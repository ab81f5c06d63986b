import { describe, expect, it } from 'vitest';
import { durationParts, nextWatch, timeLeftMs } from './time-left';
import { batchFixture } from '../test/batch-fixtures';

const startedAt = '2026-12-06T10:00:00.000Z';
const start = Date.parse(startedAt);

describe('the time left', () => {
  it('goes by the pace since the start, and is unknown before the first row ends', () => {
    const now = start + 60_000;
    expect(timeLeftMs(batchFixture({ startedAt, total: 10, done: 0 }), now)).toBeNull();
    expect(timeLeftMs(batchFixture({ startedAt, total: 10, done: 3, failed: 1 }), now)).toBe(90_000);
    expect(timeLeftMs(batchFixture({ status: 'paused', startedAt, total: 10, done: 3 }), now)).toBeNull();
    // Skipped rows are never written: only the rows still to write take time.
    expect(timeLeftMs(batchFixture({ startedAt, total: 10, done: 3, failed: 1, skipped: 4 }), now)).toBe(
      30_000,
    );
    expect(durationParts(20_000)).toBe('underMinute');
    expect(durationParts(65 * 60_000)).toEqual({ hours: 1, minutes: 5 });
  });

  it('counts down while the next row is written, instead of growing', () => {
    const batch = batchFixture({ startedAt, total: 10, done: 2 });
    const watch = nextWatch(null, batch, start + 60_000)!;
    // 30 s a row, 8 rows to go: 4 minutes from the moment the second row was seen finished.
    expect(timeLeftMs(batch, start + 60_000, watch)).toBe(240_000);
    expect(timeLeftMs(batch, start + 80_000, watch)).toBe(220_000);
    // Far behind its pace, it says little is left rather than less than nothing.
    expect(timeLeftMs(batch, start + 400_000, watch)).toBe(0);
  });

  it('goes by the pace it watched rows finish at, so a pause before does not slow the estimate', () => {
    // Started an hour ago, paused most of it: 2 rows done when the page opens.
    const opened = start + 3_600_000;
    let watch = nextWatch(null, batchFixture({ startedAt, total: 10, done: 2 }), opened);
    expect(nextWatch(watch, batchFixture({ startedAt, total: 10, done: 2 }), opened + 5_000)).toBe(watch);
    const later = batchFixture({ startedAt, total: 10, done: 4 });
    watch = nextWatch(watch, later, opened + 20_000);
    // Two rows in 20 s: 10 s a row, 6 rows to go.
    expect(timeLeftMs(later, opened + 20_000, watch!)).toBe(60_000);
    expect(nextWatch(watch, batchFixture({ status: 'paused', startedAt, done: 4 }), opened)).toBeNull();
  });
});
