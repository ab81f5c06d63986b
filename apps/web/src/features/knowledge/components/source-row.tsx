import { useTranslation } from 'react-i18next';
import { AlertTriangle, CheckCircle2, FileText, Globe, Trash2 } from 'lucide-react';
import type { KnowledgeSource } from '@redacta/shared';
import { Spinner } from '@/components/ui/spinner';
import { shortDate } from '@/lib/format-date';
import { formattingLocale } from '@/lib/i18n';
import { personName, sizeText } from '../format';

function Status({ source }: { source: KnowledgeSource }) {
  const { t } = useTranslation();
  if (source.status === 'processing')
    return (
      <span className="inline-flex items-center gap-1.5 text-xs font-medium text-text-muted">
        <Spinner className="size-3.5" />
        {t('knowledge.status.processing')}
      </span>
    );
  if (source.status === 'failed')
    return (
      <span className="inline-flex items-center gap-1.5 text-xs font-medium text-danger">
        <AlertTriangle className="size-3.5" aria-hidden />
        {t('knowledge.status.failed')}
      </span>
    );
  return (
    <span className="inline-flex items-center gap-1.5 text-xs font-medium text-text-muted">
      <CheckCircle2 className="size-3.5 text-success" aria-hidden />
      {t('knowledge.status.ready', {
        count: source.passageCount,
        formatted: source.passageCount.toLocaleString(formattingLocale()),
        size: sizeText(source.sizeBytes),
      })}
    </span>
  );
}

/**
 * One source: its kind, name (and address for a page), status (processing, ready with its passages
 * and size, failed with what to do), who added it and when, and delete for whoever may.
 */
export function SourceRow({
  source,
  canDelete,
  onDelete,
}: {
  source: KnowledgeSource;
  canDelete: boolean;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const Icon = source.kind === 'url' ? Globe : FileText;
  const titleId = `knowledge-${source.id}`;
  return (
    <li
      aria-labelledby={titleId}
      data-testid="knowledge-source"
      data-status={source.status}
      className="flex items-start gap-3 p-4"
    >
      <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-lg bg-surface-muted text-text-muted">
        <Icon className="size-4" aria-hidden />
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <h3 id={titleId} className="font-medium break-words">
          {source.name}
        </h3>
        {source.url && source.url !== source.name && (
          <p className="truncate text-xs text-text-muted" title={source.url}>
            {source.url}
          </p>
        )}
        <Status source={source} />
        {source.status === 'failed' && (
          <p className="text-sm text-danger" data-testid="knowledge-failure">
            {t(`knowledge.failure.${source.failureReason ?? 'INTERRUPTED'}`)}
          </p>
        )}
        <p className="text-xs text-text-muted">
          {source.addedBy
            ? t('knowledge.addedBy', { name: personName(source.addedBy), date: shortDate(source.createdAt) })
            : t('knowledge.addedByGone', { date: shortDate(source.createdAt) })}
        </p>
      </div>
      {canDelete && (
        <button
          type="button"
          onClick={onDelete}
          className="-m-1 shrink-0 rounded-lg p-2 text-text-muted hover:bg-surface-muted hover:text-danger focus-visible:outline-2 focus-visible:outline-primary"
          aria-label={t('knowledge.delete.action', { name: source.name })}
          title={t('knowledge.delete.action', { name: source.name })}
        >
          <Trash2 className="size-4" aria-hidden />
        </button>
      )}
    </li>
  );
}
