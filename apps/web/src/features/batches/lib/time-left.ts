import type { Batch } from '@redacta/shared';

/** A moment this page saw a running batch at: how many of its rows had finished then. */
export interface Sighting {
  finished: number;
  at: number;
}

/**
 * What this page has seen of a running batch: `from`, when it first saw it running (opened, or
 * resumed), and `last`, when it last saw a row finish.
 */
export interface Watch {
  from: Sighting;
  last: Sighting;
}

/**
 * Milliseconds until a running batch ends, for the rows still to write (skipped rows take no time);
 * null when it is not running or no row has finished yet (no pace to go by). The pace is the one this
 * page watched rows finish at, once it has seen one finish, otherwise the one since the start (a pause
 * counts in that one); from the last finish it counts down, rather than growing while the next row
 * is being written.
 */
export function timeLeftMs(batch: Batch, now: number, watch?: Watch): number | null {
  if (batch.status !== 'running' || !batch.startedAt) return null;
  const finished = batch.done + batch.failed;
  if (finished === 0) return null;
  const last = watch?.last.finished === finished ? watch.last : { finished, at: now };
  const watched = watch && last.finished > watch.from.finished ? watch.from : null;
  const perRow = watched
    ? (last.at - watched.at) / (last.finished - watched.finished)
    : (last.at - Date.parse(batch.startedAt)) / finished;
  if (perRow <= 0) return null;
  const left = Math.max(0, batch.total - finished - batch.skipped);
  return Math.max(0, perRow * left - (now - last.at));
}

/**
 * The watch kept for `batch` at `now`: started when it is first seen running, moved on when another
 * row has finished; none while it is not running.
 */
export function nextWatch(watch: Watch | null, batch: Batch, now: number): Watch | null {
  if (batch.status !== 'running') return null;
  const finished = batch.done + batch.failed;
  if (!watch) return { from: { finished, at: now }, last: { finished, at: now } };
  return watch.last.finished === finished ? watch : { ...watch, last: { finished, at: now } };
}

/** Minutes and seconds as a person reads them: "menos de un minuto", "3 min", "1 h 5 min". */
export function durationParts(ms: number): { hours: number; minutes: number } | 'underMinute' {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 1) return 'underMinute';
  return { hours: Math.floor(minutes / 60), minutes: minutes % 60 };
}
