import { countWords } from '@redacta/shared';

/**
 * Whether a character continues a word across a chunk boundary, for the characters whose word rules
 * are certain: ASCII letters and digits and the Latin-1 and Latin Extended letters. Anything else
 * counts as a break, which can only overcount a reply's words, never undercount them.
 */
function joinsWord(code: number): boolean {
  return (
    (code >= 0x30 && code <= 0x39) ||
    (code >= 0x41 && code <= 0x5a) ||
    (code >= 0x61 && code <= 0x7a) ||
    (code >= 0xc0 && code < 0x250 && code !== 0xd7 && code !== 0xf7)
  );
}

let segmenter: Intl.Segmenter | undefined;

/** The start of `text` up to the end of its `words`-th word (all of it when it has fewer). */
export function firstWords(text: string, words: number): string {
  if (words <= 0) return '';
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'word' });
  let count = 0;
  for (const segment of segmenter.segment(text)) {
    if (!segment.isWordLike) continue;
    count += 1;
    if (count === words) return text.slice(0, segment.index + segment.segment.length);
  }
  return text;
}

/**
 * A model's text kept within a number of words as it streams: the server's own stop for a provider
 * that ignores its token limit. Each chunk costs one count of its own words (a word split between two
 * chunks is counted once); the chunk that would go past the ceiling is cut at it, and the caller then
 * stops the model. The running count never undercounts Latin text; `final` makes the whole reply
 * exact whatever its script.
 */
export class WordCeiling {
  #words = 0;
  #inWord = false;
  /** True once a chunk reached past the ceiling: the reply must stop. */
  reached = false;

  constructor(readonly limit: number) {}

  /** The part of `delta` that fits under the ceiling (all of it until the ceiling is reached). */
  admit(delta: string): string {
    const joins = this.#inWord && joinsWord(delta.charCodeAt(0));
    const before = joins ? this.#words - 1 : this.#words;
    const total = before + countWords(delta);
    if (total <= this.limit) {
      this.#words = total;
      this.#inWord = joinsWord(delta.charCodeAt(delta.length - 1));
      return delta;
    }
    this.reached = true;
    return firstWords(delta, this.limit - before);
  }

  /** The whole reply, cut at the ceiling if counting it whole finds more words than the chunks did. */
  final(text: string): string {
    return countWords(text) > this.limit ? firstWords(text, this.limit) : text;
  }
}
