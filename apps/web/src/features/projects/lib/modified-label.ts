import type { TFunction } from 'i18next';

/** The local calendar day of a moment, as "2026-11-24": two projects share a day when it matches. */
export function localDay(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

const time = (date: Date, locale: string) =>
  date.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' });

/**
 * "Modificado hoy, 10:42", "Modificado ayer, 18:05", "Modificado el 3 nov 2026" — or, when another
 * project shown beside it was modified the same day (`sameDayAsAnother`), "Modificado el 3 nov 2026,
 * 09:15": new projects made one after another must not read the same.
 */
export function modifiedLabel(
  t: TFunction,
  iso: string,
  { locale, sameDayAsAnother, now = new Date() }: { locale: string; sameDayAsAnother: boolean; now?: Date },
): string {
  const date = new Date(iso);
  const day = localDay(date);
  if (day === localDay(now)) return t('projects.updatedToday', { time: time(date, locale) });
  if (day === localDay(new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1)))
    return t('projects.updatedYesterday', { time: time(date, locale) });
  const shortDate = date.toLocaleDateString(locale, { day: 'numeric', month: 'short', year: 'numeric' });
  return sameDayAsAnother
    ? t('projects.updatedWithTime', { date: shortDate, time: time(date, locale) })
    : t('projects.updated', { date: shortDate });
}

/**
 * For the sidebar, where only names show: when a name repeats, the moment it was last modified tells
 * the projects apart ("10:42" today, "23 nov, 10:42" before).
 */
export function shortModified(iso: string, { locale, now = new Date() }: { locale: string; now?: Date }) {
  const date = new Date(iso);
  if (localDay(date) === localDay(now)) return time(date, locale);
  return date.toLocaleString(locale, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
}
