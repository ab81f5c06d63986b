import { useTranslation } from 'react-i18next';
import type { WorkspaceUsage } from '@redacta/shared';
import { cn } from '@/components/ui/cn';
import { formatCount } from '@/lib/format-count';

/**
 * How many words remain this month: of the member's own budget when they have one and it is the
 * tighter bound, else of a free workspace's allowance; unlimited plans without a budget see nothing.
 */
export function WordsMeter({ usage }: { usage: WorkspaceUsage }) {
  const budget = usage.budget;
  if (budget && (usage.remaining === null || budget.remaining <= usage.remaining))
    return <Meter limit={budget.monthlyWords} used={budget.used} remaining={budget.remaining} ofBudget />;
  if (usage.limit === null || usage.remaining === null) return null;
  return <Meter limit={usage.limit} used={usage.wordCount} remaining={usage.remaining} ofBudget={false} />;
}

function Meter({
  limit,
  used: counted,
  remaining,
  ofBudget,
}: {
  limit: number;
  used: number;
  remaining: number;
  ofBudget: boolean;
}) {
  const { t, i18n } = useTranslation();
  const used = Math.min(counted, limit);
  const low = remaining <= limit * 0.1;
  const format = (n: number) => formatCount(n, i18n.language);
  return (
    <div className="flex items-center gap-2 text-xs text-text-muted" data-testid="words-meter">
      <div
        role="progressbar"
        aria-label={t('chat.wordsUsed')}
        aria-valuemin={0}
        aria-valuemax={limit}
        aria-valuenow={used}
        className="h-1.5 w-24 overflow-hidden rounded-full bg-border"
      >
        <div
          className={cn('h-full rounded-full', low ? 'bg-danger' : 'bg-primary')}
          style={{ width: `${limit === 0 ? 100 : (used / limit) * 100}%` }}
        />
      </div>
      <span>
        {t(ofBudget ? 'chat.budget.left' : 'chat.wordsLeft', {
          count: remaining,
          formatted: format(remaining),
        })}
      </span>
    </div>
  );
}
