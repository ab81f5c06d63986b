import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Send } from 'lucide-react';
import { fillPromptVariables, promptVariables, type Prompt } from '@redacta/shared';
import { Input } from '@/components/ui/input';
import { Button } from '@/components/ui/button';
import { AddsToDraftNote } from './adds-to-draft-note';
import { BackButton } from './back-button';
import { PromptText } from './prompt-text';

/** Asks for the prompt's `{{variables}}` and shows the text as it will land in the composer. */
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
  const variables = promptVariables(prompt.text);
  const [values, setValues] = useState<Record<string, string>>({});
  const filled = fillPromptVariables(prompt.text, values);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The library is rendered from inside the chat's composer: React bubbles a submit through
    // portals to the components around it, and it must end here.
    event.stopPropagation();
    onSubmit(filled);
  };
  return (
    <form onSubmit={submit} className="flex min-h-0 flex-1 flex-col" aria-labelledby="prompt-variables-title">
      <div className="flex min-h-0 flex-1 flex-col gap-4 overflow-y-auto p-4">
        <BackButton label={t('prompts.backToPrompt')} onClick={onBack} />
        <div>
          <h3 id="prompt-variables-title" className="text-base font-semibold break-words">
            {prompt.name}
          </h3>
          <p className="text-[13px] text-text-muted">{t('prompts.variablesHelp')}</p>
        </div>
        {variables.map((name, index) => (
          <Input
            key={name}
            label={name}
            autoFocus={index === 0}
            value={values[name] ?? ''}
            onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
          />
        ))}
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
