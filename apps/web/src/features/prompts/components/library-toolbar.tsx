import { forwardRef, type KeyboardEvent, type ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import { Plus, Search, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { fieldClasses } from '@/components/ui/input';
import { cn } from '@/components/ui/cn';

/** The panel's title, with its close button. */
export function LibraryTitle() {
  const { t } = useTranslation();
  return (
    <div className="flex items-center justify-between gap-4 px-4 pt-4 md:px-5">
      <div className="min-w-0">
        <Dialog.Title className="text-lg font-semibold">{t('prompts.title')}</Dialog.Title>
        <Dialog.Description className="text-[13px] text-text-muted">
          {t('prompts.description')}
        </Dialog.Description>
      </div>
      <Dialog.Close
        className="rounded-lg p-2 text-text-muted hover:bg-surface-muted hover:text-text"
        aria-label={t('common.close')}
        title={t('common.close')}
      >
        <X className="size-4" aria-hidden />
      </Dialog.Close>
    </div>
  );
}

/**
 * The search field (a combobox over the prompt list: arrows and Enter act on the highlighted
 * prompt), the library's language and "new prompt", an icon button on phones, where the two share
 * the row under the search field.
 */
export const LibrarySearch = forwardRef<
  HTMLInputElement,
  {
    query: string;
    listId: string;
    activeOptionId: string | undefined;
    expanded: boolean;
    compact: boolean;
    onQueryChange: (query: string) => void;
    onKeyDown: (event: KeyboardEvent) => void;
    onNew: () => void;
    language: ReactNode;
  }
>(function LibrarySearch(
  { query, listId, activeOptionId, expanded, compact, onQueryChange, onKeyDown, onNew, language },
  ref,
) {
  const { t } = useTranslation();
  return (
    // On a phone the search field has its row to itself, so its hint reads whole.
    <div className="flex flex-wrap items-center gap-2">
      <div className={cn('relative min-w-0 flex-1', compact && 'basis-full')}>
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-text-muted"
          aria-hidden
        />
        <input
          ref={ref}
          type="search"
          role="combobox"
          aria-label={t('prompts.search')}
          aria-expanded={expanded}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeOptionId}
          placeholder={t('prompts.searchPlaceholder')}
          value={query}
          onChange={(event) => onQueryChange(event.target.value)}
          onKeyDown={onKeyDown}
          className={cn(fieldClasses, 'h-10 pl-9')}
        />
      </div>
      {language}
      <Button
        variant="secondary"
        onClick={onNew}
        icon={<Plus className="size-4" aria-hidden />}
        aria-label={compact ? t('prompts.new') : undefined}
        title={compact ? t('prompts.new') : undefined}
        className={compact ? 'ml-auto px-2.5' : undefined}
      >
        {!compact && t('prompts.new')}
      </Button>
    </div>
  );
});
