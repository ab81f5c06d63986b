import { isStorableText } from './storable-text.ts';

/**
 * Person names: letters of any script, combining marks, spaces, apostrophes, hyphens and dots,
 * starting with a letter; 1–50 characters. "Enter a valid first name or last name" otherwise.
 */
export const PERSON_NAME_MAX_LENGTH = 50;
const personNamePattern = /^\p{L}[\p{L}\p{M}' .\-’]*$/u;

export type NameProblem = 'required' | 'invalid';

export function checkPersonName(value: string): NameProblem | null {
  const trimmed = value.trim();
  if (trimmed.length === 0) return 'required';
  if (trimmed.length > PERSON_NAME_MAX_LENGTH || !personNamePattern.test(trimmed)) return 'invalid';
  return null;
}

/**
 * Workspace names: 1–60 characters of storable text (the shared text rule), at least one letter or
 * digit, no control characters and no angle brackets (they end up in e-mails). "Enter a valid
 * workspace name" otherwise.
 */
export const WORKSPACE_NAME_MAX_LENGTH = 60;

export function checkWorkspaceName(value: string): NameProblem | null {
  const trimmed = value.trim();
  if (trimmed.length === 0) return 'required';
  if (
    trimmed.length > WORKSPACE_NAME_MAX_LENGTH ||
    !isStorableText(trimmed) ||
    /[\p{Cc}<>]/u.test(trimmed) ||
    !/[\p{L}\p{N}]/u.test(trimmed)
  ) {
    return 'invalid';
  }
  return null;
}
