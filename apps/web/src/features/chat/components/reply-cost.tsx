import { useTranslation } from 'react-i18next';
import { Tooltip } from '@/components/ui/tooltip';
import { cn } from '@/components/ui/cn';
import { formatCount } from '@/lib/format-count';
import { useWordsUsage } from './words-usage-context';

const costClasses = 'ml-1 text-xs text-text-muted tabular-nums';

/**
 * What a reply used of the month's words ("69 palabras usadas"). On a plan with a monthly allowance,
 * a tooltip on hover and keyboard focus says what is left of it; an unlimited plan has nothing left
 * to tell, so it shows the count alone.
 */
export function ReplyCost({ words }: { words: number }) {
  const { t, i18n } = useTranslation();
  const usage = useWordsUsage();
  const format = (n: number) => formatCount(n, i18n.language);
  const label = t('chat.cost', { count: words, formatted: format(words) });
  if (usage === null || usage.limit === null || usage.remaining === null) {
    return (
      <span className={costClasses} data-testid="reply-cost">
        {label}
      </span>
    );
  }
  return (
    <Tooltip content={t('chat.wordsLeft', { count: usage.remaining, formatted: format(usage.remaining) })}>
      <span
        tabIndex={0}
        className={cn(
          costClasses,
          'cursor-default rounded px-1 focus-visible:outline-2 focus-visible:outline-primary',
        )}
        data-testid="reply-cost"
      >
        {label}
      </span>
    </Tooltip>
  );
}
