import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, resolveLocale, type Locale } from '@redacta/shared/locales';
import es from '@/locales/es.json';
import en from '@/locales/en.json';
import { storage, storageKeys } from './storage';

export const resources = { es: { translation: es }, en: { translation: en } } as const;

/** The saved choice, else Spanish (spec §1: unsupported locales fall back to the default). */
export function initialLocale(): Locale {
  return resolveLocale(storage.get(storageKeys.locale) ?? DEFAULT_LOCALE);
}

function syncDocumentLanguage(lng: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = resolveLocale(lng);
}

void i18n.use(initReactI18next).init({
  resources,
  lng: initialLocale(),
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: ['es', 'en'],
  interpolation: { escapeValue: false },
  returnNull: false,
});
syncDocumentLanguage(i18n.language);
i18n.on('languageChanged', syncDocumentLanguage);

export function currentLocale(): Locale {
  return resolveLocale(i18n.language);
}

/** Switches the interface language and remembers it for the next visit. */
export async function changeLocale(locale: Locale): Promise<void> {
  storage.set(storageKeys.locale, locale);
  await i18n.changeLanguage(locale);
}

export { i18n };
