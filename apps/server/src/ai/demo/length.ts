import { countWords } from '@redacta/shared';
import type { DemoTexts } from './texts.ts';

/**
 * Prose of about a requested number of words, for replies asked for by length ("800 palabras",
 * "around 300 words"): sentences about the subject in an order the seed chooses, none repeated, taken
 * while they fit and then the one that best fills what is left. Words are counted as the plan counts
 * them, so "800 palabras" is close to 800 on the usage meter too.
 */
const SENTENCES_PER_PARAGRAPH = 3;
const PARAGRAPHS_PER_SECTION = 3;

function sentenceAt(texts: DemoTexts, subject: string, seed: number, index: number): string {
  const { sentences, openers } = texts.filler;
  const stride = [7, 5, 3, 1].find((step) => gcd(step, sentences.length) === 1)!;
  const base = sentences[(seed + index * stride) % sentences.length]!(subject);
  // The first round is plain; later rounds vary the opener from one sentence to the next. A sentence
  // comes back only with another opener (rounds of length + 1 and openers - 1 share no divisor).
  const round = Math.floor(index / sentences.length);
  const opener = round === 0 ? '' : openers[1 + ((round - 1 + index) % (openers.length - 1))]!;
  return opener ? opener + base.charAt(0).toLowerCase() + base.slice(1) : base;
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** Sentences adding up to about `target` words. */
export function sentencesFor(texts: DemoTexts, subject: string, seed: number, target: number): string[] {
  const available = texts.filler.sentences.length * texts.filler.openers.length;
  const pool = Array.from({ length: available }, (_, i) => sentenceAt(texts, subject, seed, i));
  const sizes = pool.map((sentence) => countWords(sentence));
  const chosen: string[] = [];
  let total = 0;
  let next = 0;
  while (next < available && total + sizes[next]! <= target) {
    chosen.push(pool[next]!);
    total += sizes[next]!;
    next += 1;
  }
  const gap = target - total;
  let best = -1;
  for (let i = next; i < available && gap > 0; i += 1) {
    const miss = Math.abs(gap - sizes[i]!);
    if (miss < gap && (best < 0 || miss < Math.abs(gap - sizes[best]!))) best = i;
  }
  if (best >= 0) chosen.push(pool[best]!);
  return chosen;
}

function paragraphs(sentences: string[]): string[] {
  const result: string[] = [];
  for (let i = 0; i < sentences.length; i += SENTENCES_PER_PARAGRAPH) {
    result.push(sentences.slice(i, i + SENTENCES_PER_PARAGRAPH).join(' '));
  }
  return result;
}

/** Section headings for `paragraphCount` paragraphs of an article; the last one sums up. */
function sectionHeadings(texts: DemoTexts, paragraphCount: number): string[] {
  const count = Math.ceil(paragraphCount / PARAGRAPHS_PER_SECTION);
  const { sections, lastSection } = texts.filler;
  return Array.from({ length: count }, (_, i) => {
    if (i === count - 1 && count > 1) return lastSection;
    const round = Math.floor(i / sections.length);
    return `${sections[i % sections.length]}${round > 0 ? ` (${round + 1})` : ''}`;
  });
}

/** Blocks of prose of about `target` words: paragraphs, under section headings when `sectioned`. */
export function proseBlocks(
  texts: DemoTexts,
  subject: string,
  seed: number,
  target: number,
  sectioned: boolean,
): string[] {
  if (target <= 0) return [];
  if (!sectioned) return paragraphs(sentencesFor(texts, subject, seed, target));
  // Headings take words too: guess how many, fill the rest, and settle in a few rounds.
  let headingWords = 0;
  let blocks: string[] = [];
  for (let round = 0; round < 3; round += 1) {
    const body = paragraphs(sentencesFor(texts, subject, seed, target - headingWords));
    const headings = sectionHeadings(texts, body.length);
    blocks = body.flatMap((paragraph, i) =>
      i % PARAGRAPHS_PER_SECTION === 0
        ? [`### ${headings[i / PARAGRAPHS_PER_SECTION]}`, paragraph]
        : [paragraph],
    );
    const words = headings.reduce((sum, heading) => sum + countWords(heading), 0);
    if (words === headingWords) break;
    headingWords = words;
  }
  return blocks;
}

/** Extra sentences for each item of a list so the whole list reaches about `target` more words. */
export function elaborate(
  texts: DemoTexts,
  subject: string,
  seed: number,
  items: string[],
  target: number,
): string[] {
  if (target <= 0 || items.length === 0) return items;
  const extra = sentencesFor(texts, subject, seed, target);
  return items.map((item, i) => [item, ...extra.filter((_, j) => j % items.length === i)].join(' '));
}
