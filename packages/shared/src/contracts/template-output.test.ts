import { describe, expect, it } from 'vitest';
import { countCharacters, measureTemplateReply, splitTemplateReply } from './template-output.ts';
import type { TemplateOutput } from './templates.ts';

const output: TemplateOutput = {
  parts: [
    { key: 'headline', label: 'Titular', maxChars: 30 },
    { key: 'bullets', label: 'Ventajas', maxChars: 20, items: 3 },
  ],
};

describe('splitTemplateReply', () => {
  it('reads each part under its heading, items without their markers', () => {
    const reply =
      'Aquí tienes:\n\n### headline\nZapatillas que vuelan\n\n### bullets\n- Ligeras\n- Transpirables\n\n- Veganas\n';
    expect(splitTemplateReply(reply, output)).toEqual({
      headline: 'Zapatillas que vuelan',
      bullets: 'Ligeras\nTranspirables\nVeganas',
    });
  });

  it("takes a model's variations: bold headings, the label instead of the key, numbered items", () => {
    const reply = '## **Titular**\nCorre más\n\n**bullets:**\n1. Ligeras\n2) Baratas';
    expect(splitTemplateReply(reply, output)).toEqual({ headline: 'Corre más', bullets: 'Ligeras\nBaratas' });
  });

  it('gives a part the reply lacks as empty, and keeps headings that name no part inside the part', () => {
    const reply = '### headline\nUno\n### Otra cosa\nDos';
    expect(splitTemplateReply(reply, output)).toEqual({ headline: 'Uno\n### Otra cosa\nDos', bullets: '' });
  });
});

describe('measureTemplateReply', () => {
  it('measures the text or each item against the limit, and counts items', () => {
    const reply =
      '### headline\nUn titular demasiado largo para caber aquí\n### bullets\n- a\n- b\n- c\n- una ventaja larguísima';
    const [headline, bullets] = measureTemplateReply(reply, output);
    expect(headline!.pieces).toEqual([
      { text: 'Un titular demasiado largo para caber aquí', length: 42, over: true },
    ]);
    expect(bullets!.pieces.map((piece) => [piece.length, piece.over])).toEqual([
      [1, false],
      [1, false],
      [1, false],
      [22, true],
    ]);
    expect(bullets!.tooManyItems).toBe(true);
    expect(measureTemplateReply('nothing', output).every((part) => part.missing)).toBe(true);
  });
});

describe('countCharacters', () => {
  it('counts what a person sees: an emoji or a letter with a combining accent is one', () => {
    expect(countCharacters('Hola')).toBe(4);
    expect(countCharacters('👍🏽 ok')).toBe(4);
    expect(countCharacters('cafe\u0301')).toBe(4);
  });
});
