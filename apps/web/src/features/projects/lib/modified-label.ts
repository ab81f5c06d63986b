import type { TFunction } from 'i18next';
import { shortDate, shortTime } from '@/lib/format-date';

/** The local calendar day of a moment, as "2026-11-24". */
export function localDay(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Whether another moment shown beside this one falls on the same day. */
export type Overlap = 'none' | 'day';

/** For moments shown together (ISO strings), a lookup of how much each shares with another. */
export function overlaps(moments: readonly string[]): (iso: string) => Overlap {
  const counts = new Map<string, number>();
  for (const iso of moments) {
    const day = localDay(new Date(iso));
    counts.set(day, (counts.get(day) ?? 0) + 1);
  }
  return (iso) => ((counts.get(localDay(new Date(iso))) ?? 0) > 1 ? 'day' : 'none');
}

/**
 * "Modificado hoy, 10:42", "Modificado ayer, 18:05", "Modificado el 3 nov 2026", in the one date and
 * time style of the interface (hours and minutes, never seconds). New projects made one after another
 * must not read the same: a day shared with another row adds the time.
 */
export function modifiedLabel(
  t: TFunction,
  iso: string,
  { overlap, now = new Date() }: { overlap: Overlap; now?: Date },
): string {
  const date = new Date(iso);
  const day = localDay(date);
  if (day === localDay(now)) return t('projects.updatedToday', { time: shortTime(date) });
  if (day === localDay(new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1)))
    return t('projects.updatedYesterday', { time: shortTime(date) });
  return overlap === 'none'
    ? t('projects.updated', { date: shortDate(date) })
    : t('projects.updatedWithTime', { date: shortDate(date), time: shortTime(date) });
}

/**
 * For the sidebar, where only names show: when a name repeats, the moment it was last modified tells
 * the projects apart ("10:42" today, "23 nov 2026, 10:42" before).
 */
export function shortModified(iso: string, { now = new Date() }: { now?: Date } = {}) {
  const date = new Date(iso);
  if (localDay(date) === localDay(now)) return shortTime(date);
  return `${shortDate(date)}, ${shortTime(date)}`;
}
