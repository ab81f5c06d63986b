/** A lone surrogate: half of a character outside the Basic Multilingual Plane. */
const loneSurrogate = /\p{Cs}/u;

/**
 * Whether a string can be stored and shown as it is: PostgreSQL refuses U+0000 in `text` and `jsonb`,
 * and a lone surrogate in `jsonb`; no font draws half a character either. Apart from `freeText`
 * (text.ts) because it needs no zod: the browser's forms check names with it before zod has loaded.
 */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !loneSurrogate.test(value);
}

export const UNSTORABLE_TEXT_MESSAGE = 'The text contains a character that cannot be stored';
