import { z } from 'zod';

import { isStorableText, UNSTORABLE_TEXT_MESSAGE } from './storable-text.ts';

export { isStorableText, UNSTORABLE_TEXT_MESSAGE };

/**
 * The rule for every free-text field of the API (names, messages, prompts, voices…): trimmed, at
 * least `min` characters after trimming (1 unless the field may be empty), at most `max`, and storable
 * (isStorableText). One rule, so a new field cannot forget a part of it.
 */
export function freeText({ max, min = 1 }: { max: number; min?: number }) {
  return z.string().trim().min(min).max(max).refine(isStorableText, { message: UNSTORABLE_TEXT_MESSAGE });
}
