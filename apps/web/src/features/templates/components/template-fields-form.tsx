import { useTranslation } from 'react-i18next';
import { outputLanguages, type TemplateField, type TemplateInputs } from '@redacta/shared';
import { Input, Textarea } from '@/components/ui/input';
import { SelectField } from '@/components/ui/select-field';

/**
 * The inputs of one run, a control per field as its type asks: a text box, a longer text area, a list
 * of the options or languages, a number, a web address. `errors` (worded already) go under their field.
 */
export function TemplateFieldsForm({
  fields,
  values,
  errors,
  onChange,
  onBlur,
  autoFocus = false,
  markOptional = true,
}: {
  fields: TemplateField[];
  values: TemplateInputs;
  errors: Record<string, string | undefined>;
  onChange: (key: string, value: string) => void;
  onBlur?: (key: string) => void;
  autoFocus?: boolean;
  /** Says "(opcional)" after an optional field's label; off where every field is (a library prompt's). */
  markOptional?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-4">
      {fields.map((field, index) => {
        const common = {
          label:
            field.required || !markOptional
              ? field.label
              : t('templates.run.optional', { label: field.label }),
          hint: field.help,
          error: errors[field.key] ?? null,
          value: values[field.key] ?? '',
          autoFocus: autoFocus && index === 0,
          required: field.required,
          onBlur: () => onBlur?.(field.key),
        };
        const change = (value: string) => onChange(field.key, value);
        switch (field.type) {
          case 'longText':
            return (
              <Textarea
                key={field.key}
                rows={4}
                {...common}
                onChange={(event) => change(event.target.value)}
              />
            );
          case 'choice':
            return (
              <SelectField
                key={field.key}
                {...common}
                emptyOption={t('templates.run.choose')}
                onChange={change}
                options={(field.options ?? []).map((option) => ({ value: option, label: option }))}
              />
            );
          case 'language':
            return (
              <SelectField
                key={field.key}
                {...common}
                emptyOption={t('templates.run.choose')}
                onChange={change}
                options={outputLanguages.map((language) => ({
                  value: language,
                  label: t(`chat.controls.languages.${language}`),
                }))}
              />
            );
          case 'number':
            return (
              <Input
                key={field.key}
                type="number"
                inputMode="decimal"
                step="any"
                min={field.min}
                max={field.max}
                {...common}
                onChange={(event) => change(event.target.value)}
              />
            );
          case 'url':
            return (
              <Input
                key={field.key}
                type="url"
                inputMode="url"
                placeholder="https://"
                {...common}
                onChange={(event) => change(event.target.value)}
              />
            );
          default:
            return (
              <Input
                key={field.key}
                type="text"
                {...common}
                onChange={(event) => change(event.target.value)}
              />
            );
        }
      })}
    </div>
  );
}
