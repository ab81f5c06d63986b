import { describe, expect, it } from 'vitest';
import { charCount, labelTemplateReply, measureTemplateReply, parseOutput } from './template-output.ts';
import type { TemplateOutput } from './templates.ts';

const output: TemplateOutput = {
  parts: [
    { key: 'headline', label: 'Titular', maxChars: 30 },
    { key: 'bullets', label: 'Ventajas', maxChars: 20, items: 3 },
  ],
};

describe('parseOutput', () => {
  it('reads each part under its heading, items without their markers', () => {
    const reply =
      'Aquí tienes:\n\n### headline\nZapatillas que vuelan\n\n### bullets\n- Ligeras\n- Transpirables\n\n- Veganas\n';
    expect(parseOutput(reply, output).outputs).toEqual({
      headline: 'Zapatillas que vuelan',
      bullets: 'Ligeras\nTranspirables\nVeganas',
    });
  });

  it("takes a model's variations: bold headings, the label instead of the key, numbered items", () => {
    const reply = '## **Titular**\nCorre más\n\n**bullets:**\n1. Ligeras\n2) Baratas';
    const parsed = parseOutput(reply, output);
    expect(parsed.outputs).toEqual({ headline: 'Corre más', bullets: 'Ligeras\nBaratas' });
    expect(parsed.problems).toEqual([{ part: 'bullets', problem: 'items', expected: 3, found: 2 }]);
  });
});

describe('measureTemplateReply', () => {
  it('measures the text or each item against the limit, and tells a wrong number of items', () => {
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
    expect(bullets!.wrongItemCount).toBe(true);
    expect(measureTemplateReply('### Otra cosa\nnada', output).every((part) => part.missing)).toBe(true);
  });
});

describe('charCount', () => {
  it('counts what a person sees: an emoji or a letter with a combining accent is one', () => {
    expect(charCount('Hola')).toBe(4);
    expect(charCount('👍🏽 ok')).toBe(4);
    expect(charCount('cafe\u0301')).toBe(4);
  });
});

describe('labelTemplateReply', () => {
  it("shows each part's heading as its label, and still reads back into the same parts", () => {
    const reply = 'Intro\n### headline\nCorre más\n\n### bullets\n- Ligeras\n### other\nx';
    const labelled = labelTemplateReply(reply, output);
    expect(labelled).toBe('Intro\n### Titular\nCorre más\n\n### Ventajas\n- Ligeras\n### other\nx');
    expect(parseOutput(labelled, output).outputs).toEqual(parseOutput(reply, output).outputs);
  });
});
