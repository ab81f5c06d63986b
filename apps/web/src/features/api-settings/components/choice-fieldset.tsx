import { useId } from 'react';

/**
 * Several choices as checkboxes under one legend (a key's scopes, a webhook's events), each with a
 * line saying what it means; what is chosen is kept in the options' own order.
 */
export function ChoiceFieldset<T extends string>({
  legend,
  options,
  labelOf,
  helpOf,
  value,
  onChange,
  disabled,
  error,
}: {
  legend: string;
  options: readonly T[];
  labelOf: (option: T) => string;
  helpOf: (option: T) => string;
  value: readonly T[];
  onChange: (chosen: T[]) => void;
  disabled: boolean;
  error: string | null;
}) {
  const id = useId();
  const toggle = (option: T, on: boolean) =>
    onChange(options.filter((each) => (each === option ? on : value.includes(each))));
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-1.5 text-[13px] font-medium text-text">{legend}</legend>
      {options.map((option) => (
        <label
          key={option}
          className="flex cursor-pointer items-start gap-3 rounded-lg border border-border px-3 py-2.5 hover:bg-surface-muted has-checked:border-primary has-checked:bg-primary-soft"
        >
          <input
            type="checkbox"
            checked={value.includes(option)}
            disabled={disabled}
            onChange={(event) => toggle(option, event.target.checked)}
            aria-describedby={`${id}-${option}`}
            className="mt-0.5 size-4 shrink-0 cursor-pointer accent-primary"
          />
          <span className="flex min-w-0 flex-col">
            <span className="text-sm font-medium">{labelOf(option)}</span>
            <span id={`${id}-${option}`} className="text-xs text-text-muted">
              {helpOf(option)}
            </span>
          </span>
        </label>
      ))}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-[13px] text-danger">
          {error}
        </p>
      )}
    </fieldset>
  );
}
