import { useId, type ReactNode } from 'react';
import { cn } from './cn';
import { fieldClasses } from './input';

/**
 * A native select with its label above and its hint or error below, like the app's text fields.
 * `emptyOption` names a first, empty choice, offered while the field may stay empty or nothing is
 * chosen yet.
 */
export function SelectField<V extends string>({
  label,
  hint,
  error,
  value,
  options,
  emptyOption,
  required,
  autoFocus,
  className,
  onChange,
  onBlur,
}: {
  label: ReactNode;
  hint?: string | undefined;
  error?: string | null;
  value: V;
  options: { value: V; label: string }[];
  emptyOption?: string;
  required?: boolean;
  autoFocus?: boolean;
  className?: string;
  onChange: (value: V) => void;
  onBlur?: () => void;
}) {
  const id = useId();
  const note = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
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
        onChange={(event) => onChange(event.target.value as V)}
        onBlur={onBlur}
        className={cn(fieldClasses, 'h-10')}
      >
        {emptyOption !== undefined && (!required || value === '') && <option value="">{emptyOption}</option>}
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
