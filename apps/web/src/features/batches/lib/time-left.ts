import type { Batch } from '@redacta/shared';

/**
 * Milliseconds until a running batch ends at the pace it has kept since it started, for the rows still
 * to write (skipped rows take no time): null when it is not running or no row has finished yet (no pace
 * to go by).
 */
export function timeLeftMs(batch: Batch, now: number): number | null {
  if (batch.status !== 'running' || !batch.startedAt) return null;
  const finished = batch.done + batch.failed;
  const elapsed = now - Date.parse(batch.startedAt);
  if (finished === 0 || elapsed <= 0) return null;
  const left = Math.max(0, batch.total - finished - batch.skipped);
  return (elapsed / finished) * left;
}

/** Minutes and seconds as a person reads them: "menos de un minuto", "3 min", "1 h 5 min". */
export function durationParts(ms: number): { hours: number; minutes: number } | 'underMinute' {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 1) return 'underMinute';
  return { hours: Math.floor(minutes / 60), minutes: minutes % 60 };
}
