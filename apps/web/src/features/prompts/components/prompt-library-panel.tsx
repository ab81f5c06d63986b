import { useId, useRef, useState, type KeyboardEvent } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { promptVariables, type Prompt } from '@redacta/shared';
import type { Locale } from '@redacta/shared/locales';
import { cn } from '@/components/ui/cn';
import { useReturnFocus } from '@/components/ui/focus-return';
import { ListLanguageSelect } from '@/components/ui/list-language-select';
import { errorMessage } from '@/lib/error-message';
import { useUnsavedChanges } from '@/features/unsaved-changes';
import { MOBILE_QUERY, useMediaQuery } from '@/lib/use-media-query';
import { usePromptGroups } from '../api/use-prompt-groups';
import {
  useCreateCustomPrompt,
  useDeleteCustomPrompt,
  useEditCustomPrompt,
  useRecordPromptUse,
} from '../api/use-prompt-mutations';
import { browseHits, firstGroupWithPrompts } from '../browse';
import { promptError } from '../error-text';
import { useLibraryLanguage } from '../library-language-state';
import { useLibraryView } from '../library-view';
import { searchPrompts } from '../search';
import { isLibraryShortcut } from '../shortcut';
import { CategoryNav } from './category-nav';
import { CustomPromptForm } from './custom-prompt-form';
import { DeletePromptDialog } from './delete-prompt-dialog';
import { LibrarySearch, LibraryTitle } from './library-toolbar';
import { EmptyList, LibraryError, LibrarySkeleton, ListHeading } from './library-status';
import { optionId, PromptList } from './prompt-list';
import { PromptPreview } from './prompt-preview';
import { VariablesForm } from './variables-form';

export interface PromptLibraryPanelProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onUse: (text: string, promptId: string) => void;
  addsToDraft: boolean;
  /** Where the focus goes on closing when the control that opened the library is gone. */
  fallbackFocus: () => HTMLElement | null;
}

