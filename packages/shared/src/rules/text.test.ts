import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contracts from '../index.ts';
import { freeText, isStorableText } from './text.ts';

describe('isStorableText', () => {
  it.each(['', 'hola', 'Ñandú café', 'emoji 😀 and 𝔘𝔫𝔦𝔠𝔬𝔡𝔢', 'tab\tand\nnew line', '\u0001 other controls'])(
    'accepts %j',
    (value) => expect(isStorableText(value)).toBe(true),
  );

  it.each([
    ['NUL', 'a\u0000b'],
    ['NUL alone', '\u0000'],
    ['a lone high surrogate', 'a\ud83d'],
    ['a lone low surrogate', '\ude00b'],
    ['a reversed pair', '\ude00\ud83d'],
  ])('refuses %s', (_why, value) => expect(isStorableText(value)).toBe(false));
});

describe('freeText', () => {
  const name = freeText({ max: 5 });

  it('trims, then takes 1 to max characters', () => {
    expect(name.parse('  hola  ')).toBe('hola');
    expect(name.parse('12345')).toBe('12345');
    expect(name.safeParse('   ').success).toBe(false);
    expect(name.safeParse('123456').success).toBe(false);
  });

  it('takes an empty text when the field may be empty', () => {
    expect(freeText({ min: 0, max: 5 }).parse('  ')).toBe('');
  });

  it('refuses NUL and half characters with one message on the field', () => {
    for (const value of ['a\u0000', '\ud83d', 'x\udc00y']) {
      const result = z.strictObject({ name }).safeParse({ name: value });
      expect(result.success, JSON.stringify(value)).toBe(false);
      expect(result.error!.issues).toEqual([
        expect.objectContaining({
          path: ['name'],
          message: 'The text contains a character that cannot be stored',
        }),
      ]);
    }
  });
});

describe('every free-text field of the API', () => {
  const id = '6f1c2a34-8d2b-4c8e-9a3f-1b2c3d4e5f60';
  // Each request body with valid values, and the text fields in it.
  const bodies: [string, z.ZodType, Record<string, unknown>, string[]][] = [
    ['email start', contracts.emailStartBodySchema, { email: 'a@b.co' }, ['email']],
    ['login', contracts.loginBodySchema, { method: 'email', email: 'a@b.co', code: '123456' }, ['email']],
    [
      'change name',
      contracts.changeNameBodySchema,
      { firstName: 'Ana', lastName: 'Gil' },
      ['firstName', 'lastName'],
    ],
    ['change e-mail', contracts.changeEmailBodySchema, { email: 'a@b.co' }, ['email']],
    ['rename workspace', contracts.renameWorkspaceBodySchema, { name: 'Equipo' }, ['name']],
    ['create project', contracts.createProjectBodySchema, { name: 'Plan' }, ['name']],
    ['rename project', contracts.renameProjectBodySchema, { name: 'Plan' }, ['name']],
    ['create folder', contracts.createFolderBodySchema, { workspaceId: id, name: 'Carpeta' }, ['name']],
    ['rename folder', contracts.renameFolderBodySchema, { name: 'Carpeta' }, ['name']],
    [
      'chat send',
      contracts.sendChatRequestBodySchema,
      { workspaceId: id, projectId: id, message: 'Hola' },
      ['message'],
    ],
    ['improve', contracts.improvePromptBodySchema, { workspaceId: id, text: 'Hola' }, ['text']],
    [
      'create brand voice',
      contracts.createBrandVoiceBodySchema,
      { name: 'Voz', voice: 'Cercana' },
      ['name', 'voice'],
    ],
    [
      'update brand voice',
      contracts.updateBrandVoiceBodySchema,
      { name: 'Voz', voice: 'Cercana' },
      ['name', 'voice'],
    ],
    ['analyze content', contracts.analyzeContentBodySchema, { workspaceId: id, text: 'Texto' }, ['text']],
    [
      'create custom prompt',
      contracts.createCustomPromptBodySchema,
      { workspaceId: id, language: 'es', name: 'P', text: 'T' },
      ['name', 'text'],
    ],
    [
      'update custom prompt',
      contracts.updateCustomPromptBodySchema,
      { name: 'P', text: 'T' },
      ['name', 'text'],
    ],
  ];

  it.each(bodies)(
    '%s: valid as given, refused with NUL or half a character in each text field',
    (_route, schema, body, fields) => {
      expect(schema.safeParse(body).success).toBe(true);
      for (const field of fields) {
        for (const bad of ['\u0000', '\ud83d']) {
          const result = schema.safeParse({ ...body, [field]: `${String(body[field])}${bad}` });
          expect(result.success, `${field} with ${JSON.stringify(bad)}`).toBe(false);
        }
        // Trimmed like every free-text field.
        const padded = schema.parse({ ...body, [field]: `  ${String(body[field])}  ` }) as Record<
          string,
          unknown
        >;
        expect(padded[field]).toBe(body[field]);
      }
    },
  );
});
