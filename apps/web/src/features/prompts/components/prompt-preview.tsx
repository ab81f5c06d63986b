import { useTranslation } from 'react-i18next';
import { Pencil, Send, Trash2 } from 'lucide-react';
import { promptVariables, type Prompt } from '@redacta/shared';
import { Button } from '@/components/ui/button';
import { AddsToDraftNote } from './adds-to-draft-note';
import { BackButton } from './back-button';
import { LanguageBadge } from './language-badge';
import { PromptText } from './prompt-text';

/** The highlighted prompt in full, with "Usar prompt" and, for custom prompts, edit and delete. */
export function PromptPreview({
  prompt,
  groupName,
  using,
  addsToDraft,
  onUse,
  onEdit,
  onDelete,
  onBack,
  focus,
}: {
  prompt: Prompt;
  groupName: string | null;
  using: boolean;
  addsToDraft: boolean;
  onUse: () => void;
  onEdit: () => void;
  onDelete: () => void;
  onBack?: () => void;
  /** The button to focus on showing, when the panel comes back here from using or editing the prompt. */
  focus?: 'use' | 'edit';
}) {
  const { t } = useTranslation();
  const variables = promptVariables(prompt.text);
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      {/* A long prompt scrolls: the region takes the focus so the keyboard can scroll it too. */}
      <section
        aria-labelledby="prompt-preview-title"
        tabIndex={0}
        className="flex min-h-0 flex-1 flex-col gap-3 overflow-y-auto p-4 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary"
      >
        {onBack && <BackButton label={t('prompts.backToList')} onClick={onBack} />}
        <div>
          {(groupName || prompt.custom) && (
            <p className="flex items-center gap-2 text-xs text-text-muted">
              {groupName}
              {prompt.custom && <LanguageBadge language={prompt.language} />}
            </p>
          )}
          <h3 id="prompt-preview-title" className="text-base font-semibold break-words">
            {prompt.name}
          </h3>
        </div>
        <PromptText text={prompt.text} />
        {variables.length > 0 && (
          <p className="text-xs text-text-muted">{t('prompts.variablesNote', { count: variables.length })}</p>
        )}
      </section>
      <div className="flex flex-wrap items-center justify-end gap-2 border-t border-border p-3">
        {addsToDraft && <AddsToDraftNote />}
        {prompt.custom && (
          <>
            <Button
              variant="ghost"
              onClick={onDelete}
              icon={<Trash2 className="size-4" aria-hidden />}
              className="text-danger"
            >
              {t('prompts.delete')}
            </Button>
            <Button
              variant="secondary"
              onClick={onEdit}
              autoFocus={focus === 'edit'}
              icon={<Pencil className="size-4" aria-hidden />}
            >
              {t('prompts.edit')}
            </Button>
          </>
        )}
        <Button
          onClick={onUse}
          loading={using}
          autoFocus={focus === 'use'}
          icon={<Send className="size-4" aria-hidden />}
        >
          {t('prompts.use')}
        </Button>
      </div>
    </div>
  );
}
