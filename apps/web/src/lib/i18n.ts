import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, locales, resolveLocale, type Locale } from '@redacta/shared/locales';
import { esCoreMessages, loadEnMessages, loadFeatureEsMessages } from '@/locales/bundles';
import { storage, storageKeys } from './storage';

/**
 * The interface language a browser asks for: its first preference we speak, by language alone
 * (en-GB, en-US and any en-* are English; es-* Spanish); Spanish when it prefers none of them.
 */
export function browserLocale(preferred: readonly string[]): Locale {
  for (const tag of preferred) {
    const language = tag.trim().toLowerCase().split(/[-_]/)[0];
    const supported = locales.find((locale) => locale === language);
    if (supported) return supported;
  }
  return DEFAULT_LOCALE;
}

function navigatorLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language].filter(Boolean);
}

/**
 * The language to start in: the user's own choice once made (saved on this device when they pick
 * one, or when their account's language is applied at sign-in), else the browser's
 * (docs/ui.md, "Language").
 */
export function initialLocale(): Locale {
  const saved = storage.get(storageKeys.locale);
  return saved ? resolveLocale(saved) : browserLocale(navigatorLanguages());
}

function syncDocumentLanguage(lng: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = resolveLocale(lng);
}

/** Spanish's core texts are in from the start; English, core and features, loads when chosen. */
async function ensureLoaded(locale: Locale): Promise<void> {
  if (i18n.hasResourceBundle(locale, 'translation')) return;
  i18n.addResourceBundle(locale, 'translation', await loadEnMessages());
}

void i18n.use(initReactI18next).init({
  // A copy: the features' texts are merged into i18next's own (loadFeatureTexts), not into the module's.
  resources: { es: { translation: structuredClone(esCoreMessages) } },
  lng: DEFAULT_LOCALE,
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: ['es', 'en'],
  interpolation: { escapeValue: false },
  returnNull: false,
});
syncDocumentLanguage(i18n.language);
i18n.on('languageChanged', syncDocumentLanguage);

/**
 * Loads the starting language before the first render (instant for Spanish). `sessionPending`: the
 * page is renewing a session as it loads; with no choice saved on this device, the language then
 * comes with the account (`awaitsAccountLocale`) or, without a session, from the browser
 * (`applyBrowserLocale`), so the first screen (the session's loader, which shows no words) is drawn
 * at once instead of after texts in a language the page may never show.
 */
export async function initLocale(sessionPending = false): Promise<void> {
  if (sessionPending && !storage.get(storageKeys.locale)) return;
  await switchTo(initialLocale());
}

async function switchTo(locale: Locale): Promise<void> {
  if (locale === i18n.language) return;
  await ensureLoaded(locale).catch(() => undefined);
  await i18n.changeLanguage(i18n.hasResourceBundle(locale, 'translation') ? locale : DEFAULT_LOCALE);
}

/**
 * Whether a signed-in screen must wait for the account's language: this device has no choice of its
 * own and the account speaks another language than the one loaded (its texts are on their way).
 */
export function awaitsAccountLocale(accountLocale: Locale): boolean {
  return !storage.get(storageKeys.locale) && accountLocale !== currentLocale();
}

/** With no session and no choice saved on this device, the browser's language (as at a first visit). */
export async function applyBrowserLocale(): Promise<void> {
  if (storage.get(storageKeys.locale)) return;
  await switchTo(browserLocale(navigatorLanguages()));
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
  const regional = navigatorLanguages().find((tag) => tag.toLowerCase().split(/[-_]/)[0] === language);
  if (!regional) return language;
  try {
    return Intl.DateTimeFormat.supportedLocalesOf([regional])[0] ?? language;
  } catch {
    return language;
  }
}

let featureTexts: Promise<void> | null = null;
let featureTextsIn = false;

/**
 * The features' Spanish texts (locales/bundles.ts), added to the core ones: Spanish is the default
 * and the fallback language, so every screen that uses a feature's texts waits for them, whatever the
 * language (main.tsx and app/router.tsx). Fetched once; a failed fetch is tried again next time.
 */
export function loadFeatureTexts(): Promise<void> {
  featureTexts ??= loadFeatureEsMessages().then(
    (messages) => {
      i18n.addResourceBundle(DEFAULT_LOCALE, 'translation', messages, true, false);
      featureTextsIn = true;
    },
    (error: unknown) => {
      featureTexts = null;
      throw error;
    },
  );
  return featureTexts;
}

/** Whether the features' texts are in (loadFeatureTexts has finished). */
export function featureTextsLoaded(): boolean {
  return featureTextsIn;
}

/**
 * Pages drawn without a session, from the core texts alone: sign-in and the legal texts. Every other
 * page's first screen waits for the features' texts.
 */
export function drawsWithCoreTexts(pathname: string): boolean {
  return pathname === '/login' || pathname === '/terms' || pathname === '/privacy';
}

/** Switches the interface language and remembers it for the next visit. */
export async function changeLocale(locale: Locale): Promise<void> {
  await ensureLoaded(locale);
  storage.set(storageKeys.locale, locale);
  await i18n.changeLanguage(locale);
}

export { i18n };
