/** The seat counter goes from 1 to 99, default 1, no more digits than the maximum. */
export const SEAT_COUNTER = { min: 1, max: 99, default: 1 } as const;

export function clampSeatCount(raw: string | number): number {
  const digits = String(raw).replace(/\D/g, '').slice(0, String(SEAT_COUNTER.max).length);
  const value = Number(digits || SEAT_COUNTER.min);
  return Math.min(SEAT_COUNTER.max, Math.max(SEAT_COUNTER.min, value));
}
