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

/** A refused character as a reader can see it: invisible ones by their code point. */
export function visibleCharacter(character: string): string {
  return /[\p{Cc}\p{Cf}\p{Cs}\p{Z}]/u.test(character)
    ? `U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`
    : character;
}

/**
 * Why a name is refused, in English, for the server's answers (the forms say the same in the
 * interface's language): the limit when it is too long, the very characters not allowed, or what it
 * lacks. Null when the name is fine.
 */
export function nameProblemMessage(kind: NameKind, value: string): string | null {
  const problem = checkName(kind, value);
  switch (problem) {
    case null:
      return null;
    case 'required':
      return 'This field is required';
    case 'tooLong':
      return `At most ${NAME_MAX_LENGTH[kind]} characters (now ${value.trim().length})`;
    case 'characters': {
      const characters = disallowedNameCharacters(kind, value).map(visibleCharacter).join(' ');
      return kind === 'person'
        ? `A name takes only letters, spaces, apostrophes, hyphens and dots. Not allowed: ${characters}`
        : `The signs < and > and control characters are not allowed. Remove: ${characters}`;
    }
    case 'start':
      return 'Start with a letter';
    case 'noLetter':
      return 'Include at least one letter or digit';
  }
}
