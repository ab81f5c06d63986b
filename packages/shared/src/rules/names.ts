import { isStorableText } from './storable-text.ts';

/**
 * Why a name is refused, so a form can say it: empty, longer than its limit, characters the rule does
 * not allow (`disallowedNameCharacters` names them), a person's name not starting with a letter, a
 * workspace's name with no letter or digit at all.
 */
export type NameProblem = 'required' | 'tooLong' | 'characters' | 'start' | 'noLetter';

export type NameKind = 'person' | 'workspace';

/**
 * Person names: letters of any script, combining marks, spaces, apostrophes, hyphens and dots,
 * starting with a letter; 1–50 characters.
 */
export const PERSON_NAME_MAX_LENGTH = 50;
const personNameCharacter = /[\p{L}\p{M}' .\-’]/u;

/**
 * Workspace names: 1–60 characters of storable text (the shared text rule), at least one letter or
 * digit, no control characters and no angle brackets (they end up in e-mails).
 */
export const WORKSPACE_NAME_MAX_LENGTH = 60;
const workspaceNameRefused = /[\p{Cc}<>\p{Cs}]/u;

export const NAME_MAX_LENGTH: Record<NameKind, number> = {
  person: PERSON_NAME_MAX_LENGTH,
  workspace: WORKSPACE_NAME_MAX_LENGTH,
};

const refused: Record<NameKind, (character: string) => boolean> = {
  person: (character) => !personNameCharacter.test(character),
  workspace: (character) => workspaceNameRefused.test(character) || !isStorableText(character),
};

/** The characters of `value` (trimmed) that a name of this kind may not hold, each once, in order. */
export function disallowedNameCharacters(kind: NameKind, value: string): string[] {
  // Split by code point; a lone surrogate stays one refused item.
  const found = Array.from(value.trim()).filter(refused[kind]);
  return [...new Set(found)];
}

function checkName(kind: NameKind, value: string): NameProblem | null {
  const trimmed = value.trim();
  if (trimmed.length === 0) return 'required';
  if (trimmed.length > NAME_MAX_LENGTH[kind]) return 'tooLong';
  if (disallowedNameCharacters(kind, trimmed).length > 0) return 'characters';
  if (kind === 'person' && !/^\p{L}/u.test(trimmed)) return 'start';
  if (kind === 'workspace' && !/[\p{L}\p{N}]/u.test(trimmed)) return 'noLetter';
  return null;
}

export function checkPersonName(value: string): NameProblem | null {
  return checkName('person', value);
}

export function checkWorkspaceName(value: string): NameProblem | null {
  return checkName('workspace', value);
}
