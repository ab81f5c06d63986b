import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Send } from 'lucide-react';
import { fillPromptVariables, promptVariables, templateInputProblems, type Prompt } from '@redacta/shared';
import { Button } from '@/components/ui/button';
import { PromptVariablesFields, promptVariableFields } from '@/features/templates/prompt-variables';
import { AddsToDraftNote } from './adds-to-draft-note';
import { BackButton } from './back-button';
import { PromptText } from './prompt-text';

/**
 * Asks for the prompt's `{{variables}}` in the form a template's fields are asked in, and shows the
 * text as it will land in the composer.
 */
export function VariablesForm({
  prompt,
  using,
  addsToDraft,
  onBack,
  onSubmit,
}: {
  prompt: Prompt;
  using: boolean;
  addsToDraft: boolean;
  onBack: () => void;
  onSubmit: (filled: string) => void;
}) {
  const { t } = useTranslation();
  const fields = useMemo(() => promptVariableFields(prompt.text), [prompt.text]);
  const [values, setValues] = useState<Record<string, string>>({});
  const [submitted, setSubmitted] = useState(false);
  // The fields come in the order of the prompt's variables, whose names the text is filled by.
  const names = promptVariables(prompt.text);
  const filled = fillPromptVariables(
    prompt.text,
    Object.fromEntries(fields.map((field, index) => [names[index]!, values[field.key] ?? ''])),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The library is rendered from inside the chat's composer: React bubbles a submit through
    // portals to the components around it, and it must end here.
    event.stopPropagation();
    setSubmitted(true);
    if (templateInputProblems(fields, values).length === 0) onSubmit(filled);
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex min-h-0 flex-1 flex-col"
      aria-labelledby="prompt-variables-title"
    >
      <div className="flex min-h-0 flex-1 flex-col gap-4 overflow-y-auto p-4">
        <BackButton label={t('prompts.backToPrompt')} onClick={onBack} />
        <div>
          <h3 id="prompt-variables-title" className="text-base font-semibold break-words">
            {prompt.name}
          </h3>
          <p className="text-[13px] text-text-muted">{t('prompts.variablesHelp')}</p>
        </div>
        <PromptVariablesFields fields={fields} values={values} showAll={submitted} onChange={setValues} />
        <div className="rounded-lg border border-border bg-surface-muted p-3" aria-live="polite">
          <p className="mb-1 text-xs font-medium text-text-muted">{t('prompts.result')}</p>
          <PromptText text={filled} />
        </div>
      </div>
      <div className="flex flex-wrap items-center justify-end gap-2 border-t border-border p-3">
        {addsToDraft && <AddsToDraftNote />}
        <Button type="submit" loading={using} icon={<Send className="size-4" aria-hidden />}>
          {t('prompts.use')}
        </Button>
      </div>
    </form>
  );
}
