import { REPLY_LENGTH_WORDS, type BatchControls, type TemplateOutput } from '@redacta/shared';

/** Characters of Spanish or English copy per word, spaces included (a generous average). */
const CHARS_PER_WORD = 5;
/** Words a part without a character limit is expected to take. */
const UNLIMITED_PART_WORDS = 80;

/**
 * The words one row is expected to write, the one statement of the estimate: each output part up to
 * its character limit (times its items), at CHARS_PER_WORD, or UNLIMITED_PART_WORDS without a limit; a
 * template without parts, the most its length asks for (medium when none is chosen). It is what the
 * batch shows against the words left; a row reserves the words of any piece written in one go, so that
 * an answer longer than the estimate is kept whole.
 */
export function estimatedRowWords(output: TemplateOutput | undefined, controls: BatchControls): number {
  if (!output) return REPLY_LENGTH_WORDS[controls.length ?? 'medium'].max;
  return output.parts.reduce(
    (sum, part) =>
      sum +
      (part.maxChars ? Math.ceil(part.maxChars / CHARS_PER_WORD) : UNLIMITED_PART_WORDS) * (part.items ?? 1),
    0,
  );
}
