import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { ChevronLeft, ChevronRight, FileInput, SearchX } from 'lucide-react';
import type { Batch, BatchRow } from '@redacta/shared';
import { useSession } from '@/features/session';
import { useTemplate } from '@/features/templates';
import { Button, buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { DisabledHint } from '@/components/ui/tooltip';
import { isApiError } from '@/lib/api-error';
import { errorMessage } from '@/lib/error-message';
import { shortDate, shortTime } from '@/lib/format-date';
import { batchKeys } from '../api/batch-keys';
import { BATCH_PAGE_SIZE, useBatch, useBatchRows } from '../api/use-batches';
import { batchParts, rowsAsMarkdown } from '../lib/batch-parts';
import { fetchAllRows } from '../lib/copy-column';
import { personName } from '../lib/people';
import { BatchControls } from '../components/batch-controls';
import { BatchProgress } from '../components/batch-progress';
import { ExportButtons } from '../components/export-buttons';
import { InsertDialog } from '../components/insert-dialog';
import { PageTitle } from '../components/page-title';
import { ResultsTable } from '../components/results-table';
import { StatusBadge } from '../components/status-badge';

/**
 * When a batch this page watched running comes to its end: the rows are read once more (the last
 * ones finished since the previous look), and a finished batch says so in a toast.
 */
function useBatchEnd(batch: Batch | undefined) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const previous = useRef<Batch['status'] | null>(null);
  useEffect(() => {
    if (!batch) return;
    const was = previous.current;
    previous.current = batch.status;
    if (was === null || was === batch.status) return;
    void queryClient.invalidateQueries({ queryKey: batchKeys.allRows(batch.id) });
    if (was === 'running' && batch.status === 'done')
      toast.success(t('batches.doneToast', { name: batch.fileName }));
  }, [batch, queryClient, t]);
}

function Pager({
  offset,
  total,
  onOffset,
}: {
  offset: number;
  total: number;
  onOffset: (offset: number) => void;
}) {
  const { t } = useTranslation();
  if (total <= BATCH_PAGE_SIZE) return null;
  return (
    <nav
      aria-label={t('batches.table.pages')}
      className="flex flex-wrap items-center justify-end gap-2 text-sm"
    >
      <span className="text-text-muted" aria-live="polite">
        {t('batches.table.range', {
          from: offset + 1,
          to: Math.min(total, offset + BATCH_PAGE_SIZE),
          total,
        })}
      </span>
      <Button
        size="sm"
        variant="secondary"
        disabled={offset === 0}
        icon={<ChevronLeft className="size-4" aria-hidden />}
        onClick={() => onOffset(Math.max(0, offset - BATCH_PAGE_SIZE))}
      >
        {t('batches.table.previous')}
      </Button>
      <Button
        size="sm"
        variant="secondary"
        disabled={offset + BATCH_PAGE_SIZE >= total}
        onClick={() => onOffset(offset + BATCH_PAGE_SIZE)}
      >
        {t('batches.table.next')}
        <ChevronRight className="size-4" aria-hidden />
      </Button>
    </nav>
  );
}

