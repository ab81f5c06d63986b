import { describe, expect, it } from 'vitest';
import { countSegmenterWords, countWords } from './words.ts';

describe('countWords', () => {
  it('counts Spanish words, ignoring inverted marks and punctuation', () => {
    expect(countWords('Hola, ¿qué tal estás?')).toBe(4);
    expect(countWords('¡El niño comió 2 manzanas!')).toBe(5);
  });

  it('counts English words; a contraction is one word, a hyphen splits', () => {
    expect(countWords("It's a well-known test.")).toBe(5);
    expect(countWords('one  two\nthree\tfour')).toBe(4);
  });

  it('counts a number as one word', () => {
    expect(countWords('3.14 es pi')).toBe(3);
  });

  it('counts nothing in empty text, whitespace, punctuation or emoji', () => {
    expect(countWords('')).toBe(0);
    expect(countWords('   \n ')).toBe(0);
    expect(countWords('… — ¡! ?')).toBe(0);
    expect(countWords('😀 👍')).toBe(0);
  });
});

describe('countWords without the Segmenter (Latin text)', () => {
  const latin = [
    ...Array.from({ length: 0x250 }, (_, code) => String.fromCharCode(code)),
    '‘',
    '’',
    '“',
    '”',
    '–',
    '—',
    '•',
    '…',
  ];

  it('agrees with the Segmenter for every character it knows, alone and between letters, numbers and _', () => {
    for (const char of latin) {
      for (const [before, after] of [
        ['', ''],
        ['a', 'b'],
        ['1', '2'],
        ['a', '1'],
        ['1', 'a'],
        ['_', '_'],
        ['a', ''],
        ['', '9'],
        ['x ', ' y'],
        ['é', 'ñ'],
      ]) {
        const text = `${before}${char}${after}`;
        expect(countWords(text), JSON.stringify(text)).toBe(countSegmenterWords(text));
      }
    }
  });

  it('agrees with the Segmenter on random Spanish and English copy', () => {
    // The characters whose neighbours decide the boundaries, weighted so that they meet often.
    const pieces = [
      ...'aeiouáéñüAZbcxyz0123456789',
      ...'   \n\t',
      ...".,;:'’‘_-¿?¡!()*#%$@/·“”—…",
      'don’t',
      '1.000,50',
      'e-mail',
      'w0',
      '😀',
      'a\u00adb',
    ];
    let seed = 42;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let round = 0; round < 20_000; round += 1) {
      let text = '';
      for (let length = 1 + random(24); length > 0; length -= 1) text += pieces[random(pieces.length)];
      expect(countWords(text), JSON.stringify(text)).toBe(countSegmenterWords(text));
    }
  });

  it('counts a long reply exactly as the Segmenter does', () => {
    const reply =
      '**Título:** ¡Descubre el café de Olga! Desde 1.999,90 €, envío gratis.\n\n' +
      "- It's the well-known blend_01 (3.5 kg) — “fresh”…\n".repeat(40);
    expect(countWords(reply)).toBe(countSegmenterWords(reply));
    expect(countWords(reply)).toBeGreaterThan(300);
  });
});
