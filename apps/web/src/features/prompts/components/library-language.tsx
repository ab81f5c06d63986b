import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { locales, resolveLocale, type Locale } from '@redacta/shared/locales';
import { cn } from '@/components/ui/cn';
import { fieldClasses } from '@/components/ui/input';

/** Each language named in its own words, so it reads the same whatever the interface language. */
export const languageNames: Record<Locale, string> = { es: 'Español', en: 'English' };

/**
 * Which language's prompts the library shows ("Prompts en: Español"): custom prompts belong to one
 * language, and the catalogue exists in each. The label is only for screen readers on phones.
 */
export function LibraryLanguage({
  value,
  onChange,
  compact,
}: {
  value: Locale;
  onChange: (language: Locale) => void;
  compact: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="flex shrink-0 items-center gap-2">
      <label
        htmlFor={id}
        className={cn('text-[13px] whitespace-nowrap text-text-muted', compact && 'sr-only')}
      >
        {t('prompts.libraryLanguage')}
      </label>
      <select
        id={id}
        value={value}
        title={t('prompts.libraryLanguageHint')}
        onChange={(event) => onChange(resolveLocale(event.target.value))}
        className={cn(fieldClasses, 'h-10 w-auto py-0 text-[13px]', compact ? 'pr-6 pl-2' : 'pr-8')}
      >
        {locales.map((language) => (
          <option key={language} value={language} lang={language}>
            {languageNames[language]}
          </option>
        ))}
      </select>
    </div>
  );
}