/** /batches/{id}: a batch's progress, its controls and its results as they come in. */
export default function BatchPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { workspace } = useSession();
  const batch = useBatch(id);
  const template = useTemplate(batch.data?.templateId ?? null);
  const [offset, setOffset] = useState(0);
  const rows = useBatchRows(batch.data, offset);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [inserting, setInserting] = useState<{ markdown: string; count: number } | null>(null);
  const [gathering, setGathering] = useState(false);
  useBatchEnd(batch.data);

  if (!workspace) return null;
  if (batch.isPending)
    return (
      <div className="relative mx-auto flex w-full max-w-[1200px] flex-col gap-4 px-4 py-8 md:px-6" aria-busy>
        <div className="h-8 w-64 animate-pulse rounded-lg bg-surface-muted" />
        <div className="h-24 animate-pulse rounded-xl bg-surface-muted" />
        <div className="h-64 animate-pulse rounded-xl bg-surface-muted" />
      </div>
    );
  if (batch.isError)
    return (
      <div className="relative mx-auto w-full max-w-[1200px] px-4 py-12 md:px-6">
        {isApiError(batch.error) && batch.error.status === 404 ? (
          <EmptyState
            icon={<SearchX className="size-6" aria-hidden />}
            title={t('batches.detail.missing')}
            action={
              <Link to="/batches" className={buttonClasses('primary')}>
                {t('batches.detail.backToList')}
              </Link>
            }
          />
        ) : (
          <LoadError
            message={t('batches.detail.loadFailed')}
            retryLabel={t('batches.retry')}
            retrying={batch.isFetching}
            onRetry={() => void batch.refetch()}
          />
        )}
      </div>
    );

  const data = batch.data;
  const pageRows = rows.data ?? [];
  const parts = batchParts(template.data, pageRows, t('batches.table.output'));
  const who = personName(workspace, data.createdBy) ?? t('batches.list.formerMember');
  const select = (indexes: number[], on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const index of indexes) {
        if (on) next.add(index);
        else next.delete(index);
      }
      return next;
    });
  const openInsert = async () => {
    const onPage = pageRows.filter((row) => selected.has(row.index));
    let chosen: BatchRow[] = onPage;
    if (onPage.length < selected.size) {
      setGathering(true);
      try {
        chosen = (await fetchAllRows(data.id, data.total)).filter((row) => selected.has(row.index));
      } catch (error) {
        toast.error(errorMessage(t, error, { fallbackKey: 'batches.insert.failed' }));
        return;
      } finally {
        setGathering(false);
      }
    }
    setInserting({ markdown: rowsAsMarkdown(chosen, parts), count: chosen.length });
  };
  const insertButton = (
    <Button
      variant="secondary"
      icon={<FileInput className="size-4" aria-hidden />}
      disabled={selected.size === 0}
      loading={gathering}
      onClick={() => void openInsert()}
    >
      {t('batches.insert.action', { count: selected.size })}
    </Button>
  );

  return (
    <div className="relative mx-auto flex w-full max-w-[1200px] flex-col gap-6 px-4 py-6 md:px-6 md:py-8">
      <PageTitle
        ownTitle
        title={data.fileName}
        description={
          <span className="flex flex-wrap items-center gap-x-3 gap-y-1 text-[13px]">
            <StatusBadge status={data.status} kind="batch" />
            <span>{t('batches.list.template', { name: data.templateName })}</span>
            <span>
              {t('batches.list.madeBy', {
                name: who,
                date: shortDate(data.createdAt),
                time: shortTime(data.createdAt),
              })}
            </span>
          </span>
        }
        actions={
          <Link to="/batches" className={buttonClasses('secondary')}>
            {t('batches.detail.backToList')}
          </Link>
        }
      />

      <section
        aria-label={t('batches.progress.section')}
        className="flex flex-col gap-4 rounded-xl border border-border p-4 md:flex-row md:items-center md:justify-between md:p-6"
      >
        <div className="min-w-0 flex-1">
          <BatchProgress batch={data} />
        </div>
        <BatchControls batch={data} />
      </section>

      <section aria-label={t('batches.table.section')} className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-base font-semibold">{t('batches.table.title')}</h2>
          <div className="flex flex-wrap items-center gap-2">
            {selected.size === 0 ? (
              <DisabledHint reason={t('batches.insert.selectFirst')}>{insertButton}</DisabledHint>
            ) : (
              insertButton
            )}
            <ExportButtons batch={data} />
          </div>
        </div>
        {rows.isError && !rows.data ? (
          <LoadError
            message={t('batches.table.loadFailed')}
            retryLabel={t('batches.retry')}
            retrying={rows.isFetching}
            onRetry={() => void rows.refetch()}
          />
        ) : rows.isPending ? (
          <div className="h-64 animate-pulse rounded-xl bg-surface-muted" />
        ) : (
          <ResultsTable
            batch={data}
            template={template.data}
            parts={parts}
            rows={pageRows}
            selected={selected}
            onSelectedChange={select}
          />
        )}
        <Pager offset={offset} total={data.total} onOffset={setOffset} />
      </section>

      {inserting && (
        <InsertDialog
          workspaceId={workspace.id}
          markdown={inserting.markdown}
          rowCount={inserting.count}
          onOpenChange={(open) => {
            if (!open) setInserting(null);
          }}
          onInserted={() => {
            setInserting(null);
            setSelected(new Set());
          }}
        />
      )}
    </div>
  );
}
