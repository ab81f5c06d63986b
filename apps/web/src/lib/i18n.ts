import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, resolveLocale, type Locale } from '@redacta/shared/locales';
import { esMessages, messageLoaders } from '@/locales/bundles';
import { storage, storageKeys } from './storage';

/** The saved choice, else Spanish (spec §1: unsupported locales fall back to the default). */
export function initialLocale(): Locale {
  return resolveLocale(storage.get(storageKeys.locale) ?? DEFAULT_LOCALE);
}

function syncDocumentLanguage(lng: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = resolveLocale(lng);
}

async function ensureLoaded(locale: Locale): Promise<void> {
  if (i18n.hasResourceBundle(locale, 'translation')) return;
  i18n.addResourceBundle(locale, 'translation', await messageLoaders[locale]());
}

void i18n.use(initReactI18next).init({
  resources: { es: { translation: esMessages } },
  lng: DEFAULT_LOCALE,
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: ['es', 'en'],
  interpolation: { escapeValue: false },
  returnNull: false,
});
syncDocumentLanguage(i18n.language);
i18n.on('languageChanged', syncDocumentLanguage);

/** Loads the saved language before the first render (instant for Spanish). */
export async function initLocale(): Promise<void> {
  const locale = initialLocale();
  if (locale === i18n.language) return;
  await ensureLoaded(locale).catch(() => undefined);
  await i18n.changeLanguage(i18n.hasResourceBundle(locale, 'translation') ? locale : DEFAULT_LOCALE);
}

export function currentLocale(): Locale {
  return resolveLocale(i18n.language);
}

/**
 * The tag dates and times are written with: the browser's first preference in the interface
 * language (en-GB writes 10:42 and 24 Nov, en-US 10:42 AM and Nov 24), else the language itself.
 */
export function formattingLocale(): string {
  const language = currentLocale();
  const preferred = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  const regional = preferred.find((tag) => tag.toLowerCase().split(/[-_]/)[0] === language);
  if (!regional) return language;
  try {
    return Intl.DateTimeFormat.supportedLocalesOf([regional])[0] ?? language;
  } catch {
    return language;
  }
}

/** Switches the interface language and remembers it for the next visit. */
export async function changeLocale(locale: Locale): Promise<void> {
  await ensureLoaded(locale);
  storage.set(storageKeys.locale, locale);
  await i18n.changeLanguage(locale);
}

export { i18n };
