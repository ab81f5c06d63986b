import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Plus, Table2 } from 'lucide-react';
import { useSession } from '@/features/session';
import { buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { useBatches } from '../api/use-batches';
import { BatchList, BatchListSkeleton } from '../components/batch-list';
import { PageTitle } from '../components/page-title';

/** /batches: the workspace's bulk runs, and the way to start a new one. */
export default function BatchesPage() {
  const { t } = useTranslation();
  const { workspace } = useSession();
  const batches = useBatches(workspace?.id ?? '');
  if (!workspace) return null;
  // A draft cancelled before it ran (another file chosen in its place, or given up) holds no results:
  // listed, it would only repeat the file's name beside the batch that did run.
  const listed = (batches.data ?? []).filter(
    (batch) => batch.status !== 'cancelled' || batch.startedAt !== null,
  );

  const newBatch = (
    <Link to="/batches/new" className={buttonClasses('primary')}>
      <Plus className="size-4" aria-hidden />
      {t('batches.new.action')}
    </Link>
  );
  let content;
  if (batches.isPending) content = <BatchListSkeleton />;
  else if (batches.isError)
    content = (
      <LoadError
        className="py-12"
        message={t('batches.list.loadFailed')}
        retryLabel={t('batches.retry')}
        retrying={batches.isFetching}
        onRetry={() => void batches.refetch()}
      />
    );
  else if (listed.length === 0)
    content = (
      <EmptyState
        icon={<Table2 className="size-6" aria-hidden />}
        title={t('batches.list.emptyTitle')}
        text={t('batches.list.emptyText')}
        action={newBatch}
      />
    );
  else content = <BatchList batches={listed} workspace={workspace} />;

  return (
    <div className="relative mx-auto flex w-full max-w-[1200px] flex-col gap-6 px-4 py-6 md:px-6 md:py-8">
      <PageTitle title={t('batches.title')} description={t('batches.description')} actions={newBatch} />
      {content}
    </div>
  );
}
