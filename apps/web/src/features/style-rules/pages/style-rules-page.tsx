import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { Plus, SpellCheck } from 'lucide-react';
import type { StyleRule } from '@redacta/shared';
import { governs } from '@redacta/shared/rules/roles';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { SaveButton } from '@/components/ui/save-button';
import { useSession } from '@/features/session';
import { useSessionState } from '@/lib/session-store';
import { errorMessage } from '@/lib/error-message';
import { useUnsavedChanges } from '@/features/unsaved-changes';
import { useSaveStyleRules, useStyleRules } from '../api/use-style-rules';
import { changed, newDraft, toBody, toDraft, type DraftErrors, type DraftRule } from '../draft';
import { RuleRow } from '../components/rule-row';
import { RuleList } from '../components/rule-list';

function Skeleton() {
  const { t } = useTranslation();
  return (
    <ul className="flex flex-col gap-3" aria-busy="true" aria-label={t('common.loading')}>
      {[0, 1, 2].map((row) => (
        <li key={row} className="h-16 animate-pulse rounded-xl bg-surface-muted" />
      ))}
    </ul>
  );
}

/** The empty state: what rules are for, with examples, and (for the owner) the way to add one. */
function NoRules({ onAdd }: { onAdd: (() => void) | null }) {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={<SpellCheck className="size-6" aria-hidden />}
      title={t('styleRules.emptyTitle')}
      text={t('styleRules.emptyText')}
      action={
        onAdd && (
          <Button icon={<Plus className="size-4" aria-hidden />} onClick={onAdd}>
            {t('styleRules.add')}
          </Button>
        )
      }
      note={
        <>
          {t('styleRules.examplesTitle')}{' '}
          {[
            t('styleRules.example.prefer'),
            t('styleRules.example.ban'),
            t('styleRules.example.exactCase'),
          ].join(' · ')}
          {!onAdd && <span className="mt-2 block">{t('styleRules.ownerOnly')}</span>}
        </>
      }
    />
  );
}

/** The owner's editor: every rule as a small form, one save for the whole list. */
function RulesEditor({ saved, workspaceId }: { saved: StyleRule[]; workspaceId: string }) {
  const { t } = useTranslation();
  const save = useSaveStyleRules(workspaceId);
  const [drafts, setDrafts] = useState<DraftRule[]>(() => saved.map(toDraft));
  const [errors, setErrors] = useState<DraftErrors>({});
  const dirty = changed(drafts, saved);
  const { dialog } = useUnsavedChanges(dirty);
  const [focusKey, setFocusKey] = useState<string | null>(null);

  useEffect(() => {
    if (!focusKey) return;
    document.querySelector<HTMLElement>(`[data-rule-key="${focusKey}"] select`)?.focus();
    setFocusKey(null);
  }, [focusKey]);

  const add = () => {
    const draft = newDraft('ban');
    setDrafts((current) => [...current, draft]);
    setFocusKey(draft.key);
  };
  const change = (key: string, patch: Partial<DraftRule>) => {
    setDrafts((current) => current.map((draft) => (draft.key === key ? { ...draft, ...patch } : draft)));
    setErrors((current) => ({ ...current, [key]: {} }));
  };
  const remove = (index: number) => {
    setDrafts((current) => current.filter((_, i) => i !== index));
    // The focus goes to the rule that takes its place, or to "add" when it was the last.
    const next = drafts[index + 1] ?? drafts[index - 1];
    if (next) setFocusKey(next.key);
    else document.getElementById('style-rules-add')?.focus();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = toBody(drafts);
    if ('errors' in result) {
      setErrors(result.errors);
      return;
    }
    // On failure the drafts stay as typed: nothing is lost, the owner can try again.
    save.mutate(result.body, {
      onSuccess: (answer) => {
        setDrafts(answer.rules.map(toDraft));
        setErrors({});
        toast.success(t('styleRules.saved'));
      },
      onError: (error) => toast.error(errorMessage(t, error, { fallbackKey: 'styleRules.saveFailed' })),
    });
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      {drafts.length === 0 ? (
        <NoRules onAdd={add} />
      ) : (
        <ol className="flex flex-col gap-3">
          {drafts.map((draft, index) => (
            <RuleRow
              key={draft.key}
              draft={draft}
              index={index}
              errors={errors[draft.key]}
              onChange={(patch) => change(draft.key, patch)}
              onRemove={() => remove(index)}
            />
          ))}
        </ol>
      )}
      <div className="flex flex-wrap items-center justify-between gap-3">
        {drafts.length > 0 ? (
          <Button
            id="style-rules-add"
            variant="secondary"
            icon={<Plus className="size-4" aria-hidden />}
            onClick={add}
          >
            {t('styleRules.add')}
          </Button>
        ) : (
          <span id="style-rules-add" tabIndex={-1} />
        )}
        <SaveButton loading={save.isPending} unchanged={!dirty} />
      </div>
      {dialog}
    </form>
  );
}

/** /brand/style-rules: the workspace's style rules; the owner edits them, everyone else reads them. */
export default function StyleRulesPage() {
  const { t } = useTranslation();
  const { workspace } = useSession();
  const user = useSessionState().user;
  const { data, isPending, isError, refetch, isRefetching, workspaceId } = useStyleRules();
  const governing = workspace !== null && governs(workspace, user?.id);

  let content;
  if (isPending) content = <Skeleton />;
  else if (isError)
    content = (
      <LoadError
        message={t('styleRules.fetchFailed')}
        retryLabel={t('styleRules.retry')}
        retrying={isRefetching}
        onRetry={() => void refetch()}
        className="py-12"
      />
    );
  else if (governing)
    content = <RulesEditor key={workspaceId} saved={data.rules} workspaceId={workspaceId} />;
  else if (data.rules.length === 0) content = <NoRules onAdd={null} />;
  else content = <RuleList rules={data.rules} />;

  return (
    <div className="mx-auto flex w-full max-w-[900px] flex-1 flex-col gap-4 px-4 py-6 md:px-6 md:py-8">
      <p className="text-text-muted">{governing ? t('styleRules.intro') : t('styleRules.introMember')}</p>
      {content}
    </div>
  );
}
