import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { StyleRule } from '@redacta/shared';

/** A rule in a sentence, as members read it: "Usa «email», evita «e-mail», «mail»". */
export function ruleSentence(t: TFunction, rule: StyleRule): string {
  const quoteAll = (words: string[]) => words.map((word) => t('styleRules.quoted', { word })).join(', ');
  switch (rule.kind) {
    case 'prefer':
      return t('styleRules.sentence.prefer', { use: rule.use, avoid: quoteAll(rule.avoid) });
    case 'ban':
      return t('styleRules.sentence.ban', { phrase: rule.phrase });
    case 'exact-case':
      return t('styleRules.sentence.exactCase', { term: rule.term });
    case 'max-sentence-words':
      return t('styleRules.sentence.maxSentenceWords', { count: rule.value });
    case 'max-exclamations':
      return t('styleRules.sentence.maxExclamations', { count: rule.value });
  }
}

/** The rules read-only, for members: only the owner edits them. */
export function RuleList({ rules }: { rules: StyleRule[] }) {
  const { t } = useTranslation();
  return (
    <>
      <ul
        className="flex flex-col divide-y divide-border rounded-xl border border-border"
        data-testid="style-rule-list"
      >
        {rules.map((rule) => (
          <li key={rule.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
            <span className="min-w-0 break-words">{ruleSentence(t, rule)}</span>
            <span className="rounded-full bg-surface-muted px-2 py-0.5 text-xs text-text-muted">
              {rule.language ? t(`styleRules.language.${rule.language}`) : t('styleRules.language.both')}
            </span>
          </li>
        ))}
      </ul>
      <p className="text-xs text-text-muted">{t('styleRules.ownerOnly')}</p>
    </>
  );
}
