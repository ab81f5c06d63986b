/** The seat counter goes from 1 to 99, default 1, no more digits than the maximum. */
export const SEAT_COUNTER = { min: 1, max: 99, default: 1 } as const;

/** Why a typed seat count is refused: nothing typed, not only digits, below 1, above 99. */
export type SeatCountProblem = 'empty' | 'notANumber' | 'tooFew' | 'tooMany';

export type SeatCountCheck = { ok: true; count: number } | { ok: false; problem: SeatCountProblem };

/**
 * What the seat counter's field holds, read strictly: a whole number from 1 to 99 typed as digits
 * (spaces around it ignored). Anything else is refused with its reason, never turned into another
 * number, so the count bought is always the count shown.
 */
export function checkSeatCount(raw: string): SeatCountCheck {
  const text = raw.trim();
  if (text === '') return { ok: false, problem: 'empty' };
  if (!/^\d+$/.test(text)) return { ok: false, problem: 'notANumber' };
  const count = Number(text);
  if (count < SEAT_COUNTER.min) return { ok: false, problem: 'tooFew' };
  if (count > SEAT_COUNTER.max) return { ok: false, problem: 'tooMany' };
  return { ok: true, count };
}

/** The count one step away from `count`, kept within 1 to 99 (the counter's − and + buttons). */
export function stepSeatCount(count: number, delta: number): number {
  return Math.min(SEAT_COUNTER.max, Math.max(SEAT_COUNTER.min, count + delta));
}
