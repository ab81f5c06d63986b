import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkPersonName } from '@redacta/shared/rules/names';
import { Input } from '@/components/ui/input';
import { nameProblemText } from '@/lib/name-problem-text';

export type NameField = 'firstName' | 'lastName';
export type NameValues = Record<NameField, string>;

/** First/last name: required and valid (`checkPersonName`), checked on blur and on submit. */
export function useNameForm(initial: NameValues) {
  const [values, setValues] = useState<NameValues>(initial);
  const [touched, setTouched] = useState<Record<NameField, boolean>>({ firstName: false, lastName: false });
  const problems = {
    firstName: checkPersonName(values.firstName),
    lastName: checkPersonName(values.lastName),
  };
  const valid = !problems.firstName && !problems.lastName;
  return {
    values,
    setValues,
    problems,
    touched,
    valid,
    touch: (field: NameField) => setTouched((current) => ({ ...current, [field]: true })),
    touchAll: () => setTouched({ firstName: true, lastName: true }),
    trimmed: () => ({ firstName: values.firstName.trim(), lastName: values.lastName.trim() }),
  };
}

export function NameFields({ form, disabled }: { form: ReturnType<typeof useNameForm>; disabled?: boolean }) {
  const { t } = useTranslation();
  const fields: Array<{ field: NameField; label: string; autoComplete: string }> = [
    { field: 'firstName', label: t('names.firstName'), autoComplete: 'given-name' },
    { field: 'lastName', label: t('names.lastName'), autoComplete: 'family-name' },
  ];
  return (
    <>
      {fields.map(({ field, label, autoComplete }) => {
        const problem = form.problems[field];
        return (
          <Input
            key={field}
            label={label}
            autoComplete={autoComplete}
            value={form.values[field]}
            disabled={disabled}
            onChange={(event) => form.setValues((current) => ({ ...current, [field]: event.target.value }))}
            onBlur={() => form.touch(field)}
            error={form.touched[field] && problem ? nameProblemText(t, 'person', form.values[field]) : null}
          />
        );
      })}
    </>
  );
}
