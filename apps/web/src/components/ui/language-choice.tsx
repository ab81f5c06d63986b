import { useId } from 'react';
import { locales, type Locale } from '@redacta/shared/locales';
import { cn } from './cn';
import { languageNames } from './list-language-select';

/** The language something is written in, one radio button per language, with a line that explains it. */
export function LanguageChoice({
  legend,
  hint,
  value,
  onChange,
  disabled = false,
}: {
  legend: string;
  hint: string;
  value: Locale;
  onChange: (language: Locale) => void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <fieldset aria-describedby={`${id}-hint`}>
      <legend className="mb-1.5 text-[13px] font-medium">{legend}</legend>
      <div className="flex flex-wrap gap-x-5 gap-y-2">
        {locales.map((option) => (
          <label
            key={option}
            className={cn('inline-flex items-center gap-2 text-sm', !disabled && 'cursor-pointer')}
          >
            <input
              type="radio"
              name={id}
              value={option}
              checked={value === option}
              disabled={disabled}
              onChange={() => onChange(option)}
              className="size-4 accent-primary"
            />
            <span lang={option}>{languageNames[option]}</span>
          </label>
        ))}
      </div>
      <p id={`${id}-hint`} className="mt-1 text-xs text-text-muted">
        {hint}
      </p>
    </fieldset>
  );
}
