import { describe, expect, it } from 'vitest';
import {
  checkPersonName,
  checkWorkspaceName,
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
    'Ana3',
    '007',
    'R2-D2',
    'Ana!',
    'Ana@home',
    '<b>Ana</b>',
    'Ana_Maria',
    '-Ana',
    "'Ana",
    '.Ana',
    'Ana 😀',
    'a'.repeat(PERSON_NAME_MAX_LENGTH + 1),
  ])('answers invalid for %s', (value) => {
    expect(checkPersonName(value)).toBe('invalid');
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
    ['angle brackets', '<script>'],
    ['a closing bracket', 'Team >'],
    ['no letter or digit', '---'],
    ['a control character', 'Team\u0007'],
    ['a tab inside', 'Team\tA'],
    ['NUL', 'Team\u0000A'],
    ['half a character', 'Team \ud83d'],
    ['too long', 'x'.repeat(WORKSPACE_NAME_MAX_LENGTH + 1)],
  ])('answers invalid for %s', (_why, value) => {
    expect(checkWorkspaceName(value)).toBe('invalid');
  });
});
