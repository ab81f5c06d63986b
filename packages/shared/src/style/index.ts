export * from './types.ts';
export { checkStyle, keepCapitals } from './check.ts';
export { applyFixes, fixEdit, fixEdits } from './fix.ts';
export { ignoreKey, IGNORED_FOUND_MAX_CODE_POINTS } from './ignore-key.ts';
