import { describe, expect, it } from 'vitest';
import { charCount, overLimit, parseOutput, type TemplateOutput } from '@redacta/shared';
import { outputInstruction } from '../../src/modules/templates/output-parts.ts';

const productPage: TemplateOutput = {
  parts: [
    { key: 'title', label: 'Título', maxChars: 70 },
    { key: 'description', label: 'Descripción' },
    { key: 'bullets', label: 'Ventajas', items: 3, maxChars: 40 },
  ],
};

describe('charCount', () => {
  it('counts what a person sees: an emoji, a flag or an accented letter is one character', () => {
    expect(charCount('Café')).toBe(4);
    expect(charCount('Cafe\u0301')).toBe(4);
    expect(charCount('Hola 👋🏽')).toBe(6);
    expect(charCount('🇪🇸 España')).toBe(8);
    expect('🇪🇸 España'.length).toBeGreaterThan(8);
  });
});

describe('outputInstruction', () => {
  it('asks for one labelled section per part, in order, with each limit stated in the language', () => {
    const es = outputInstruction(productPage, 'es');
    expect(es.indexOf('### title')).toBeLessThan(es.indexOf('### description'));
    expect(es.indexOf('### description')).toBeLessThan(es.indexOf('### bullets'));
    expect(es).toContain('Título: como máximo 70 caracteres.');
    expect(es).toContain('Descripción: sin límite de caracteres.');
    expect(es).toContain(
      'Ventajas: exactamente 3 elementos, uno por línea empezando por "- ", cada uno de 40 caracteres como máximo.',
    );
    const en = outputInstruction(productPage, 'en');
    expect(en).toContain('Título: at most 70 characters.');
    expect(en).toContain('exactly 3 items, one per line starting with "- ", each at most 40 characters');
  });

  it('adds nothing for a template without parts', () => {
    expect(outputInstruction(undefined, 'es')).toBe('');
  });
});

describe('parseOutput', () => {
  it('reads the format it asks for: each part by key, items joined by a line break', () => {
    const parsed = parseOutput(
      [
        '### title',
        'Zapatillas Trail X: agarre en barro y roca',
        '',
        '### description',
        'Pensadas para quien sale al monte cada fin de semana.',
        '',
        'Suela de 5 mm y malla transpirable.',
        '',
        '### bullets',
        '- Agarre que no resbala',
        '- Secan en una hora',
        '- Pesan 280 gramos',
      ].join('\n'),
      productPage,
    );
    expect(parsed).toEqual({
      outputs: {
        title: 'Zapatillas Trail X: agarre en barro y roca',
        description:
          'Pensadas para quien sale al monte cada fin de semana.\n\nSuela de 5 mm y malla transpirable.',
        bullets: 'Agarre que no resbala\nSecan en una hora\nPesan 280 gramos',
      },
      flags: [],
      problems: [],
    });
    expect(overLimit(parsed)).toBe(false);
  });

  it('tolerates what models do: bold labels, colons, text on the heading line, numbers, quotes and counts', () => {
    const parsed = parseOutput(
      [
        'Aquí tienes la ficha:',
        '',
        '**Título:** Zapatillas Trail X',
        '',
        '',
        '## Descripción',
        '',
        'Para el monte.',
        '',
        '**Ventajas**',
        '1. "Agarre que no resbala"',
        '2) **Secan en una hora** (17)',
        '* Pesan 280 gramos (16 caracteres)',
      ].join('\n'),
      productPage,
    );
    expect(parsed.outputs).toEqual({
      title: 'Zapatillas Trail X',
      description: 'Para el monte.',
      bullets: 'Agarre que no resbala\nSecan en una hora\nPesan 280 gramos',
    });
    expect(overLimit(parsed)).toBe(false);
  });

  it('flags a part or an item over its limit, counted in characters a person sees, without cutting it', () => {
    const title = 'Zapatillas de trail impermeables con suela Vibram y drop de 6 mm para montaña';
    const parsed = parseOutput(
      `### title\n${title}\n### description\nTexto.\n### bullets\n- 🏔️🏔️🏔️ Agarre en roca mojada y barro seco\n- Ligeras de verdad para subir rápido y bajar sin miedo\n- Secan rápido`,
      productPage,
    );
    expect(parsed.outputs.title).toBe(title);
    // The first item is 38 characters to a reader, 44 UTF-16 code units: within its 40.
    expect('🏔️🏔️🏔️ Agarre en roca mojada y barro seco'.length).toBeGreaterThan(40);
    expect(parsed.flags).toEqual([
      { part: 'title', length: charCount(title), maxChars: 70 },
      { part: 'bullets', item: 2, length: 53, maxChars: 40 },
    ]);
    expect(overLimit(parsed)).toBe(true);
  });

  it('leaves a missing part empty and says so, and notices a list of the wrong length', () => {
    const parsed = parseOutput('### title\nZapatillas Trail X\n### bullets\n- Una\n- Dos', productPage);
    expect(parsed.outputs.description).toBe('');
    expect(parsed.problems).toEqual([
      { part: 'description', problem: 'missing' },
      { part: 'bullets', problem: 'items', expected: 3, found: 2 },
    ]);
    expect(parsed.flags).toEqual([]);
    expect(overLimit(parsed)).toBe(true);
  });

  it('takes a one-part answer without heading as that part, and a template without parts as { text }', () => {
    const names: TemplateOutput = { parts: [{ key: 'names', label: 'Nombres', items: 2, maxChars: 20 }] };
    expect(parseOutput('- Brisa\n- Lumen\n', names)).toEqual({
      outputs: { names: 'Brisa\nLumen' },
      flags: [],
      problems: [],
    });
    expect(parseOutput('\nHola, gracias por escribirnos.\n', undefined)).toEqual({
      outputs: { text: 'Hola, gracias por escribirnos.' },
      flags: [],
      problems: [],
    });
  });
});
