/**
 * How many entries a workspace may keep in each list its members grow for everyone (docs/product.md,
 * "Limits"). Creating one more answers 409 with the list's code; deleting one makes room again.
 */
export const BRAND_VOICES_PER_WORKSPACE = 50;
export const FOLDERS_PER_WORKSPACE = 200;
/** Custom prompts of all languages together. */
export const CUSTOM_PROMPTS_PER_WORKSPACE = 500;
