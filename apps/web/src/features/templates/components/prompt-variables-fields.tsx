import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TemplateField } from '@redacta/shared';
import { inputErrors } from '../input-problems';
import { TemplateFieldsForm } from './template-fields-form';

/**
 * A library prompt's variables asked for as a template's fields are (promptVariableFields), each
 * checked by the shared rule once left. `onChange` gets the values by variable name, and whether
 * they all pass.
 */
export function PromptVariablesFields({
  fields,
  values,
  showAll,
  onChange,
}: {
  fields: TemplateField[];
  /** By field key. */
  values: Record<string, string>;
  /** After a submit: every field's error, not only those of fields left. */
  showAll: boolean;
  onChange: (values: Record<string, string>) => void;
}) {
  const { t } = useTranslation();
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const errors = inputErrors(t, fields, values);
  const shown = Object.fromEntries(Object.entries(errors).filter(([key]) => showAll || touched[key]));
  return (
    <TemplateFieldsForm
      fields={fields}
      values={values}
      errors={shown}
      autoFocus
      markOptional={false}
      onChange={(key, value) => onChange({ ...values, [key]: value })}
      onBlur={(key) => setTouched((current) => ({ ...current, [key]: true }))}
    />
  );
}