/** The prompt library: search, categories, preview, use, and the workspace's own prompts. */
export default function PromptLibraryPanel({
  open,
  onOpenChange,
  onUse,
  addsToDraft,
  fallbackFocus,
}: PromptLibraryPanelProps) {
  const { t } = useTranslation();
  const compact = useMediaQuery(MOBILE_QUERY);
  const [language, setLanguage] = useLibraryLanguage();
  const listId = useId();
  const searchRef = useRef<HTMLInputElement>(null);
  // A used prompt goes to the composer once the library has closed, so the composer can take the focus.
  const used = useRef<{ text: string; promptId: string } | null>(null);
  const returnFocus = useReturnFocus(open, fallbackFocus);
  const { view, setView, showList, backToList, backToPrompt, openForm, leaveForm } = useLibraryView(
    compact,
    searchRef,
  );
  const { data: groups, isPending, isError, refetch, isRefetching } = usePromptGroups(language);
  const recordUse = useRecordPromptUse(language);
  const create = useCreateCustomPrompt();
  const edit = useEditCustomPrompt();
  const remove = useDeleteCustomPrompt();
  const [query, setQuery] = useState('');
  const [groupKey, setGroupKey] = useState<string | null>(null);
  const [activeId, setActiveId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Prompt | null>(null);
  // A prompt being written is not thrown away (closing, Cancel, Escape, Back) without a question.
  const [formDirty, setFormDirty] = useState(false);
  const unsaved = useUnsavedChanges(formDirty);

  const searching = query.trim() !== '';
  const selectedKey = groupKey ?? (groups ? firstGroupWithPrompts(groups) : '');
  const selectedGroup = groups?.find((group) => group.key === selectedKey) ?? null;
  const hits = !groups ? [] : searching ? searchPrompts(groups, query) : browseHits(selectedGroup);
  const active = hits.find((hit) => hit.prompt.id === activeId) ?? hits[0] ?? null;
  const activeGroupName = searching ? (active?.groupName ?? null) : (selectedGroup?.name ?? null);

  const close = () => {
    setView({ kind: 'browse' });
    setQuery('');
    onOpenChange(false);
  };
  const changeFailed = (error: unknown) => toast.error(promptError(t, error, 'prompts.toasts.changeFailed'));

  const finish = (prompt: Prompt, text: string) =>
    recordUse.mutate(prompt, {
      onSettled: (_result, error) => {
        if (error) toast.error(errorMessage(t, error));
        used.current = { text, promptId: prompt.id };
        close();
      },
    });
  const choose = (prompt: Prompt) => {
    if (promptVariables(prompt.text).length > 0) setView({ kind: 'variables', prompt });
    else finish(prompt, prompt.text);
  };

  const onListKeys = (event: KeyboardEvent) => {
    if (!active) return;
    const index = hits.indexOf(active);
    const step = { ArrowDown: 1, ArrowUp: -1 }[event.key];
    if (step !== undefined) {
      event.preventDefault();
      setActiveId(hits[Math.min(hits.length - 1, Math.max(0, index + step))]!.prompt.id);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(active.prompt);
    }
  };

  const selectGroup = (key: string) => {
    setGroupKey(key);
    setQuery('');
    setActiveId(null);
    showList();
  };

  const switchLanguage = (next: Locale) => {
    setLanguage(next);
    setActiveId(null);
  };

  const saveCustom = (value: { name: string; text: string; language: Locale }, prompt?: Prompt) => {
    // The saved prompt is shown, in the library of its language.
    const shown = (saved: Prompt) => {
      setLanguage(saved.language);
      setGroupKey('custom');
      setQuery('');
      setActiveId(saved.id);
      leaveForm(compact ? 'preview' : 'browse', saved);
    };
    if (prompt)
      edit.mutate(
        { id: prompt.id, name: value.name, text: value.text },
        {
          onSuccess: () => {
            toast.success(t('prompts.toasts.edited'));
            shown({ ...prompt, name: value.name, text: value.text });
          },
          onError: changeFailed,
        },
      );
    else
      create.mutate(value, {
        onSuccess: (created) => {
          toast.success(t('prompts.toasts.created'));
          shown(created);
        },
        onError: changeFailed,
      });
  };

  const confirmDelete = (prompt: Prompt) =>
    remove.mutate(prompt.id, {
      onSuccess: () => {
        setDeleting(null);
        showList();
        toast.success(t('prompts.toasts.deleted'));
      },
      onError: changeFailed,
    });

  const detail =
    view.kind === 'variables' ? (
      <VariablesForm
        key={view.prompt.id}
        prompt={view.prompt}
        using={recordUse.isPending}
        addsToDraft={addsToDraft}
        onBack={backToPrompt}
        onSubmit={(filled) => finish(view.prompt, filled)}
      />
    ) : view.kind === 'form' ? (
      <CustomPromptForm
        key={view.prompt?.id ?? 'new'}
        prompt={view.prompt}
        defaultLanguage={language}
        saving={create.isPending || edit.isPending}
        onCancel={() => unsaved.confirm(() => leaveForm('browse', view.prompt))}
        onDirtyChange={setFormDirty}
        onSave={(value) => saveCustom(value, view.prompt)}
      />
    ) : active ? (
      <PromptPreview
        prompt={active.prompt}
        groupName={activeGroupName}
        using={recordUse.isPending}
        addsToDraft={addsToDraft}
        onUse={() => choose(active.prompt)}
        onEdit={() => openForm(active.prompt)}
        onDelete={() => setDeleting(active.prompt)}
        onBack={compact ? backToList : undefined}
        focus={view.kind === 'browse' || view.kind === 'preview' ? view.focus : undefined}
      />
    ) : (
      <p className="m-auto max-w-60 p-6 text-center text-[13px] text-text-muted">{t('prompts.pickOne')}</p>
    );

  const list = groups && (
    <div className="flex min-h-0 flex-1 flex-col">
      <ListHeading searching={searching} count={hits.length} groupName={selectedGroup?.name ?? ''} />
      <PromptList
        listId={listId}
        label={searching ? t('prompts.results') : (selectedGroup?.name ?? '')}
        hits={hits}
        activeId={active?.prompt.id ?? null}
        onActivate={(id) => {
          setActiveId(id);
          if (compact) setView({ kind: 'preview' });
        }}
        onKeyDown={onListKeys}
        empty={<EmptyList query={query} groupKey={selectedKey} onCreate={() => openForm()} />}
      />
    </div>
  );

  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? onOpenChange(true) : unsaved.confirm(close))}>
      <Dialog.Portal>
        <Dialog.Overlay className="animate-fade-in fixed inset-0 z-[60] bg-slate-950/50" />
        <Dialog.Content
          data-testid="prompt-library"
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            searchRef.current?.focus();
          }}
          onCloseAutoFocus={(event) => {
            const use = used.current;
            used.current = null;
            if (!use) return returnFocus(event);
            event.preventDefault();
            onUse(use.text, use.promptId);
          }}
          onKeyDown={(event) => {
            if (!isLibraryShortcut(event) || deleting) return;
            // Handled here, so the shortcut does not open the library again; a prompt being written
            // is not thrown away.
            event.preventDefault();
            if (view.kind !== 'form') close();
          }}
          onInteractOutside={(event) => {
            // A click beside the panel must not throw away a prompt being written.
            if (view.kind === 'form') event.preventDefault();
          }}
          onEscapeKeyDown={(event) => {
            // Escape steps back (form or variables to the prompt, the prompt to the list) before it closes.
            if (view.kind === 'browse') return;
            event.preventDefault();
            if (view.kind === 'form') unsaved.confirm(() => leaveForm('browse', view.prompt));
            else if (view.kind === 'variables') backToPrompt();
            else backToList();
          }}
          className={cn(
            'animate-fade-in fixed z-[60] flex flex-col overflow-hidden bg-surface text-text shadow-2xl',
            'inset-x-0 bottom-0 h-[92dvh] rounded-t-[12px]',
            'md:inset-auto md:top-1/2 md:left-1/2 md:h-[min(86vh,720px)] md:w-[min(94vw,1040px)] md:-translate-x-1/2 md:-translate-y-1/2 md:rounded-[12px]',
          )}
        >
          <LibraryTitle />
          <div className="flex flex-col gap-3 border-b border-border px-4 py-3 md:px-5">
            <LibrarySearch
              ref={searchRef}
              query={query}
              listId={listId}
              activeOptionId={active ? optionId(listId, active.prompt.id) : undefined}
              expanded={hits.length > 0}
              compact={compact}
              onQueryChange={(next) => {
                setQuery(next);
                setActiveId(null);
                showList();
              }}
              onKeyDown={onListKeys}
              onNew={() => openForm()}
              language={
                // Custom prompts belong to one language, and the catalogue exists in each.
                <ListLanguageSelect
                  label={t('prompts.libraryLanguage')}
                  title={t('prompts.libraryLanguageHint')}
                  value={language}
                  onChange={switchLanguage}
                  compact={compact}
                />
              }
            />
            {compact && groups && !searching && view.kind === 'browse' && (
              <CategoryNav groups={groups} selected={selectedKey} onSelect={selectGroup} compact />
            )}
          </div>
          {isPending ? (
            <LibrarySkeleton />
          ) : isError ? (
            <LibraryError retrying={isRefetching} onRetry={() => void refetch()} />
          ) : compact ? (
            <div className="flex min-h-0 flex-1 flex-col">{view.kind === 'browse' ? list : detail}</div>
          ) : (
            <div className="grid min-h-0 flex-1 grid-cols-[200px_minmax(0,1fr)_minmax(0,1.15fr)]">
              <div
                className={cn(
                  'min-h-0 overflow-y-auto border-r border-border p-2',
                  searching && 'opacity-60',
                )}
              >
                <CategoryNav
                  groups={groups}
                  selected={searching ? '' : selectedKey}
                  onSelect={selectGroup}
                  compact={false}
                />
              </div>
              <div className="flex min-h-0 flex-col border-r border-border">{list}</div>
              <div className="flex min-h-0 flex-col">{detail}</div>
            </div>
          )}
          {deleting && (
            <DeletePromptDialog
              prompt={deleting}
              pending={remove.isPending}
              onClose={() => setDeleting(null)}
              onDelete={() => confirmDelete(deleting)}
            />
          )}
          {unsaved.dialog}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
