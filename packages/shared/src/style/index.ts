export * from './types.ts';
export { checkStyle, keepCapitals } from './check.ts';
export { applyFixes, fixEdit, fixEdits } from './fix.ts';
