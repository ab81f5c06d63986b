import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FileSpreadsheet } from 'lucide-react';
import type { Batch, Workspace } from '@redacta/shared';
import { shortDate, shortTime } from '@/lib/format-date';
import { personName } from '../lib/people';
import { BatchProgress } from './batch-progress';
import { StatusBadge } from './status-badge';

/** The workspace's batches, newest first: each a link to its results. */
export function BatchList({ batches, workspace }: { batches: Batch[]; workspace: Workspace }) {
  const { t } = useTranslation();
  return (
    <ul className="flex flex-col gap-3" aria-label={t('batches.list.label')}>
      {batches.map((batch) => {
        const who = personName(workspace, batch.createdBy) ?? t('batches.list.formerMember');
        return (
          <li key={batch.id} data-testid="batch-item">
            <Link
              to={`/batches/${encodeURIComponent(batch.id)}`}
              className="flex flex-col gap-3 rounded-xl border border-border p-4 transition-colors hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
            >
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="flex min-w-0 items-start gap-3">
                  <FileSpreadsheet className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
                  <div className="min-w-0">
                    <p className="font-medium break-words">{batch.fileName}</p>
                    <p className="text-[13px] break-words text-text-muted">
                      {t('batches.list.template', { name: batch.templateName })}
                    </p>
                  </div>
                </div>
                <StatusBadge status={batch.status} kind="batch" />
              </div>
              <BatchProgress batch={batch} compact />
              <p className="text-xs text-text-muted">
                {t('batches.list.madeBy', {
                  name: who,
                  date: shortDate(batch.createdAt),
                  time: shortTime(batch.createdAt),
                })}
              </p>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/** Grey stand-ins while the list loads. */
export function BatchListSkeleton() {
  return (
    <ul className="flex flex-col gap-3" aria-hidden data-testid="batch-list-skeleton">
      {[0, 1, 2].map((item) => (
        <li key={item} className="h-[124px] animate-pulse rounded-xl bg-surface-muted" />
      ))}
    </ul>
  );
}
