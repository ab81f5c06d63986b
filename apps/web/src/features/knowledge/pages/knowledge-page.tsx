import { useTranslation } from 'react-i18next';
import { LoadError } from '@/components/ui/load-error';
import { useSession } from '@/features/session';
import { useKnowledgeSources } from '../api/use-knowledge-sources';
import { useUploads } from '../api/use-uploads';
import { AddUrlForm } from '../components/add-url-form';
import { SourceList } from '../components/source-list';
import { TryQuestion } from '../components/try-question';
import { UploadList } from '../components/upload-list';
import { UploadZone } from '../components/upload-zone';

function ListSkeleton() {
  const { t } = useTranslation();
  return (
    <ul className="flex flex-col gap-2" aria-busy="true" aria-label={t('common.loading')}>
      {[0, 1, 2].map((row) => (
        <li key={row} className="flex gap-3 rounded-xl border border-border p-4">
          <div className="size-8 animate-pulse rounded-lg bg-surface-muted" />
          <div className="flex flex-1 flex-col gap-2">
            <div className="h-4 w-48 animate-pulse rounded bg-surface-muted" />
            <div className="h-3 w-32 animate-pulse rounded bg-surface-muted" />
          </div>
        </li>
      ))}
    </ul>
  );
}

/**
 * /brand/knowledge: the files and pages the chat answers from. Adding them (files dropped or picked,
 * a page's address), following their processing, deleting them, and trying a question against them.
 */
export default function KnowledgePage() {
  const { t } = useTranslation();
  const workspaceId = useSession().workspace?.id ?? '';
  const list = useKnowledgeSources(workspaceId);
  const { uploads, start, dismiss } = useUploads(workspaceId);
  const sources = list.data?.sources ?? [];
  const empty = list.isSuccess && sources.length === 0 && uploads.length === 0;

  let content;
  if (list.isPending) content = <ListSkeleton />;
  else if (list.isError)
    content = (
      <LoadError
        message={t('knowledge.fetchFailed')}
        retryLabel={t('knowledge.retry')}
        retrying={list.isRefetching}
        onRetry={() => void list.refetch()}
        className="py-12"
      />
    );
  else if (sources.length > 0)
    content = (
      <>
        <SourceList workspaceId={workspaceId} sources={sources} reindexing={list.data.reindexing} />
        <TryQuestion workspaceId={workspaceId} />
      </>
    );

  return (
    <div className="mx-auto flex w-full max-w-[900px] flex-1 flex-col gap-6 px-4 py-6 md:px-6 md:py-8">
      <p className="text-text-muted">{t('knowledge.intro')}</p>
      <section aria-label={t('knowledge.addLabel')} className="flex flex-col gap-4">
        <UploadZone onFiles={start} empty={empty} />
        <AddUrlForm workspaceId={workspaceId} />
      </section>
      <UploadList uploads={uploads} onDismiss={dismiss} />
      {content}
    </div>
  );
}
