import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PROMPT_NAME_MAX_LENGTH, PROMPT_TEXT_MAX_LENGTH, type Prompt } from '@redacta/shared';
import type { Locale } from '@redacta/shared/locales';
import { Input, Textarea } from '@/components/ui/input';
import { Button } from '@/components/ui/button';
import { LanguageChoice } from '@/components/ui/language-choice';
import { LanguageBadge } from './language-badge';

/**
 * Create or edit a custom prompt: a name and a text, both required. A new prompt is saved in a
 * language (the library's by default), whose library lists it; an edited one keeps its language.
 */
export function CustomPromptForm({
  prompt,
  defaultLanguage,
  saving,
  onCancel,
  onSave,
  onDirtyChange,
}: {
  prompt?: Prompt;
  defaultLanguage: Locale;
  saving: boolean;
  onCancel: () => void;
  onSave: (value: { name: string; text: string; language: Locale }) => void;
  /** Whether the form holds changes not saved, which closing it would lose. */
  onDirtyChange?: (dirty: boolean) => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(prompt?.name ?? '');
  const [text, setText] = useState(prompt?.text ?? '');
  const [language, setLanguage] = useState<Locale>(prompt?.language ?? defaultLanguage);
  const [touched, setTouched] = useState({ name: false, text: false });
  const dirty = name !== (prompt?.name ?? '') || text !== (prompt?.text ?? '');
  useEffect(() => {
    onDirtyChange?.(dirty);
    return () => onDirtyChange?.(false);
  }, [dirty, onDirtyChange]);
  const required = t('validation.required');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The library is rendered from inside the chat's composer: React bubbles a submit through
    // portals to the components around it, and it must end here.
    event.stopPropagation();
    setTouched({ name: true, text: true });
    if (name.trim() && text.trim()) onSave({ name: name.trim(), text: text.trim(), language });
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex min-h-0 flex-1 flex-col"
      aria-labelledby="custom-prompt-title"
    >
      <div className="flex min-h-0 flex-1 flex-col gap-4 overflow-y-auto p-4">
        <h3 id="custom-prompt-title" className="flex items-center gap-2 text-base font-semibold">
          {prompt ? t('prompts.editTitle') : t('prompts.newTitle')}
          {prompt && <LanguageBadge language={prompt.language} />}
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
        {!prompt && (
          <LanguageChoice
            legend={t('prompts.promptLanguage')}
            hint={t('prompts.promptLanguageHint')}
            value={language}
            onChange={setLanguage}
          />
        )}
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
