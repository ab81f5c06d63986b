/** A built-in prompt. `key` is stable and identical in every language; `text` holds `{{variables}}`. */
export type CataloguePrompt = { key: string; name: string; text: string };

/** A category of the built-in library. `key` is stable across languages; `name` is localised. */
export type CatalogueCategory = { key: string; name: string; prompts: CataloguePrompt[] };

/** The category whose prompts need current facts: chat gives the model live web search for them. */
export const REAL_TIME_SEARCH_CATEGORY = 'search';
