import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Send } from 'lucide-react';
import type { TemplateField, TemplateInputs } from '@redacta/shared';
import { Button } from '@/components/ui/button';
import { inputErrors } from '../input-problems';
import { TemplateFieldsForm } from './template-fields-form';

/**
 * One run's inputs: a control per field, checked by the shared rule on blur and on submit (the
 * server checks the same), and the prompt as it will be sent. `onSubmit` gets inputs that pass.
 */
export function TemplateRunForm({
  title,
  fields,
  preview,
  submitLabel,
  busy = false,
  blockedReason = null,
  note,
  onSubmit,
  children,
}: {
  title: ReactNode;
  fields: TemplateField[];
  /** The text the inputs make, shown as it will go. */
  preview: (inputs: TemplateInputs) => string;
  submitLabel: string;
  busy?: boolean;
  /** Why the run cannot go now, said beside its button, or null. */
  blockedReason?: string | null;
  /** Beside the submit button (e.g. that the text joins the draft). */
  note?: ReactNode;
  onSubmit: (inputs: TemplateInputs) => void;
  /** Above the fields (a way back). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const [values, setValues] = useState<TemplateInputs>({});
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [submitted, setSubmitted] = useState(false);
  const errors = inputErrors(t, fields, values);
  const shown = Object.fromEntries(Object.entries(errors).filter(([key]) => submitted || touched[key]));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Rendered from inside the chat's composer: a submit bubbling through the portal must end here.
    event.stopPropagation();
    setSubmitted(true);
    if (blockedReason) return;
    if (Object.keys(errors).length > 0) {
      const first = fields.find((field) => errors[field.key]);
      const form = event.currentTarget as HTMLFormElement;
      if (first)
        form.querySelectorAll<HTMLElement>('input, textarea, select')[fields.indexOf(first)]?.focus();
      return;
    }
    onSubmit(Object.fromEntries(fields.map((field) => [field.key, (values[field.key] ?? '').trim()])));
  };
  return (
    <form onSubmit={submit} noValidate className="flex min-h-0 flex-1 flex-col" aria-labelledby={titleId}>
      <div className="flex min-h-0 flex-1 flex-col gap-4 overflow-y-auto p-1">
        {children}
        <h3 id={titleId} className="text-base font-semibold break-words">
          {title}
        </h3>
        {fields.length === 0 ? (
          <p className="text-sm text-text-muted">{t('templates.run.noFields')}</p>
        ) : (
          <TemplateFieldsForm
            fields={fields}
            values={values}
            errors={shown}
            autoFocus
            onChange={(key, value) => setValues((current) => ({ ...current, [key]: value }))}
            onBlur={(key) => setTouched((current) => ({ ...current, [key]: true }))}
          />
        )}
        <details className="rounded-lg border border-border bg-surface-muted p-3 text-sm">
          <summary className="cursor-pointer text-xs font-medium text-text-muted">
            {t('templates.run.preview')}
          </summary>
          <p className="mt-2 break-words whitespace-pre-wrap" data-testid="run-preview">
            {preview(values)}
          </p>
        </details>
      </div>
      <div className="mt-4 flex flex-wrap items-center justify-end gap-2">
        {blockedReason && (
          <p role="status" className="text-[13px] text-text-muted">
            {blockedReason}
          </p>
        )}
        {note}
        <Button type="submit" loading={busy} icon={<Send className="size-4" aria-hidden />}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
