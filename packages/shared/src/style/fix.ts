import type { StyleViolation, TextEdit } from './types.ts';

/**
 * A banned phrase has no word to take its place, and cutting it out leaves a broken sentence ("sin
 * complicaciones y" → "sin y"): its sentence is rewritten without it instead (the document's
 * writing-tools transform, action `avoid`), shown to accept or discard. No direct edit fixes it.
 */
export function needsRewrite(violation: StyleViolation): boolean {
  return violation.kind === 'ban';
}

/**
 * The edit that fixes one violation directly, or null when none does: a preferred or exact-case term
 * replaces what was found; a limit has no suggestion, and a banned phrase is rewritten with its
 * sentence (needsRewrite), never deleted.
 */
export function fixEdit(_text: string, violation: StyleViolation): TextEdit | null {
  if (violation.suggestion === null || needsRewrite(violation)) return null;
  return { start: violation.start, end: violation.end, text: violation.suggestion };
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
    if (edit.start < reached) continue;
    kept.push(edit);
    reached = edit.end;
  }
  return kept;
}

/**
 * "Fix all": the text with every direct fix applied and nothing else changed. Banned phrases stay:
 * each is rewritten with its sentence by its own fix.
 */
export function applyFixes(text: string, violations: readonly StyleViolation[]): string {
  let fixed = '';
  let at = 0;
  for (const edit of fixEdits(text, violations)) {
    fixed += text.slice(at, edit.start) + edit.text;
    at = edit.end;
  }
  return fixed + text.slice(at);
}
