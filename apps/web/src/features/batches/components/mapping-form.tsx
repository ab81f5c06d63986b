import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { BatchMapping, TemplateField } from '@redacta/shared';
import { fieldClasses } from '@/components/ui/input';
import { cn } from '@/components/ui/cn';

/**
 * Which column fills each of the template's fields: the server's automatic match to start with,
 * changed with a select per field. A required field left without a column says so.
 */
export function MappingForm({
  fields,
  columns,
  mapping,
  disabled,
  onChange,
}: {
  fields: TemplateField[];
  columns: string[];
  mapping: BatchMapping;
  disabled: boolean;
  onChange: (mapping: BatchMapping) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {fields.map((field) => {
        const controlId = `${id}-${field.key}`;
        const value = mapping[field.key] ?? '';
        const missing = field.required && value === '';
        return (
          <div key={field.key} className="flex flex-col gap-1.5">
            <label htmlFor={controlId} className="text-[13px] font-medium">
              {field.label}
              {field.required && (
                <span className="text-danger" aria-hidden>
                  {' '}
                  *
                </span>
              )}
              {field.required && <span className="sr-only"> ({t('batches.mapping.required')})</span>}
            </label>
            <select
              id={controlId}
              value={value}
              disabled={disabled}
              aria-invalid={missing || undefined}
              aria-describedby={missing ? `${controlId}-error` : undefined}
              onChange={(event) => {
                const next = { ...mapping };
                if (event.target.value === '') delete next[field.key];
                else next[field.key] = event.target.value;
                onChange(next);
              }}
              className={cn(fieldClasses, 'h-10')}
            >
              <option value="">{t('batches.mapping.noColumn')}</option>
              {columns.map((column) => (
                <option key={column} value={column}>
                  {column}
                </option>
              ))}
            </select>
            {missing && (
              <p id={`${controlId}-error`} className="text-[13px] text-danger">
                {t('batches.mapping.requiredMissing')}
              </p>
            )}
          </div>
        );
      })}
    </div>
  );
}
