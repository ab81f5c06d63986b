import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';

/** What the history shows while a query loads or after it failed (with a retry); null once it has data. */
export function QueryState({ query, failedKey }: { query: UseQueryResult; failedKey: string }) {
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      <p className="flex items-center gap-2 py-6 text-sm text-text-muted" role="status">
        <Spinner /> {t('documentHistory.loading')}
      </p>
    );
  }
  if (query.isError) {
    return (
      <LoadError
        className="py-6"
        message={t(failedKey)}
        retryLabel={t('documentHistory.retry')}
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return null;
}
