import { useTranslation } from 'react-i18next';
import type { BatchRowStatus, BatchStatus } from '@redacta/shared';
import { cn } from '@/components/ui/cn';

const tones: Record<BatchStatus | BatchRowStatus, string> = {
  draft: 'bg-surface-muted text-text-muted',
  pending: 'bg-surface-muted text-text-muted',
  running: 'bg-primary-soft text-primary',
  paused: 'bg-warning/15 text-text',
  done: 'bg-success/15 text-text',
  cancelled: 'bg-surface-muted text-text-muted',
  skipped: 'bg-surface-muted text-text-muted',
  failed: 'bg-danger/15 text-danger',
};

/** A batch's or a row's state in words, on its colour. */
export function StatusBadge({
  status,
  kind,
}: {
  status: BatchStatus | BatchRowStatus;
  kind: 'batch' | 'row';
}) {
  const { t } = useTranslation();
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        tones[status],
      )}
    >
      {t(`batches.${kind}Status.${status}`)}
    </span>
  );
}
