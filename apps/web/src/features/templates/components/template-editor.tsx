import { useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import {
  TEMPLATE_DESCRIPTION_MAX_LENGTH,
  TEMPLATE_NAME_MAX_LENGTH,
  TEMPLATE_PROMPT_MAX_LENGTH,
  templateKeySchema,
  type Template,
} from '@redacta/shared';
import type { Locale } from '@redacta/shared/locales';
import { Button } from '@/components/ui/button';
import { Input, Textarea } from '@/components/ui/input';
import { LanguageChoice } from '@/components/ui/language-choice';
import { useUnsavedChanges } from '@/features/unsaved-changes';
import { useCreateTemplate, useUpdateTemplate } from '../api/use-templates';
import { checkDraft, draftContent, templateDraft, type DraftErrors, type TemplateDraft } from '../draft';
import { changeErrorText } from '../error-text';
import { FieldsEditor } from './fields-editor';
import { PartsEditor } from './parts-editor';
import { TemplatePreview } from './template-preview';

/**
 * Writes a template: a new one (empty, or a copy of `source`), or `template` itself. Each input is
 * checked as the server checks it, its error beside it (after leaving it, or on Save); the preview
 * beside the form (below it on a phone) shows the prompt with sample inputs as it is written.
 * Leaving with changes not saved asks first; Save goes back to the list.
 */
export function TemplateEditor({
  template,
  source,
  defaultLanguage,
}: {
  template?: Template;
  source?: Template;
  defaultLanguage: Locale;
}) {
  const { t } = useTranslation();
  // The start is fixed once: later renders compare against it.
  const [initial] = useState(() => {
    const start = templateDraft(template ?? source, defaultLanguage);
    return source ? { ...start, name: t('templates.copyName', { name: source.name }) } : start;
  });
  const [draft, setDraft] = useState<TemplateDraft>(initial);
  const [touched, setTouched] = useState<Set<string>>(() => new Set());
  const [submitted, setSubmitted] = useState(false);
  const prompt = useRef<HTMLTextAreaElement>(null);
  const caret = useRef<number | null>(null);
  const create = useCreateTemplate();
  const update = useUpdateTemplate();
  const saving = create.isPending || update.isPending;
  const content = draftContent(draft);
  const dirty =
    JSON.stringify(content) !== JSON.stringify(draftContent(initial)) || (source !== undefined && !template);
  const guard = useUnsavedChanges(dirty && !saving);
  const checked = checkDraft(draft);
  const errors: DraftErrors = 'errors' in checked ? checked.errors : {};
  const errorText = (place: string) => {
    const error = errors[place];
    if (!error) return null;
    const shown = submitted || [...touched].some((done) => place === done || place.startsWith(`${done}.`));
    return shown ? t(error.key, error.values) : null;
  };
  const touch = (place: string) => setTouched((current) => new Set(current).add(place));
  const change = (next: Partial<TemplateDraft>) => setDraft((current) => ({ ...current, ...next }));

  const insertKey = (key: string) => {
    const area = prompt.current;
    const token = `{{${key}}}`;
    const start = area?.selectionStart ?? draft.prompt.length;
    const end = area?.selectionEnd ?? draft.prompt.length;
    caret.current = start + token.length;
    change({ prompt: draft.prompt.slice(0, start) + token + draft.prompt.slice(end) });
  };
  // Once the key is in, the caret goes after it, in the prompt.
  useLayoutEffect(() => {
    if (caret.current === null) return;
    prompt.current?.focus();
    prompt.current?.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  }, [draft.prompt]);

  const saved = (key: string) => {
    toast.success(t(key));
    guard.leave('/templates');
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if ('errors' in checked) {
      // The first input in the way takes the focus, so its error is read out.
      requestAnimationFrame(() =>
        document.querySelector<HTMLElement>('#template-editor [aria-invalid="true"]')?.focus(),
      );
      return;
    }
    const { body } = checked;
    if (template) {
      const { language: _fixed, ...patch } = body;
      update.mutate(
        { id: template.id, ...patch, output: body.output ?? null },
        {
          onSuccess: () => saved('templates.toasts.edited'),
          onError: (error) => toast.error(changeErrorText(t, error, 'templates.toasts.saveFailed')),
        },
      );
    } else {
      create.mutate(body, {
        onSuccess: () => saved('templates.toasts.created'),
        onError: (error) => toast.error(changeErrorText(t, error, 'templates.toasts.saveFailed')),
      });
    }
  };
  const keys = [
    ...new Set(
      content.fields.map((field) => field.key).filter((key) => templateKeySchema.safeParse(key).success),
    ),
  ];

  return (
    <div className="mx-auto grid w-full max-w-[1200px] flex-1 gap-6 px-4 py-6 md:px-6 md:py-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]">
      <form
        id="template-editor"
        onSubmit={submit}
        noValidate
        aria-labelledby="template-editor-title"
        className="flex min-w-0 flex-col gap-6"
      >
        {/* On a phone the mobile header carries the page's title. */}
        <h1 id="template-editor-title" className="text-xl font-semibold max-md:sr-only">
          {template ? t('templates.editTitle') : t('templates.newTitle')}
        </h1>
        <section className="flex flex-col gap-4">
          <Input
            label={t('templates.editor.name')}
            value={draft.name}
            maxLength={TEMPLATE_NAME_MAX_LENGTH}
            error={errorText('name')}
            onChange={(event) => change({ name: event.target.value })}
            onBlur={() => touch('name')}
          />
          <Textarea
            label={t('templates.editor.description')}
            rows={2}
            value={draft.description}
            maxLength={TEMPLATE_DESCRIPTION_MAX_LENGTH}
            error={errorText('description')}
            onChange={(event) => change({ description: event.target.value })}
            onBlur={() => touch('description')}
          />
          <LanguageChoice
            legend={t('templates.editor.language')}
            hint={template ? t('templates.editor.languageFixed') : t('templates.editor.languageHint')}
            value={draft.language}
            onChange={(language) => change({ language })}
            // A saved template keeps its language: it is listed with that language's templates.
            disabled={template !== undefined}
          />
          <div className="flex flex-col gap-2">
            <Textarea
              ref={prompt}
              label={t('templates.editor.prompt')}
              rows={8}
              value={draft.prompt}
              maxLength={TEMPLATE_PROMPT_MAX_LENGTH}
              error={errorText('prompt')}
              hint={t('templates.editor.promptHint', { example: '{{producto}}' })}
              onChange={(event) => change({ prompt: event.target.value })}
              onBlur={() => touch('prompt')}
            />
            {keys.length > 0 && (
              <div
                role="group"
                aria-label={t('templates.editor.insertField')}
                className="flex flex-wrap items-center gap-1.5"
              >
                <span className="text-xs text-text-muted">{t('templates.editor.insertField')}</span>
                {keys.map((key) => (
                  <button
                    key={key}
                    type="button"
                    // Keeps the caret where it is: the prompt keeps the focus through the click.
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => insertKey(key)}
                    className="rounded-full border border-border px-2.5 py-0.5 font-mono text-xs hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-primary"
                  >
                    {`{{${key}}}`}
                  </button>
                ))}
              </div>
            )}
          </div>
        </section>
        <div onBlur={(event) => touchFrom(event.target, touch)}>
          <FieldsEditor
            fields={draft.fields}
            onChange={(fields) => change({ fields })}
            errorText={errorText}
          />
        </div>
        <div onBlur={(event) => touchFrom(event.target, touch)}>
          <PartsEditor parts={draft.parts} onChange={(parts) => change({ parts })} errorText={errorText} />
        </div>
        <div className="flex flex-wrap justify-end gap-2 border-t border-border pt-4">
          <Button
            variant="secondary"
            onClick={() => guard.confirm(() => guard.leave('/templates'))}
            disabled={saving}
          >
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {t('common.save')}
          </Button>
        </div>
      </form>
      <aside className="min-w-0 lg:sticky lg:top-6 lg:self-start">
        <TemplatePreview prompt={draft.prompt} fields={content.fields} parts={content.output?.parts ?? []} />
      </aside>
      {guard.dialog}
    </div>
  );
}

/** A list row's inputs are touched row by row: leaving any input of a row shows that row's errors. */
function touchFrom(target: EventTarget, touch: (place: string) => void) {
  const row =
    target instanceof Element ? target.closest('[data-testid="field-row"], [data-testid="part-row"]') : null;
  if (!row?.parentElement) return;
  const index = [...row.parentElement.children].indexOf(row);
  touch(`${row.getAttribute('data-testid') === 'field-row' ? 'fields' : 'parts'}.${index}`);
}
