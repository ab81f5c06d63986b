import type { TFunction } from 'i18next';
import type { StyleViolation } from '@redacta/shared';

/** What a violation is, in a line: "«mail» → «email»", "«revolucionario» is banned", "Sentence over the limit". */
export function violationText(t: TFunction, violation: StyleViolation): string {
  switch (violation.kind) {
    case 'prefer':
    case 'exact-case':
      return t('styleRules.issue.replace', { found: violation.found, suggestion: violation.suggestion });
    case 'ban':
      return t('styleRules.issue.ban', { found: violation.found });
    case 'max-sentence-words':
      return t('styleRules.issue.longSentence', { excerpt: excerpt(violation.found) });
    case 'max-exclamations':
      return t('styleRules.issue.exclamations');
  }
}

const EXCERPT_LENGTH = 48;
const excerpt = (text: string) =>
  text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH).trimEnd()}…` : text;
