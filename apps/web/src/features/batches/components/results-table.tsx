import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { Copy, RefreshCw, RotateCcw } from 'lucide-react';
import type { Batch, BatchRow, Template, TemplateOutputPart } from '@redacta/shared';
import { Button } from '@/components/ui/button';
import { Tooltip } from '@/components/ui/tooltip';
import { errorMessage } from '@/lib/error-message';
import { useEditBatchRow, useRegenerateRow } from '../api/use-batch-mutations';
import { columnText, fetchAllRows } from '../lib/copy-column';
import { OutputCell } from './output-cell';
import { StatusBadge } from './status-badge';

/** The copy button of an output column: every row's text of that part, to paste as a column. */
function CopyColumnButton({ batch, part }: { batch: Batch; part: TemplateOutputPart }) {
  const { t } = useTranslation();
  const label = t('batches.table.copyColumn', { part: part.label });
  const copy = async () => {
    try {
      const rows = await fetchAllRows(batch.id, batch.total);
      await navigator.clipboard.writeText(columnText(rows, part.key));
      toast.success(t('batches.table.columnCopied', { count: rows.length }));
    } catch (error) {
      toast.error(errorMessage(t, error, { fallbackKey: 'batches.table.copyFailed' }));
    }
  };
  return (
    <Tooltip content={label}>
      <button
        type="button"
        aria-label={label}
        onClick={() => void copy()}
        className="rounded-md p-1.5 text-text-muted hover:bg-surface-muted hover:text-text focus-visible:outline-2 focus-visible:outline-primary"
      >
        <Copy className="size-4" aria-hidden />
      </button>
    </Tooltip>
  );
}

/** A row's inputs, label and value, as the template names its fields. */
function RowInputs({ row, template }: { row: BatchRow; template: Template | undefined }) {
  const labels = new Map(template?.fields.map((field) => [field.key, field.label]));
  return (
    <dl className="flex flex-col gap-0.5 text-[13px]">
      {Object.entries(row.inputs).map(([key, value]) => (
        <div key={key} className="min-w-0">
          <dt className="inline text-text-muted">{labels.get(key) ?? key}: </dt>
          <dd className="inline break-words" title={value.length > 120 ? value : undefined}>
            {value.length > 120 ? `${value.slice(0, 120)}…` : value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function RowAction({ batch, row }: { batch: Batch; row: BatchRow }) {
  const { t } = useTranslation();
  const regenerate = useRegenerateRow(batch);
  if (row.status !== 'done' && row.status !== 'failed') return null;
  const retry = row.status === 'failed';
  return (
    <Button
      size="sm"
      variant="secondary"
      loading={regenerate.isPending}
      icon={
        retry ? <RotateCcw className="size-4" aria-hidden /> : <RefreshCw className="size-4" aria-hidden />
      }
      aria-label={t(retry ? 'batches.table.retryRow' : 'batches.table.regenerateRow', { row: row.index + 1 })}
      onClick={() =>
        regenerate.mutate(row.index, {
          onError: (error) =>
            toast.error(errorMessage(t, error, { fallbackKey: 'batches.table.regenerateFailed' })),
        })
      }
    >
      {t(retry ? 'batches.table.retry' : 'batches.table.regenerate')}
    </Button>
  );
}

/**
 * One page of a batch's rows: the row (to select), its state, its inputs, each output part
 * editable in place with its length against its limit, and a row's "regenerate" or "retry". The
 * table scrolls sideways on a narrow screen with the row's number kept in view.
 */
export function ResultsTable({
  batch,
  template,
  parts,
  rows,
  selected,
  onSelectedChange,
}: {
  batch: Batch;
  template: Template | undefined;
  parts: TemplateOutputPart[];
  rows: BatchRow[];
  selected: ReadonlySet<number>;
  onSelectedChange: (indexes: number[], selected: boolean) => void;
}) {
  const { t } = useTranslation();
  const edit = useEditBatchRow(batch.id);
  const allSelected = rows.length > 0 && rows.every((row) => selected.has(row.index));
  const stickyCell = 'sticky left-0 z-10 border-r border-border bg-surface';
  // The scrolling box is positioned, so its cells' screen-reader-only texts scroll with it instead
  // of widening the page.
  return (
    <div
      className="relative overflow-x-auto rounded-xl border border-border focus-visible:outline-2 focus-visible:outline-primary"
      tabIndex={0}
      role="region"
      aria-label={t('batches.table.label')}
    >
      <table className="w-full min-w-[720px] border-separate border-spacing-0 text-left text-sm">
        <thead className="bg-surface-muted text-[13px] text-text-muted">
          <tr>
            <th scope="col" className={`${stickyCell} w-20 bg-surface-muted px-3 py-2`}>
              <label className="flex items-center gap-2">
                <input
                  type="checkbox"
                  className="size-4 accent-primary"
                  checked={allSelected}
                  onChange={(event) =>
                    onSelectedChange(
                      rows.map((row) => row.index),
                      event.target.checked,
                    )
                  }
                  aria-label={t('batches.table.selectPage')}
                />
                #
              </label>
            </th>
            <th scope="col" className="w-28 px-3 py-2 font-medium">
              {t('batches.table.status')}
            </th>
            <th scope="col" className="min-w-40 px-3 py-2 font-medium md:min-w-52">
              {t('batches.table.inputs')}
            </th>
            {parts.map((part) => (
              <th key={part.key} scope="col" className="min-w-60 px-3 py-2 font-medium md:min-w-64">
                <span className="flex items-center justify-between gap-2">
                  <span>
                    {part.label}
                    {part.maxChars !== undefined && (
                      <span className="font-normal">
                        {' '}
                        · {t('batches.table.limit', { count: part.maxChars })}
                      </span>
                    )}
                  </span>
                  <CopyColumnButton batch={batch} part={part} />
                </span>
              </th>
            ))}
            <th scope="col" className="w-32 px-3 py-2">
              <span className="sr-only">{t('batches.table.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={row.index}
              className="align-top [&>*]:border-t [&>*]:border-border"
              data-testid="batch-row"
            >
              <th scope="row" className={`${stickyCell} px-3 py-2 font-medium`}>
                <label className="flex items-center gap-2">
                  <input
                    type="checkbox"
                    className="size-4 accent-primary"
                    checked={selected.has(row.index)}
                    onChange={(event) => onSelectedChange([row.index], event.target.checked)}
                    aria-label={t('batches.table.selectRow', { row: row.index + 1 })}
                  />
                  {row.index + 1}
                </label>
              </th>
              <td className="px-3 py-2">
                <div className="flex flex-col items-start gap-1">
                  <StatusBadge status={row.status} kind="row" />
                  {row.error && <p className="text-xs break-words text-danger">{row.error}</p>}
                  {row.edited && <span className="text-xs text-text-muted">{t('batches.table.edited')}</span>}
                </div>
              </td>
              <td className="px-3 py-2">
                <RowInputs row={row} template={template} />
              </td>
              {parts.map((part) => (
                <td key={part.key} className="px-1.5 py-1.5">
                  <OutputCell
                    row={row}
                    part={part}
                    onSave={(text) => edit.mutateAsync({ index: row.index, part: part.key, text })}
                  />
                </td>
              ))}
              <td className="px-3 py-2">
                <RowAction batch={batch} row={row} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
