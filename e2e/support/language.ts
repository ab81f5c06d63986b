import type { Page } from '@playwright/test';

/** The app's languages, as the language menu stores them on the device. */
export type Language = 'es' | 'en';

/**
 * Chooses `language` on this device as the language menu does (the page must be on the app's origin);
 * the app draws in it from the next page load on.
 */
export function chooseLanguage(page: Page, language: Language): Promise<void> {
  return page.evaluate((value) => localStorage.setItem('redacta.locale', value), language);
}
