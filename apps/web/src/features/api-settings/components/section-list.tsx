import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { ListSkeleton } from '@/components/ui/list-skeleton';

/** What a section's list query says of itself. */
interface ListQuery {
  isPending: boolean;
  isError: boolean;
  isRefetching: boolean;
  refetch: () => unknown;
}

/**
 * A Settings → API list in its four states: loading, a failed load (with retry), none yet (with the
 * section's first action), and its rows under their count beside the same action.
 */
export function SectionList({
  query,
  count,
  label,
  failedText,
  empty,
  countText,
  action,
  children,
}: {
  query: ListQuery;
  count: number;
  /** The list's accessible name. */
  label: string;
  failedText: string;
  empty: { icon: ReactNode; title: string; text: string; action: ReactNode };
  countText: string;
  action: ReactNode;
  /** The rows, each an `li`. */
  children: ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isPending) return <ListSkeleton />;
  if (query.isError)
    return (
      <LoadError
        message={failedText}
        retryLabel={t('apiSettings.retry')}
        retrying={query.isRefetching}
        onRetry={() => void query.refetch()}
        className="py-8"
      />
    );
  if (count === 0) return <EmptyState {...empty} />;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-text-muted">{countText}</p>
        {action}
      </div>
      <ul aria-label={label} className="divide-y divide-border rounded-xl border border-border">
        {children}
      </ul>
    </div>
  );
}
