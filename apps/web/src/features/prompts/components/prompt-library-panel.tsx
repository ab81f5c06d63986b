import { useId, useRef, useState, type KeyboardEvent } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { Plus, Search, X } from 'lucide-react';
import { promptVariables, type Prompt } from '@redacta/shared';
import { Button } from '@/components/ui/button';
import { fieldClasses } from '@/components/ui/input';
import { cn } from '@/components/ui/cn';
import { errorMessage } from '@/lib/error-message';
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
import { searchPrompts } from '../search';
import { CategoryNav } from './category-nav';
import { CustomPromptForm } from './custom-prompt-form';
import { DeletePromptDialog } from './delete-prompt-dialog';
import { EmptyList, LibraryError, LibrarySkeleton, ListHeading } from './library-status';
import { optionId, PromptList } from './prompt-list';
import { PromptPreview } from './prompt-preview';
import { VariablesForm } from './variables-form';

type View =
  | { kind: 'browse' }
  | { kind: 'preview' }
  | { kind: 'variables'; prompt: Prompt }
  | { kind: 'form'; prompt?: Prompt };

export interface PromptLibraryPanelProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onUse: (text: string, promptId: string) => void;
}

/** The prompt library (spec §1): search, categories, preview, use, and the workspace's own prompts. */
export default function PromptLibraryPanel({ open, onOpenChange, onUse }: PromptLibraryPanelProps) {
  const { t } = useTranslation();
  const compact = useMediaQuery(MOBILE_QUERY);
  const listId = useId();
  const searchRef = useRef<HTMLInputElement>(null);
  const usedPrompt = useRef(false);
  const { data: groups, isPending, isError, refetch, isRefetching } = usePromptGroups();
  const recordUse = useRecordPromptUse();
  const create = useCreateCustomPrompt();
  const edit = useEditCustomPrompt();
  const remove = useDeleteCustomPrompt();
  const [query, setQuery] = useState('');
  const [groupKey, setGroupKey] = useState<string | null>(null);
  const [activeId, setActiveId] = useState<string | null>(null);
  const [view, setView] = useState<View>({ kind: 'browse' });
  const [deleting, setDeleting] = useState<Prompt | null>(null);

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
  const showList = () => setView({ kind: 'browse' });
  const changeFailed = (error: unknown) => toast.error(promptError(t, error, 'prompts.toasts.changeFailed'));

  const finish = (prompt: Prompt, text: string) =>
    recordUse.mutate(prompt, {
      onSettled: (_result, error) => {
        if (error) toast.error(errorMessage(t, error));
        usedPrompt.current = true;
        close();
        onUse(text, prompt.id);
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

  const saveCustom = (value: { name: string; text: string }, prompt?: Prompt) => {
    const shown = (id: string) => {
      setGroupKey('custom');
      setQuery('');
      setActiveId(id);
      setView({ kind: compact ? 'preview' : 'browse' });
    };
    if (prompt)
      edit.mutate(
        { id: prompt.id, ...value },
        {
          onSuccess: () => {
            toast.success(t('prompts.toasts.edited'));
            shown(prompt.id);
          },
          onError: changeFailed,
        },
      );
    else
      create.mutate(value, {
        onSuccess: ({ id }) => {
          toast.success(t('prompts.toasts.created'));
          shown(id);
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
        onBack={() => setView({ kind: compact ? 'preview' : 'browse' })}
        onSubmit={(filled) => finish(view.prompt, filled)}
      />
    ) : view.kind === 'form' ? (
      <CustomPromptForm
        key={view.prompt?.id ?? 'new'}
        prompt={view.prompt}
        saving={create.isPending || edit.isPending}
        onCancel={showList}
        onSave={(value) => saveCustom(value, view.prompt)}
      />
    ) : active ? (
      <PromptPreview
        prompt={active.prompt}
        groupName={activeGroupName}
        using={recordUse.isPending}
        onUse={() => choose(active.prompt)}
        onEdit={() => setView({ kind: 'form', prompt: active.prompt })}
        onDelete={() => setDeleting(active.prompt)}
        onBack={compact ? showList : undefined}
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
        empty={<EmptyList query={query} groupKey={selectedKey} onCreate={() => setView({ kind: 'form' })} />}
      />
    </div>
  );

  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <Dialog.Portal>
        <Dialog.Overlay className="animate-fade-in fixed inset-0 z-[60] bg-slate-950/50" />
        <Dialog.Content
          data-testid="prompt-library"
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            searchRef.current?.focus();
          }}
          onCloseAutoFocus={(event) => {
            // A used prompt hands focus to the composer the text went into.
            if (usedPrompt.current) event.preventDefault();
            usedPrompt.current = false;
          }}
          onEscapeKeyDown={(event) => {
            if (view.kind === 'form' || view.kind === 'variables' || view.kind === 'preview') {
              event.preventDefault();
              showList();
            }
          }}
          className={cn(
            'animate-fade-in fixed z-[60] flex flex-col overflow-hidden bg-surface text-text shadow-2xl',
            'inset-x-0 bottom-0 h-[92dvh] rounded-t-[12px]',
            'md:inset-auto md:top-1/2 md:left-1/2 md:h-[min(86vh,720px)] md:w-[min(94vw,1040px)] md:-translate-x-1/2 md:-translate-y-1/2 md:rounded-[12px]',
          )}
        >
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
          <div className="flex flex-col gap-3 border-b border-border px-4 py-3 md:px-5">
            <div className="flex items-center gap-2">
              <div className="relative min-w-0 flex-1">
                <Search
                  className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-text-muted"
                  aria-hidden
                />
                <input
                  ref={searchRef}
                  type="search"
                  role="combobox"
                  aria-label={t('prompts.search')}
                  aria-expanded={hits.length > 0}
                  aria-controls={listId}
                  aria-autocomplete="list"
                  aria-activedescendant={active ? optionId(listId, active.prompt.id) : undefined}
                  placeholder={t('prompts.searchPlaceholder')}
                  value={query}
                  onChange={(event) => {
                    setQuery(event.target.value);
                    setActiveId(null);
                    showList();
                  }}
                  onKeyDown={onListKeys}
                  className={cn(fieldClasses, 'h-10 pl-9')}
                />
              </div>
              <Button
                variant="secondary"
                onClick={() => setView({ kind: 'form' })}
                icon={<Plus className="size-4" aria-hidden />}
                aria-label={compact ? t('prompts.new') : undefined}
                title={compact ? t('prompts.new') : undefined}
                className={compact ? 'px-2.5' : undefined}
              >
                {!compact && t('prompts.new')}
              </Button>
            </div>
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
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
