import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PROMPT_NAME_MAX_LENGTH, PROMPT_TEXT_MAX_LENGTH, type Prompt } from '@redacta/shared';
import { Input, Textarea } from '@/components/ui/input';
import { Button } from '@/components/ui/button';

/** Create or edit a custom prompt: a name and a text, both required. */
export function CustomPromptForm({
  prompt,
  saving,
  onCancel,
  onSave,
}: {
  prompt?: Prompt;
  saving: boolean;
  onCancel: () => void;
  onSave: (value: { name: string; text: string }) => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(prompt?.name ?? '');
  const [text, setText] = useState(prompt?.text ?? '');
  const [touched, setTouched] = useState({ name: false, text: false });
  const required = t('validation.required');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The library is rendered from inside the chat's composer: React bubbles a submit through
    // portals to the components around it, and it must end here.
    event.stopPropagation();
    setTouched({ name: true, text: true });
    if (name.trim() && text.trim()) onSave({ name: name.trim(), text: text.trim() });
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex min-h-0 flex-1 flex-col"
      aria-labelledby="custom-prompt-title"
    >
      <div className="flex min-h-0 flex-1 flex-col gap-4 overflow-y-auto p-4">
        <h3 id="custom-prompt-title" className="text-base font-semibold">
          {prompt ? t('prompts.editTitle') : t('prompts.newTitle')}
        </h3>
        <Input
          label={t('prompts.name')}
          value={name}
          autoFocus
          maxLength={PROMPT_NAME_MAX_LENGTH}
          onChange={(event) => setName(event.target.value)}
          onBlur={() => setTouched((current) => ({ ...current, name: true }))}
          error={touched.name && !name.trim() ? required : null}
        />
        <Textarea
          label={t('prompts.text')}
          rows={8}
          value={text}
          maxLength={PROMPT_TEXT_MAX_LENGTH}
          onChange={(event) => setText(event.target.value)}
          onBlur={() => setTouched((current) => ({ ...current, text: true }))}
          error={touched.text && !text.trim() ? required : null}
          hint={t('prompts.textHint', { example: `{{${t('prompts.exampleVariable')}}}` })}
        />
      </div>
      <div className="flex flex-wrap justify-end gap-2 border-t border-border p-3">
        <Button variant="secondary" onClick={onCancel} disabled={saving}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" loading={saving}>
          {t('common.save')}
        </Button>
      </div>
    </form>
  );
}
