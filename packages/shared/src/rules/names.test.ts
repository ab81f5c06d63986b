import { describe, expect, it } from 'vitest';
import {
  checkPersonName,
  checkWorkspaceName,
  disallowedNameCharacters,
  PERSON_NAME_MAX_LENGTH,
  WORKSPACE_NAME_MAX_LENGTH,
} from './names.ts';

describe('checkPersonName', () => {
  it.each(['', '   ', '\t\n'])('answers required for %j', (value) => {
    expect(checkPersonName(value)).toBe('required');
  });

  it.each([
    'Ana',
    'María José',
    'Núñez',
    "O'Neill",
    'O’Brien',
    'Jean-Luc',
    'St. John',
    'Ñandú',
    'Zoë',
    'Łukasz',
    'Алексей',
    '  Ana  ',
    'a'.repeat(PERSON_NAME_MAX_LENGTH),
  ])('accepts %s', (value) => {
    expect(checkPersonName(value)).toBeNull();
  });

  it.each([
    ['Ana3', ['3']],
    ['007', ['0', '7']],
    ['R2-D2', ['2']],
    ['Ana!', ['!']],
    ['Ana@home', ['@']],
    ['<b>Ana</b>', ['<', '>', '/']],
    ['Ana_Maria', ['_']],
    ['Ana 😀', ['😀']],
  ])('refuses %s for the characters it names', (value, characters) => {
    expect(checkPersonName(value)).toBe('characters');
    expect(disallowedNameCharacters('person', value)).toEqual(characters);
  });

  it.each(['-Ana', "'Ana", '.Ana'])('asks %s to start with a letter', (value) => {
    expect(checkPersonName(value)).toBe('start');
    expect(disallowedNameCharacters('person', value)).toEqual([]);
  });

  it('says a name over the limit is too long, before looking at its characters', () => {
    expect(checkPersonName('a'.repeat(PERSON_NAME_MAX_LENGTH + 1))).toBe('tooLong');
    expect(checkPersonName('1'.repeat(PERSON_NAME_MAX_LENGTH + 1))).toBe('tooLong');
  });
});

describe('checkWorkspaceName', () => {
  it.each(['', '   '])('answers required for %j', (value) => {
    expect(checkWorkspaceName(value)).toBe('required');
  });

  it.each([
    'Mi espacio de trabajo',
    'Equipo Núñez & Cía.',
    "Ana's team",
    'Marketing-2026',
    '42',
    'Ñ',
    'x'.repeat(WORKSPACE_NAME_MAX_LENGTH),
  ])('accepts %s', (value) => {
    expect(checkWorkspaceName(value)).toBeNull();
  });

  it.each([
    ['angle brackets', '<script>', ['<', '>']],
    ['a closing bracket', 'Team >', ['>']],
    ['a control character', 'Team\u0007', ['\u0007']],
    ['a tab inside', 'Team\tA', ['\t']],
    ['NUL', 'Team\u0000A', ['\u0000']],
    ['half a character', 'Team \ud83d', ['\ud83d']],
  ])('refuses %s and names it', (_why, value, characters) => {
    expect(checkWorkspaceName(value)).toBe('characters');
    expect(disallowedNameCharacters('workspace', value)).toEqual(characters);
  });

  it('asks for a letter or a digit', () => {
    expect(checkWorkspaceName('---')).toBe('noLetter');
  });

  it('says a name over the limit is too long', () => {
    expect(checkWorkspaceName('x'.repeat(WORKSPACE_NAME_MAX_LENGTH + 1))).toBe('tooLong');
  });
});
