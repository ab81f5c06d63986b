import { useTranslation } from 'react-i18next';
import { Gauge } from 'lucide-react';
import type { WorkspaceUsage } from '@redacta/shared';
import { cn } from '@/components/ui/cn';
import { formatCount } from '@/lib/format-count';
import { longDate } from '@/lib/format-date';
import { MOBILE_QUERY, useMediaQuery } from '@/lib/use-media-query';

/**
 * The member's own budget, once the words charged to them reach 80 % of it (docs/product.md, "Usage per
 * member and budgets"): how much is left, and at 100 % that the AI writes no more for them until the
 * month ends or the owner raises it. No upgrade prompt: a plan does not lift a budget.
 */
export function BudgetNotice({ usage, exhausted }: { usage: WorkspaceUsage; exhausted: boolean }) {
  const { t, i18n } = useTranslation();
  const phone = useMediaQuery(MOBILE_QUERY);
  const budget = usage.budget;
  const reset = longDate(usage.resetsAt);
  const title = exhausted
    ? t('chat.budget.used')
    : t('chat.budget.nearly', { formatted: formatCount(budget?.remaining ?? 0, i18n.language) });
  return (
    <div
      role="status"
      data-testid="budget-notice"
      className={cn(
        'flex items-center rounded-xl border',
        exhausted ? 'border-warning/50 bg-warning/10' : 'border-border bg-surface-muted',
        phone ? 'gap-2 px-3 py-2' : 'gap-3 p-4',
      )}
    >
      {!phone && <Gauge className="size-5 shrink-0 text-text-muted" aria-hidden />}
      <div className="min-w-0 flex-1">
        <p className={cn('font-semibold', phone && 'text-sm')}>{title}</p>
        <p className={cn('text-text-muted', phone ? 'text-xs' : 'text-[13px]')}>
          {exhausted
            ? t('chat.budget.usedText', { date: reset })
            : t('chat.budget.nearlyText', { date: reset })}
        </p>
      </div>
    </div>
  );
}
