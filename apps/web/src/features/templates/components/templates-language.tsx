import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { locales, resolveLocale, type Locale } from '@redacta/shared/locales';
import { cn } from '@/components/ui/cn';
import { fieldClasses } from '@/components/ui/input';

/** Each language named in its own words, so it reads the same whatever the interface language. */
export const languageNames: Record<Locale, string> = { es: 'Español', en: 'English' };

/** Which language's templates the list shows ("Plantillas en: Español"). */
export function TemplatesLanguage({
  value,
  onChange,
}: {
  value: Locale;
  onChange: (language: Locale) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="flex shrink-0 items-center gap-2">
      <label htmlFor={id} className="text-[13px] whitespace-nowrap text-text-muted">
        {t('templates.listLanguage')}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(resolveLocale(event.target.value))}
        className={cn(fieldClasses, 'h-10 w-auto py-0 pr-8 text-[13px]')}
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
