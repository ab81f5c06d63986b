export const locales = ['es', 'en'] as const;
export type Locale = (typeof locales)[number];
export const DEFAULT_LOCALE: Locale = 'es';

/** Spanish is the default: anything unsupported falls back to it. Accepts tags such as "en-GB". */
export function resolveLocale(value: string | null | undefined): Locale {
  const base = value?.trim().toLowerCase().split(/[-_]/)[0];
  return (locales as readonly string[]).includes(base ?? '') ? (base as Locale) : DEFAULT_LOCALE;
}
