import type { ZodType } from 'zod';
import { AppError } from './errors.ts';

/*
 * Keyset cursors of the paged lists (projects, the conversation): the last row's sort key and id as a
 * JSON array in base64url. A cursor is opaque to clients; one that does not decode to exactly what its
 * list gives out is refused with CURSOR_INVALID, never passed on to the database.
 */

export const invalidCursor = () =>
  new AppError('CURSOR_INVALID', 'The cursor is not one this list gave out: start again from the first page');

export function encodeCursor(fields: readonly string[]): string {
  return Buffer.from(JSON.stringify(fields)).toString('base64url');
}

/** The fields of a cursor, checked by the list's own schema. */
export function decodeCursor<T>(raw: string, schema: ZodType<T>): T {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  const parsed = schema.safeParse(decoded);
  if (!parsed.success) throw invalidCursor();
  return parsed.data;
}

/** A timestamptz as Postgres prints it: `2026-06-01 12:00:00.123456+00` (offsets may carry minutes). */
const timestampText =
  /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?[+-](\d{2})(?::(\d{2}))?(?::(\d{2}))?$/;

/**
 * Whether `text` is a timestamp Postgres printed: the right shape, and a date and time that exist
 * (the fields survive a round trip through a Date unchanged), with an offset Postgres accepts.
 */
export function isTimestampText(text: string): boolean {
  const match = timestampText.exec(text);
  if (!match) return false;
  const [year, month, day, hour, minute, second, offsetHours, offsetMinutes = 0, offsetSeconds = 0] = match
    .slice(1)
    .map((field) => (field === undefined ? undefined : Number(field))) as number[];
  const date = new Date(0);
  date.setUTCFullYear(year!, month! - 1, day);
  date.setUTCHours(hour!, minute, second);
  const roundTrips =
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month! - 1 &&
    date.getUTCDate() === day &&
    date.getUTCHours() === hour &&
    date.getUTCMinutes() === minute &&
    date.getUTCSeconds() === second;
  return year! >= 1 && roundTrips && offsetHours! <= 15 && offsetMinutes <= 59 && offsetSeconds <= 59;
}
