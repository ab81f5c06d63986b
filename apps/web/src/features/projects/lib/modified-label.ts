import type { TFunction } from 'i18next';

/** The local calendar day of a moment, as "2026-11-24". */
export function localDay(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

const localMinute = (date: Date) => `${localDay(date)} ${date.getHours()}:${date.getMinutes()}`;

/** How much of a moment another one shown beside it shares: nothing, its day, or its very minute. */
export type Overlap = 'none' | 'day' | 'minute';

/** For moments shown together (ISO strings), a lookup of how much each shares with another. */
export function overlaps(moments: readonly string[]): (iso: string) => Overlap {
  const counts = new Map<string, number>();
  const bump = (key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);
  for (const iso of moments) {
    const date = new Date(iso);
    bump(`d ${localDay(date)}`);
    bump(`m ${localMinute(date)}`);
  }
  return (iso) => {
    const date = new Date(iso);
    if ((counts.get(`m ${localMinute(date)}`) ?? 0) > 1) return 'minute';
    return (counts.get(`d ${localDay(date)}`) ?? 0) > 1 ? 'day' : 'none';
  };
}

const time = (date: Date, locale: string, overlap: Overlap) =>
  date.toLocaleTimeString(locale, {
    hour: '2-digit',
    minute: '2-digit',
    ...(overlap === 'minute' ? { second: '2-digit' } : {}),
  });

/**
 * "Modificado hoy, 10:42", "Modificado ayer, 18:05", "Modificado el 3 nov 2026". New projects made
 * one after another must not read the same: a day shared with another row adds the time, a minute
 * shared with another row adds the seconds.
 */
export function modifiedLabel(
  t: TFunction,
  iso: string,
  { locale, overlap, now = new Date() }: { locale: string; overlap: Overlap; now?: Date },
): string {
  const date = new Date(iso);
  const day = localDay(date);
  if (day === localDay(now)) return t('projects.updatedToday', { time: time(date, locale, overlap) });
  if (day === localDay(new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1)))
    return t('projects.updatedYesterday', { time: time(date, locale, overlap) });
  const shortDate = date.toLocaleDateString(locale, { day: 'numeric', month: 'short', year: 'numeric' });
  return overlap === 'none'
    ? t('projects.updated', { date: shortDate })
    : t('projects.updatedWithTime', { date: shortDate, time: time(date, locale, overlap) });
}

/**
 * For the sidebar, where only names show: when a name repeats, the moment it was last modified tells
 * the projects apart ("10:42" today, "23 nov, 10:42" before; with seconds when the minute repeats).
 */
export function shortModified(
  iso: string,
  { locale, overlap, now = new Date() }: { locale: string; overlap: Overlap; now?: Date },
) {
  const date = new Date(iso);
  if (localDay(date) === localDay(now)) return time(date, locale, overlap);
  return date.toLocaleString(locale, {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    ...(overlap === 'minute' ? { second: '2-digit' } : {}),
  });
}
