import { useTranslation } from 'react-i18next';
import type { WorkspaceUsage } from '@redacta/shared';
import { cn } from '@/components/ui/cn';
import { formattingLocale } from '@/lib/i18n';

/** This month's words: used of the allowance with a bar and the reset date, or used of unlimited. */
export function WordUsage({ usage }: { usage: WorkspaceUsage }) {
  const { t } = useTranslation();
  const format = new Intl.NumberFormat(formattingLocale());
  const { wordCount, limit, resetsAt } = usage;
  const reset = new Date(resetsAt).toLocaleDateString(formattingLocale(), { day: 'numeric', month: 'long' });
  const percent = limit ? Math.min(100, Math.round((wordCount / limit) * 100)) : 0;
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm">
        {limit === null
          ? t('subscription.wordsUnlimited', { used: format.format(wordCount) })
          : t('subscription.wordsUsed', { used: format.format(wordCount), limit: format.format(limit) })}
      </p>
      {limit !== null && (
        <div
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={limit}
          aria-valuenow={Math.min(wordCount, limit)}
          aria-label={t('subscription.wordsThisMonth')}
          className="h-2 overflow-hidden rounded-full bg-surface-muted"
        >
          <div
            className={cn('h-full rounded-full', percent >= 100 ? 'bg-danger' : 'bg-primary')}
            style={{ width: `${percent}%` }}
          />
        </div>
      )}
      {limit !== null && (
        <p className="text-xs text-text-muted">{t('subscription.resets', { date: reset })}</p>
      )}
    </div>
  );
}
