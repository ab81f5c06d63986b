import { z } from 'zod';

/** A lone surrogate: half of a character outside the Basic Multilingual Plane. */
const loneSurrogate = /\p{Cs}/u;

/**
 * Whether a string can be stored and shown as it is: PostgreSQL refuses U+0000 in `text` and `jsonb`,
 * and a lone surrogate in `jsonb`; no font draws half a character either.
 */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !loneSurrogate.test(value);
}

export const UNSTORABLE_TEXT_MESSAGE = 'The text contains a character that cannot be stored';

/**
 * The rule for every free-text field of the API (names, messages, prompts, voices…): trimmed, at
 * least `min` characters after trimming (1 unless the field may be empty), at most `max`, and storable
 * (isStorableText). One rule, so a new field cannot forget a part of it.
 */
export function freeText({ max, min = 1 }: { max: number; min?: number }) {
  return z.string().trim().min(min).max(max).refine(isStorableText, { message: UNSTORABLE_TEXT_MESSAGE });
}
