import { useTranslation } from 'react-i18next';
import type { WorkspaceUsage } from '@redacta/shared';
import { cn } from '@/components/ui/cn';
import { formatCount } from '@/lib/format-count';

/** Free workspaces see how many words remain this month; unlimited plans see nothing. */
export function WordsMeter({ usage }: { usage: WorkspaceUsage }) {
  const { t, i18n } = useTranslation();
  if (usage.limit === null || usage.remaining === null) return null;
  const used = Math.min(usage.wordCount, usage.limit);
  const low = usage.remaining <= usage.limit * 0.1;
  const format = (n: number) => formatCount(n, i18n.language);
  return (
    <div className="flex items-center gap-2 text-xs text-text-muted" data-testid="words-meter">
      <div
        role="progressbar"
        aria-label={t('chat.wordsUsed')}
        aria-valuemin={0}
        aria-valuemax={usage.limit}
        aria-valuenow={used}
        className="h-1.5 w-24 overflow-hidden rounded-full bg-border"
      >
        <div
          className={cn('h-full rounded-full', low ? 'bg-danger' : 'bg-primary')}
          style={{ width: `${usage.limit === 0 ? 100 : (used / usage.limit) * 100}%` }}
        />
      </div>
      <span>{t('chat.wordsLeft', { count: usage.remaining, formatted: format(usage.remaining) })}</span>
    </div>
  );
}
