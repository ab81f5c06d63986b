import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { changeLocale } from '@/lib/i18n';
import { batchFixture } from '../test/batch-fixtures';
import { BatchProgress } from './batch-progress';

const startedAt = '2026-12-06T10:00:00.000Z';
const minute = 60_000;

beforeEach(() => changeLocale('es'));
afterEach(() => vi.useRealTimers());

/** The time left shown for a batch of `total` rows that finished `done` in `elapsed` ms. */
function timeLeftAfter(elapsed: number, total: number, done: number) {
  vi.useFakeTimers({ now: Date.parse(startedAt) + elapsed, toFake: ['Date'] });
  render(<BatchProgress batch={batchFixture({ startedAt, total, done })} />);
  return screen.getByTestId('batch-time-left');
}

describe('the time left of a running batch', () => {
  it('says whole hours without "0 min"', async () => {
    // A row a minute, 60 rows to go: an hour.
    expect(timeLeftAfter(10 * minute, 70, 10)).toHaveTextContent(/^Queda alrededor de 1 h$/);
    await act(() => changeLocale('en'));
    expect(screen.getByTestId('batch-time-left')).toHaveTextContent(/^About 1 h left$/);
  });

  it('says hours and minutes past an hour', () => {
    expect(timeLeftAfter(10 * minute, 100, 10)).toHaveTextContent(/^Quedan unas 1 h 30 min$/);
  });

  it('says minutes alone under an hour', () => {
    expect(timeLeftAfter(10 * minute, 30, 10)).toHaveTextContent(/^Quedan unos 20 minutos$/);
  });
});
