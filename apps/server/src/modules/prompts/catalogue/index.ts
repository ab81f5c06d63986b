import type { Locale } from '@redacta/shared/locales';
import { englishCatalogue } from './en/index.ts';
import { spanishCatalogue } from './es/index.ts';
import type { CatalogueCategory } from './types.ts';

export type { CatalogueCategory, CataloguePrompt } from './types.ts';

/**
 * The prompt library shipped with the product. Both languages hold the same categories and prompt keys in
 * the same order; the texts are written for each language, not translated word for word.
 */
export const catalogue: Record<Locale, CatalogueCategory[]> = {
  es: spanishCatalogue,
  en: englishCatalogue,
};
