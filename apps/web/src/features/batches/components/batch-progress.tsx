import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Batch } from '@redacta/shared';
import { durationParts, nextWatch, timeLeftMs, type Watch } from '../lib/time-left';

/** Re-renders every few seconds while `on`, so an estimate counts down between polls. */
function useNow(on: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!on) return;
    const timer = setInterval(() => setNow(Date.now()), 5000);
    return () => clearInterval(timer);
  }, [on]);
  return now;
}

/** The time left in words, or nothing when there is no pace to go by yet. */
function TimeLeft({ batch }: { batch: Batch }) {
  const { t } = useTranslation();
  const now = useNow(batch.status === 'running');
  // When this page saw the rows finish: the pace it goes by, and the moment it counts down from.
  const [watch, setWatch] = useState<Watch | null>(null);
  useEffect(() => setWatch((current) => nextWatch(current, batch, Date.now())), [batch]);
  const left = timeLeftMs(batch, Math.max(now, watch?.last.at ?? 0), watch ?? undefined);
  if (left === null) return null;
  const parts = durationParts(left);
  const text =
    parts === 'underMinute'
      ? t('batches.progress.underMinute')
      : parts.hours === 0
        ? t('batches.progress.minutesLeft', { count: parts.minutes })
        : parts.minutes === 0
          ? t('batches.progress.wholeHoursLeft', { count: parts.hours })
          : t('batches.progress.hoursLeft', { hours: parts.hours, minutes: parts.minutes });
  return <span data-testid="batch-time-left">{text}</span>;
}

/**
 * How far a batch has gone: the bar (rows done, failed or skipped, of all), the counts and, while
 * it runs, the time left at the pace so far.
 */
export function BatchProgress({ batch, compact = false }: { batch: Batch; compact?: boolean }) {
  const { t } = useTranslation();
  const finished = batch.done + batch.failed;
  const skipped = batch.skipped;
  const percent = batch.total === 0 ? 0 : Math.round(((finished + skipped) / batch.total) * 100);
  return (
    <div className="flex flex-col gap-1.5">
      <div
        role="progressbar"
        aria-label={t('batches.progress.label', { name: batch.fileName })}
        aria-valuemin={0}
        aria-valuemax={batch.total}
        aria-valuenow={finished}
        aria-valuetext={t('batches.progress.valueText', { finished, total: batch.total })}
        className={
          compact
            ? 'h-1.5 overflow-hidden rounded-full bg-surface-muted'
            : 'h-2.5 overflow-hidden rounded-full bg-surface-muted'
        }
      >
        <div className="flex h-full" style={{ width: `${percent}%` }}>
          <div className="h-full bg-primary" style={{ flexGrow: batch.done }} />
          <div className="h-full bg-danger" style={{ flexGrow: batch.failed }} />
          <div className="h-full bg-text-muted/40" style={{ flexGrow: skipped }} />
        </div>
      </div>
      <p className="flex flex-wrap gap-x-3 gap-y-1 text-[13px] text-text-muted" data-testid="batch-counts">
        <span>{t('batches.progress.done', { done: batch.done, total: batch.total })}</span>
        {batch.failed > 0 && (
          <span className="text-danger">{t('batches.progress.failed', { count: batch.failed })}</span>
        )}
        {skipped > 0 && <span>{t('batches.progress.skipped', { count: skipped })}</span>}
        {!compact && batch.wordsCharged > 0 && (
          <span>{t('batches.progress.words', { count: batch.wordsCharged })}</span>
        )}
        {!compact && <TimeLeft batch={batch} />}
      </p>
    </div>
  );
}
