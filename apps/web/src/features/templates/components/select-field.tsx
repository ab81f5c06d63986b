import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import { fieldClasses } from '@/components/ui/input';

/** A select with its label above, hint or error below, like the app's text fields. */
export function SelectField({
  label,
  hint,
  error,
  value,
  options,
  required,
  autoFocus,
  onChange,
  onBlur,
}: {
  label: string;
  hint?: string | undefined;
  error: string | null;
  value: string;
  options: { value: string; label: string }[];
  required: boolean;
  autoFocus?: boolean;
  onChange: (value: string) => void;
  onBlur?: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const note = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-[13px] font-medium text-text">
        {label}
      </label>
      <select
        id={id}
        value={value}
        required={required}
        autoFocus={autoFocus}
        aria-invalid={error ? true : undefined}
        aria-describedby={note}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        className={cn(fieldClasses, 'h-10')}
      >
        {(!required || value === '') && <option value="">{t('templates.run.choose')}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-[13px] text-danger" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
