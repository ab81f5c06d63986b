import { describe, expect, it } from 'vitest';
import {
  createTemplateBodySchema,
  renderTemplatePrompt,
  templateInputProblems,
  templatePromptKeys,
  type TemplateField,
} from './templates.ts';

const fields: TemplateField[] = [
  { key: 'product', label: 'Producto', type: 'text', required: true, maxLength: 20 },
  { key: 'notes', label: 'Notas', type: 'longText', required: false },
  { key: 'channel', label: 'Canal', type: 'choice', required: true, options: ['Instagram', 'LinkedIn'] },
  { key: 'price', label: 'Precio', type: 'number', required: false, min: 1, max: 500 },
  { key: 'page', label: 'Página', type: 'url', required: false },
  { key: 'language', label: 'Idioma', type: 'language', required: false },
];

describe('templateInputProblems', () => {
  it('accepts inputs that suit every field, with a decimal comma in a number', () => {
    expect(
      templateInputProblems(fields, {
        product: 'Zapatillas Nube',
        channel: 'LinkedIn',
        price: '49,90',
        page: 'https://tienda.example/nube',
        language: 'fr',
      }),
    ).toEqual([]);
  });

  it('names each field whose input does not suit it', () => {
    expect(
      templateInputProblems(fields, {
        product: '   ',
        channel: 'TikTok',
        price: '900',
        page: 'tienda sin dirección',
        language: 'klingon',
        notes: 'a\u0000b',
      }),
    ).toEqual([
      { field: 'product', message: 'Required', code: 'required' },
      { field: 'notes', message: expect.any(String), code: 'unstorable' },
      { field: 'channel', message: 'Not one of the options', code: 'notOption' },
      { field: 'price', message: 'At most 500', code: 'aboveMax', limit: 500 },
      { field: 'page', message: 'Not a web address', code: 'notUrl' },
      { field: 'language', message: 'One of es, en, fr, de, it, pt', code: 'notLanguage' },
    ]);
    expect(templateInputProblems(fields, { product: 'x'.repeat(21), channel: 'Instagram' })).toEqual([
      { field: 'product', message: 'At most 20 characters', code: 'tooLong', limit: 20 },
    ]);
    expect(templateInputProblems(fields, { product: 'x', channel: 'Instagram', price: 'doce' })).toEqual([
      { field: 'price', message: 'Not a number', code: 'notNumber' },
    ]);
  });
});

describe('renderTemplatePrompt', () => {
  it('puts each input in place of its key, trimmed, and leaves an unfilled key empty', () => {
    const prompt = 'Anuncio de {{ product }} para {{channel}}. {{notes}}Precio: {{price}} €, {{product}}.';
    expect(templatePromptKeys(prompt)).toEqual(['product', 'channel', 'notes', 'price']);
    expect(renderTemplatePrompt(prompt, { product: ' Nube ', channel: 'LinkedIn', price: '$& 49' })).toBe(
      'Anuncio de Nube para LinkedIn. Precio: $& 49 €, Nube.',
    );
  });
});

describe('createTemplateBodySchema', () => {
  const body = {
    id: '8f1c3c9e-6f59-4c1e-9a51-2b1f0f3b7a10',
    name: 'Anuncio',
    language: 'es',
    prompt: 'Anuncio de {{product}}',
    fields: [{ key: 'product', label: 'Producto', type: 'text', required: true }],
    output: { parts: [{ key: 'headline', label: 'Titular', maxChars: 30, items: 3 }] },
  };

  it('takes a template whose prompt names its fields', () => {
    expect(createTemplateBodySchema.safeParse(body).success).toBe(true);
  });

  it('refuses a prompt naming no field, repeated keys and a choice without options', () => {
    const result = createTemplateBodySchema.safeParse({
      ...body,
      prompt: 'Anuncio de {{producto}}',
      fields: [
        { key: 'product', label: 'Producto', type: 'choice', required: true },
        { key: 'product', label: 'Otra', type: 'text', required: false },
      ],
      output: {
        parts: [
          { key: 'headline', label: 'Titular' },
          { key: 'headline', label: 'Otro' },
        ],
      },
    });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['fields.0.options', 'A choice field needs its options'],
      ['fields.1.key', 'Each field needs its own key'],
      ['prompt', 'The prompt names {{producto}}, which is not a field'],
      ['output.parts.1.key', 'Each part needs its own key'],
    ]);
  });
});
