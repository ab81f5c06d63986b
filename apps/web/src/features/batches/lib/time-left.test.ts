import { describe, expect, it } from 'vitest';
import { durationParts, timeLeftMs } from './time-left';
import { batchFixture } from '../test/batch-fixtures';

describe('the time left', () => {
  it('goes by the pace since the start, and is unknown before the first row ends', () => {
    const startedAt = '2026-12-06T10:00:00.000Z';
    const now = Date.parse(startedAt) + 60_000;
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
});
