import { useTranslation } from 'react-i18next';
import { Clock, FolderHeart, Plus, SearchX } from 'lucide-react';
import { CUSTOM_PROMPTS_GROUP, RECENT_PROMPTS_GROUP } from '@redacta/shared';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';

export function LibrarySkeleton() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-2 p-4" aria-busy="true">
      <span className="sr-only">{t('common.loading')}</span>
      {[0, 1, 2, 3, 4, 5].map((row) => (
        <div key={row} className="h-14 w-full animate-pulse rounded-lg bg-surface-muted" />
      ))}
    </div>
  );
}

/** A library that failed to load says so in place ("Failed to fetch prompts"), with a way to try again. */
export function LibraryError({ retrying, onRetry }: { retrying: boolean; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <LoadError
      message={t('prompts.toasts.fetchFailed')}
      retryLabel={t('prompts.retry')}
      retrying={retrying}
      onRetry={onRetry}
      className="m-auto p-6"
    />
  );
}

/** What an empty list means: no match, nothing used yet, or no custom prompts yet. */
export function EmptyList({
  query,
  groupKey,
  onCreate,
}: {
  query: string;
  groupKey: string;
  onCreate: () => void;
}) {
  const { t } = useTranslation();
  const [Icon, text] = query.trim()
    ? [SearchX, t('prompts.noMatch', { query: query.trim() })]
    : groupKey === RECENT_PROMPTS_GROUP
      ? [Clock, t('prompts.noRecent')]
      : groupKey === CUSTOM_PROMPTS_GROUP
        ? [FolderHeart, t('prompts.noCustom')]
        : [SearchX, t('prompts.emptyGroup')];
  return (
    <div className="flex flex-col items-center gap-3 px-4 py-8 text-center">
      <span className="flex size-10 items-center justify-center rounded-full bg-primary-soft text-primary">
        <Icon className="size-5" aria-hidden />
      </span>
      <p className="text-[13px] text-text-muted">{text}</p>
      {!query.trim() && groupKey === CUSTOM_PROMPTS_GROUP && (
        <Button size="sm" onClick={onCreate} icon={<Plus className="size-4" aria-hidden />}>
          {t('prompts.new')}
        </Button>
      )}
    </div>
  );
}

/** Above the list: the group's name or the number of results, announced as it changes. */
export function ListHeading({
  searching,
  count,
  groupName,
}: {
  searching: boolean;
  count: number;
  groupName: string;
}) {
  const { t } = useTranslation();
  return (
    <p className="border-b border-border px-4 py-2 text-xs font-medium text-text-muted" aria-live="polite">
      {searching ? t('prompts.resultCount', { count }) : `${groupName} · ${count}`}
    </p>
  );
}
