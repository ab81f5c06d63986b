import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileText, Lightbulb, Search, Send, Info } from 'lucide-react';
import { useSession } from '@/features/session';
import { Button } from '@/components/ui/button';
import { DisabledHint } from '@/components/ui/tooltip';
import { fieldClasses } from '@/components/ui/input';
import { cn } from '@/components/ui/cn';
import { OutOfWords } from '../components/out-of-words';

const categories = [
  { key: 'search', Icon: Search, prompts: ['p1', 'p2', 'p3'] },
  { key: 'longForm', Icon: FileText, prompts: ['p1', 'p2', 'p3'] },
  { key: 'brainstorm', Icon: Lightbulb, prompts: ['p1', 'p2', 'p3'] },
] as const;

/** Spec §1: the empty chat shows a welcome and three starter categories with example prompts. */
export default function ChatPage() {
  const { t } = useTranslation();
  const { user, workspace } = useSession();
  const [message, setMessage] = useState('');
  const composer = useRef<HTMLTextAreaElement>(null);
  const composerId = useId();
  const noteId = useId();

  const applyPrompt = (text: string) => {
    setMessage(text);
    composer.current?.focus();
  };

  return (
    <div className="flex flex-1 flex-col">
      <div className="mx-auto flex w-full max-w-[760px] flex-1 flex-col gap-8 px-4 py-8 md:px-6 md:py-12">
        <div className="text-center">
          <h2 className="text-2xl font-semibold tracking-tight md:text-3xl">
            {user?.firstName ? t('chat.welcomeNamed', { name: user.firstName }) : t('chat.welcome')}
          </h2>
          <p className="mt-2 text-[15px] text-text-muted">{t('chat.welcomeText')}</p>
        </div>
        {workspace && <OutOfWords usage={workspace.workspaceUsage} />}
        <div className="grid gap-4 md:grid-cols-3">
          {categories.map(({ key, Icon, prompts }) => (
            <section
              key={key}
              aria-labelledby={`cat-${key}`}
              className="flex flex-col gap-3 rounded-xl border border-border p-4"
            >
              <h3 id={`cat-${key}`} className="flex items-center gap-2 font-semibold">
                <span className="flex size-8 items-center justify-center rounded-lg bg-primary-soft text-primary">
                  <Icon className="size-4" aria-hidden />
                </span>
                {t(`chat.categories.${key}.title`)}
              </h3>
              <ul className="flex flex-col gap-2">
                {prompts.map((prompt) => {
                  const text = t(`chat.categories.${key}.${prompt}`);
                  return (
                    <li key={prompt}>
                      <button
                        type="button"
                        onClick={() => applyPrompt(text)}
                        className="w-full rounded-lg bg-surface-muted px-3 py-2 text-left text-[13px] leading-snug text-text hover:bg-primary-soft"
                      >
                        {text}
                      </button>
                    </li>
                  );
                })}
              </ul>
            </section>
          ))}
        </div>
      </div>
      <div className="sticky bottom-0 border-t border-border bg-surface px-4 py-3 md:px-6">
        <form
          className="mx-auto flex max-w-[760px] flex-col gap-2"
          onSubmit={(event) => event.preventDefault()}
        >
          <label htmlFor={composerId} className="sr-only">
            {t('chat.composerLabel')}
          </label>
          <div className="flex items-end gap-2">
            <textarea
              id={composerId}
              ref={composer}
              rows={2}
              value={message}
              onChange={(event) => setMessage(event.target.value)}
              placeholder={t('chat.composerPlaceholder')}
              aria-describedby={noteId}
              className={cn(fieldClasses, 'min-h-12 resize-none py-2.5 text-base leading-relaxed')}
            />
            <DisabledHint reason={t('chat.comingNext')}>
              <Button disabled aria-label={t('chat.send')} className="h-12 px-3">
                <Send className="size-4" aria-hidden />
              </Button>
            </DisabledHint>
          </div>
          <p id={noteId} className="flex items-center gap-1.5 text-xs text-text-muted">
            <Info className="size-3.5 shrink-0" aria-hidden />
            {t('chat.comingNext')}
          </p>
        </form>
      </div>
    </div>
  );
}
