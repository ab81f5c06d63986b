import { useId } from 'react';
import { locales, resolveLocale, type Locale } from '@redacta/shared/locales';
import { cn } from './cn';
import { fieldClasses } from './input';

/** Each language named in its own words, so it reads the same whatever the interface language. */
export const languageNames: Record<Locale, string> = { es: 'Español', en: 'English' };

/**
 * Which language's items a list shows ("Plantillas en: Español"), beside the list's search.
 * `compact` keeps the label for screen readers only and narrows the select, for phones.
 */
export function ListLanguageSelect({
  label,
  title,
  value,
  onChange,
  compact = false,
}: {
  label: string;
  title?: string;
  value: Locale;
  onChange: (language: Locale) => void;
  compact?: boolean;
}) {
  const id = useId();
  return (
    <div className="flex shrink-0 items-center gap-2">
      <label
        htmlFor={id}
        className={cn('text-[13px] whitespace-nowrap text-text-muted', compact && 'sr-only')}
      >
        {label}
      </label>
      <select
        id={id}
        value={value}
        title={title}
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
