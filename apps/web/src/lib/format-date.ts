import { formattingLocale } from './i18n';

/**
 * One way per language to write a date or a time (docs/ui.md, "Language"), in the browser's regional
 * style within the interface language:
 * - `longDate`, in sentences and banners: "24 de diciembre de 2026", "24 December 2026";
 * - `shortDate`, in lists and labels: "24 dic 2026", "24 Dec 2026" / "Dec 24, 2026";
 * - `shortTime`, hours and minutes, never seconds: "10:42" / "10:42 AM".
 */
export function longDate(value: string | Date): string {
  return new Date(value).toLocaleDateString(formattingLocale(), {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
}

export function shortDate(value: string | Date): string {
  return new Date(value).toLocaleDateString(formattingLocale(), {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
}

export function shortTime(value: string | Date): string {
  return new Date(value).toLocaleTimeString(formattingLocale(), { hour: '2-digit', minute: '2-digit' });
}
