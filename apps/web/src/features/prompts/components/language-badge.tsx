import { useTranslation } from 'react-i18next';
import type { Locale } from '@redacta/shared/locales';

/**
 * "ES" or "EN" beside a custom prompt: the library of that language lists it. Named in full for
 * screen readers and on hover ("En español").
 */
export function LanguageBadge({ language }: { language: Locale }) {
  const { t } = useTranslation();
  const name = t(`prompts.inLanguage.${language}`);
  return (
    <span
      role="img"
      aria-label={name}
      title={name}
      className="inline-flex shrink-0 items-center rounded-full border border-border px-1.5 text-[10px] leading-4 font-semibold tracking-wide text-text-muted"
    >
      {language.toUpperCase()}
    </span>
  );
}
