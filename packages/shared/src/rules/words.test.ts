import { describe, expect, it } from 'vitest';
import { countWords } from './words.ts';

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
