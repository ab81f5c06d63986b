import { useTranslation } from 'react-i18next';
import type { WorkspaceUsage } from '@redacta/shared';
import { formattingLocale } from '@/lib/i18n';
import { longDate } from '@/lib/format-date';
import { UsageBar } from './usage-bar';

/** This month's words: used of the allowance with a bar and the reset date, or used of unlimited. */
export function WordUsage({ usage }: { usage: WorkspaceUsage }) {
  const { t } = useTranslation();
  const format = new Intl.NumberFormat(formattingLocale());
  const { wordCount, limit, resetsAt } = usage;
  const reset = longDate(resetsAt);
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm">
        {limit === null
          ? t('subscription.wordsUnlimited', { used: format.format(wordCount) })
          : t('subscription.wordsUsed', { used: format.format(wordCount), limit: format.format(limit) })}
      </p>
      {limit !== null && <UsageBar value={wordCount} max={limit} label={t('subscription.wordsThisMonth')} />}
      {limit !== null && (
        <p className="text-xs text-text-muted">{t('subscription.resets', { date: reset })}</p>
      )}
    </div>
  );
}
