import { useTranslation } from 'react-i18next';
import type { WorkspaceUsage } from '@redacta/shared';
import { cn } from '@/components/ui/cn';

/**
 * The words the batch should take against what is left of this month's allowance: on a plan with a
 * limit, a batch larger than what is left says that its last rows may not be written.
 */
export function WordsEstimate({
  estimated,
  usage,
}: {
  estimated: number;
  usage: WorkspaceUsage | undefined;
}) {
  const { t } = useTranslation();
  const remaining = usage?.remaining ?? null;
  const short = remaining !== null && estimated > remaining;
  return (
    <div
      data-testid="batch-estimate"
      className={cn(
        'rounded-lg border p-3 text-sm',
        short ? 'border-warning/60 bg-warning/10' : 'border-border',
      )}
    >
      <p className="font-medium">{t('batches.estimate.words', { count: estimated })}</p>
      <p className="text-text-muted">
        {usage === undefined
          ? t('batches.estimate.unknownLeft')
          : remaining === null
            ? t('batches.estimate.unlimited')
            : t('batches.estimate.left', { count: remaining })}
      </p>
      {short && <p className="mt-1">{t('batches.estimate.short')}</p>}
    </div>
  );
}
