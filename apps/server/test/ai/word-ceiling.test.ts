import { describe, expect, it } from 'vitest';
import { countWords } from '@redacta/shared';
import { firstWords, WordCeiling } from '../../src/ai/word-ceiling.ts';

/** What a ceiling lets through of `chunks`, stopping at the first one that reaches it. */
function stream(limit: number, chunks: string[]) {
  const ceiling = new WordCeiling(limit);
  let text = '';
  let read = 0;
  for (const chunk of chunks) {
    read += 1;
    text += ceiling.admit(chunk);
    if (ceiling.reached) break;
  }
  return { text, read, reached: ceiling.reached, final: ceiling.final(text) };
}

describe('WordCeiling', () => {
  it('lets a reply under the ceiling through whole, a word split between chunks counted once', () => {
    const chunks = ['Zapa', 'tillas lige', 'ras para cor', 'rer.'];
    expect(stream(4, chunks)).toEqual({
      text: 'Zapatillas ligeras para correr.',
      read: 4,
      reached: false,
      final: 'Zapatillas ligeras para correr.',
    });
  });

  it('cuts the chunk that crosses the ceiling at its last word and stops there', () => {
    const result = stream(5, ['uno dos', ' tres cua', 'tro cinco seis', ' siete']);
    expect(result).toMatchObject({ text: 'uno dos tres cuatro cinco', read: 3, reached: true });
    expect(countWords(result.text)).toBe(5);
  });

  it('stops at the first chunk after the ceiling is met exactly that brings another word', () => {
    expect(stream(2, ['uno dos', ',', ' y', ' tres'])).toMatchObject({
      text: 'uno dos,',
      reached: true,
      read: 3,
    });
  });

  it('counts a join it cannot be sure of as a break: it may stop a word early, never late', () => {
    // "3" + ".14" is one word; the running count takes it for two and stops before "now".
    const result = stream(3, ["It's 3", '.14 now', ' or never']);
    expect(result).toMatchObject({ text: "It's 3.14", reached: true });
    expect(countWords(result.text)).toBe(2);
  });

  it('makes the whole reply exact where the running count cannot be (text outside Latin script)', () => {
    const result = stream(100, ['東京', '大阪']);
    expect(countWords(result.final)).toBeLessThanOrEqual(100);
    const cut = new WordCeiling(1).final('東京 大阪 京都');
    expect(countWords(cut)).toBe(1);
  });
});

describe('firstWords', () => {
  it('ends right after the n-th word, and gives back what has fewer', () => {
    expect(firstWords('  uno, dos; tres', 2)).toBe('  uno, dos');
    expect(firstWords('uno', 5)).toBe('uno');
    expect(firstWords('uno dos', 0)).toBe('');
  });
});
