export * from './types.ts';
export { checkStyle, keepCapitals, sentenceAround } from './check.ts';
export { applyFixes, fixEdit, fixEdits, needsRewrite } from './fix.ts';
