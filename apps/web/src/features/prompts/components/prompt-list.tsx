import { useEffect, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FolderHeart } from 'lucide-react';
import type { PromptHit } from '../search';
import { cn } from '@/components/ui/cn';
import { LanguageBadge } from './language-badge';

export const optionId = (listId: string, promptId: string) => `${listId}-${promptId}`;

/**
 * The prompts of the chosen category or search as a listbox; the highlighted one is previewed.
 * The search field drives it too (aria-activedescendant), so arrows work from either.
 */
export function PromptList({
  listId,
  label,
  hits,
  activeId,
  onActivate,
  onKeyDown,
  empty,
}: {
  listId: string;
  label: string;
  hits: PromptHit[];
  activeId: string | null;
  onActivate: (id: string) => void;
  onKeyDown: (event: KeyboardEvent) => void;
  empty: ReactNode;
}) {
  const { t } = useTranslation();
  useEffect(() => {
    if (activeId) document.getElementById(optionId(listId, activeId))?.scrollIntoView({ block: 'nearest' });
  }, [activeId, listId]);

  if (hits.length === 0) return <div className="p-4">{empty}</div>;
  return (
    <ul
      id={listId}
      role="listbox"
      aria-label={label}
      tabIndex={0}
      aria-activedescendant={activeId ? optionId(listId, activeId) : undefined}
      onKeyDown={onKeyDown}
      className="flex min-h-0 flex-col gap-1 overflow-y-auto p-2 outline-none focus-visible:ring-2 focus-visible:ring-primary/40"
    >
      {hits.map(({ prompt, groupName }) => {
        const active = prompt.id === activeId;
        return (
          <li
            key={prompt.id}
            id={optionId(listId, prompt.id)}
            role="option"
            aria-selected={active}
            onClick={() => onActivate(prompt.id)}
            className={cn(
              'cursor-pointer rounded-lg border px-3 py-2',
              active ? 'border-primary/40 bg-primary-soft' : 'border-transparent hover:bg-surface-muted',
            )}
          >
            <span className="flex items-center gap-1.5 text-[13px] font-medium text-text">
              {prompt.custom && (
                <FolderHeart
                  className="size-3.5 shrink-0 text-primary"
                  aria-label={t('prompts.customBadge')}
                />
              )}
              <span className="min-w-0">{prompt.name}</span>
              {prompt.custom && <LanguageBadge language={prompt.language} />}
            </span>
            {groupName && <span className="block text-[11px] text-text-muted">{groupName}</span>}
            <span className="mt-0.5 line-clamp-2 text-xs text-text-muted">{prompt.text}</span>
          </li>
        );
      })}
    </ul>
  );
}
