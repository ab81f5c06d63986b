import type { StyleViolation } from './types.ts';

/** The words found that name an ignored finding: a limit's finding is a whole sentence or paragraph. */
export const IGNORED_FOUND_MAX_CODE_POINTS = 200;

/**
 * What names an ignored finding, saved with the reply (so it must be storable text, no U+0000): its
 * rule and the words found, at most IGNORED_FOUND_MAX_CODE_POINTS of them (cut between characters,
 * never inside one). Two sentences over a limit that begin alike for that long are one finding.
 */
export function ignoreKey(violation: Pick<StyleViolation, 'ruleId' | 'found'>): string {
  const found = Array.from(violation.found).slice(0, IGNORED_FOUND_MAX_CODE_POINTS).join('');
  return `${violation.ruleId}:${found}`;
}
