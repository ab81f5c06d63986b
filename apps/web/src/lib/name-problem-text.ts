import type { TFunction } from 'i18next';
import {
  checkPersonName,
  checkWorkspaceName,
  disallowedNameCharacters,
  NAME_MAX_LENGTH,
  visibleCharacter,
  type NameKind,
} from '@redacta/shared/rules/names';

const check = { person: checkPersonName, workspace: checkWorkspaceName } as const;

type NameProblem = ReturnType<(typeof check)[NameKind]>;

/**
 * Why a name is refused, in the interface's language, or null when it is fine: the limit when it is
 * too long, the very characters that are not allowed, or what it lacks. A person's name the rule
 * finds not valid says so in the catalogue's words first ("Enter a valid first name or last name").
 */
export function nameProblemText(t: TFunction, kind: NameKind, value: string): string | null {
  const problem = check[kind](value);
  const reason = problemReason(t, kind, value, problem);
  const notValid = problem === 'characters' || problem === 'start' || problem === 'noLetter';
  return kind === 'person' && notValid ? `${t('validation.personName')}. ${reason}` : reason;
}

function problemReason(t: TFunction, kind: NameKind, value: string, problem: NameProblem): string | null {
  switch (problem) {
    case null:
      return null;
    case 'required':
      return t('validation.required');
    case 'tooLong':
      return t('validation.name.tooLong', { max: NAME_MAX_LENGTH[kind], count: value.trim().length });
    case 'characters':
      return t(`validation.name.${kind}Characters`, {
        characters: disallowedNameCharacters(kind, value).map(visibleCharacter).join(' '),
      });
    case 'start':
      return t('validation.name.start');
    case 'noLetter':
      return t('validation.name.noLetter');
  }
}
