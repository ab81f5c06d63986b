import type { StyleViolation, TextEdit } from './types.ts';

const space = /[^\S\n]/;

/**
 * The edit that fixes one violation, or null when it has no suggestion. A preferred or exact-case
 * term replaces what was found; a banned phrase is removed with one space beside it (the one after,
 * or the one before when punctuation or the end follows), so no double space is left behind.
 */
export function fixEdit(text: string, violation: StyleViolation): TextEdit | null {
  if (violation.suggestion === null) return null;
  if (violation.suggestion !== '')
    return { start: violation.start, end: violation.end, text: violation.suggestion };
  let { start, end } = violation;
  const before = text[start - 1];
  const after = text[end];
  if (
    after !== undefined &&
    space.test(after) &&
    (before === undefined || before === '\n' || space.test(before))
  ) {
    end += 1;
  } else if (before !== undefined && space.test(before)) {
    start -= 1;
  }
  return { start, end, text: '' };
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
      // Two banned phrases side by side may both claim the space between them: the first has it.
      const sharedSpace =
        edit.text === '' && edit.end > reached && text.slice(edit.start, reached).trim() === '';
      if (!sharedSpace) continue;
      edit.start = reached;
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
