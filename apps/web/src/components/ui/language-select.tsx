import { forwardRef, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { resolveLocale, type Locale } from '@redacta/shared/locales';
import { changeLocale } from '@/lib/i18n';
import { cn } from './cn';
import { fieldClasses } from './input';

/**
 * The language switch: a native select labelled "Idioma"/"Language". The option names are
 * written in their own language so they read the same whatever the current one is. Keys typed
 * in it stay in it (menus around it would otherwise take them for typeahead), except Escape.
 */
export const LanguageSelect = forwardRef<
  HTMLSelectElement,
  { onChanged?: (locale: Locale) => void; className?: string }
>(function LanguageSelect({ onChanged, className }, ref) {
  const { t, i18n } = useTranslation();
  const id = useId();
  return (
    <div className={cn('flex items-center gap-2', className)}>
      <label htmlFor={id} className="text-[13px] text-text-muted">
        {t('language.label')}
      </label>
      <select
        ref={ref}
        id={id}
        value={resolveLocale(i18n.language)}
        onKeyDown={(event) => {
          if (event.key !== 'Escape') event.stopPropagation();
        }}
        onChange={(event) => {
          const locale = resolveLocale(event.target.value);
          void changeLocale(locale).then(() => onChanged?.(locale));
        }}
        className={cn(fieldClasses, 'h-8 w-auto py-0 pr-8 text-[13px]')}
      >
        <option value="es" lang="es">
          Español
        </option>
        <option value="en" lang="en">
          English
        </option>
      </select>
    </div>
  );
});
