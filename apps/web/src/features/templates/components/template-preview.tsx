import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  renderTemplatePrompt,
  type TemplateField,
  type TemplateInputs,
  type TemplateOutputPart,
} from '@redacta/shared';
import { TemplateFieldsForm } from './template-fields-form';

/**
 * The prompt as a run would send it, redrawn as the template is written: sample inputs for its fields
 * (a field left empty shows as its label in brackets), and the parts the reply will come in.
 */
export function TemplatePreview({
  prompt,
  fields,
  parts,
}: {
  prompt: string;
  fields: TemplateField[];
  parts: TemplateOutputPart[];
}) {
  const { t } = useTranslation();
  const [samples, setSamples] = useState<TemplateInputs>({});
  const inputs = Object.fromEntries(
    fields.map((field) => [field.key, samples[field.key]?.trim() || `[${field.label.trim() || field.key}]`]),
  );
  const rendered = renderTemplatePrompt(prompt, inputs);
  return (
    <section
      aria-labelledby="template-preview-title"
      className="flex flex-col gap-4 rounded-lg border border-border bg-surface-muted p-4"
    >
      <h2 id="template-preview-title" className="text-base font-semibold">
        {t('templates.preview.title')}
      </h2>
      {fields.length > 0 && (
        <details open className="flex flex-col gap-3">
          <summary className="cursor-pointer text-sm font-medium">{t('templates.preview.samples')}</summary>
          <div className="mt-3">
            <TemplateFieldsForm
              // Sample values are not checked: the preview shows the prompt with whatever is typed.
              fields={fields.filter(
                (field, index) => field.key && fields.findIndex((other) => other.key === field.key) === index,
              )}
              values={samples}
              errors={{}}
              onChange={(key, value) => setSamples((current) => ({ ...current, [key]: value }))}
            />
          </div>
        </details>
      )}
      <div>
        <h3 className="mb-1 text-xs font-medium text-text-muted">{t('templates.preview.prompt')}</h3>
        <p
          data-testid="template-preview"
          aria-live="polite"
          className="min-h-16 rounded-lg border border-border bg-surface p-3 text-sm leading-relaxed break-words whitespace-pre-wrap"
        >
          {rendered.trim() ? (
            rendered
          ) : (
            <span className="text-text-muted">{t('templates.preview.empty')}</span>
          )}
        </p>
      </div>
      {parts.length > 0 && (
        <div>
          <h3 className="mb-1 text-xs font-medium text-text-muted">{t('templates.preview.parts')}</h3>
          <ul className="flex flex-col gap-1 text-sm">
            {parts.map((part, index) => (
              <li key={`${part.key}-${index}`} className="flex flex-wrap justify-between gap-x-3">
                <span>{part.label || part.key}</span>
                <span className="text-text-muted tabular-nums">
                  {[
                    part.items !== undefined ? t('templates.preview.items', { count: part.items }) : null,
                    part.maxChars !== undefined
                      ? t('templates.preview.maxChars', { count: part.maxChars })
                      : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
