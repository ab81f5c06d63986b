/** A built-in prompt. `key` is stable and identical in every language; `text` holds `{{variables}}`. */
export type CataloguePrompt = { key: string; name: string; text: string };

/** A category of the built-in library. `key` is stable across languages; `name` is localised. */
export type CatalogueCategory = { key: string; name: string; prompts: CataloguePrompt[] };
