import type { StyleViolation, TextEdit } from './types.ts';

const space = /[^\S\n]/;
const isSpace = (char: string | undefined) => char !== undefined && space.test(char);

/** Markdown's emphasis and code marks, longest first: `**x**` must not be read as `*` around `*x*`. */
const MARKS = ['**', '__', '~~', '*', '_', '`'];

/**
 * The edit that fixes one violation, or null when it has no suggestion. A preferred or exact-case
 * term replaces what was found; a banned phrase is removed with the Markdown marks that enclose only
 * it (no empty `****` is left in a reply) and one space beside it (the one before, or the one after
 * at the start of a line), so no double space is left behind.
 */
export function fixEdit(text: string, violation: StyleViolation): TextEdit | null {
  if (violation.suggestion === null) return null;
  let { start, end } = violation;
  if (violation.suggestion !== '') return { start, end, text: violation.suggestion };
  for (let mark = enclosingMark(text, start, end); mark; mark = enclosingMark(text, start, end)) {
    start -= mark.length;
    end += mark.length;
  }
  if (isSpace(text[start - 1])) return { start: start - 1, end, text: '' };
  return { start, end: isSpace(text[end]) ? end + 1 : end, text: '' };
}

function enclosingMark(text: string, start: number, end: number): string | undefined {
  return MARKS.find((mark) => text.startsWith(mark, start - mark.length) && text.startsWith(mark, end));
}

/** Edits in text order that do not touch each other: of two that would, the first one wins. */
export function fixEdits(text: string, violations: readonly StyleViolation[]): TextEdit[] {
  const edits = violations
    .map((violation) => fixEdit(text, violation))
    .filter((edit): edit is TextEdit => edit !== null)
    .sort((a, b) => a.start - b.start || a.end - b.end);
  const kept: TextEdit[] = [];
  let reached = -1;
  for (const edit of edits) {
    if (edit.start < reached) {
      // A removal whose space before went with the phrase before it takes the space after instead.
      const sharedSpace = edit.text === '' && edit.start === reached - 1 && isSpace(text[edit.start]);
      if (!sharedSpace) continue;
      edit.start = reached;
      if (isSpace(text[edit.end])) edit.end += 1;
    }
    kept.push(edit);
    reached = edit.end;
  }
  return kept;
}

/** "Fix all": the text with every suggestion applied and nothing else changed. */
export function applyFixes(text: string, violations: readonly StyleViolation[]): string {
  let fixed = '';
  let at = 0;
  for (const edit of fixEdits(text, violations)) {
    fixed += text.slice(at, edit.start) + edit.text;
    at = edit.end;
  }
  return fixed + text.slice(at);
}
