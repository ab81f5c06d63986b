export * from './types.ts';
export { checkStyle, keepCapitals, sentenceAround } from './check.ts';
export { applyFixes, fixEdit, fixEdits, needsRewrite } from './fix.ts';
export { ignoreKey, IGNORED_FOUND_MAX_CODE_POINTS } from './ignore-key.ts';
