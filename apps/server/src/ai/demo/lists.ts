import { capitalize, poolItems, type DemoTexts } from './texts.ts';
import type { ItemFamily, RequestKind } from './vocabulary.ts';

/**
 * The items of a list the demo writer was asked for, as many as asked and none twice: ideas,
 * headlines, slogans, tips, questions, names, outline sections, whole variants of a piece, hashtags.
 */
export function listItems(
  texts: DemoTexts,
  family: Exclude<ItemFamily, 'hashtag'>,
  kind: RequestKind,
  subject: string,
  count: number,
  seed: number,
): string[] {
  switch (family) {
    case 'variant':
      return poolItems(texts.variants[kind], subject, count, seed);
    case 'name':
      return names(texts, subject, count, seed);
    case 'section':
      return sections(texts, subject, count);
    default:
      return poolItems(texts.items[family], subject, count, seed);
  }
}

export const numbered = (items: string[]) => items.map((item, i) => `${i + 1}. ${item}`).join('\n');
export const bulleted = (items: string[]) => items.map((item) => `- ${item}`).join('\n');

/** The subject's content words, in order: what names and hashtags are made of. */
function keywords(texts: DemoTexts, subject: string): string[] {
  const words = subject.match(/[\p{L}\d]+/gu) ?? [];
  const content = words.filter((word) => word.length >= 3 && !texts.stopWords.has(word.toLowerCase()));
  return [...new Set(content.map(capitalize))];
}

/** An opening, a middle in reading order and a conclusion: an outline reads front to back. */
function sections(texts: DemoTexts, subject: string, count: number): string[] {
  const { first, last, middle } = texts.sections;
  if (count === 1) return [first(subject)];
  return [first(subject), ...poolItems(middle, subject, count - 2, 0), last(subject)];
}

function names(texts: DemoTexts, subject: string, count: number, seed: number): string[] {
  const { prefixes, suffixes, reasons, fallback } = texts.names;
  const key = [...keywords(texts, subject)].sort((a, b) => b.length - a.length)[0] ?? fallback;
  const withKey = [
    ...prefixes.map((prefix) => `${prefix} ${key}`),
    ...suffixes.map((suffix) => `${key} ${suffix}`),
  ];
  const start = seed % withKey.length;
  const candidates = [
    ...withKey.slice(start),
    ...withKey.slice(0, start),
    ...prefixes.flatMap((prefix) => suffixes.map((suffix) => `${prefix} ${suffix}`)),
  ];
  return candidates.slice(0, count).map((name, i) => `**${name}**: ${reasons[(seed + i) % reasons.length]}.`);
}

/** `count` distinct hashtags: the subject's own words first, then the language's common ones. */
export function hashtagLine(texts: DemoTexts, subject: string, count: number, seed: number): string {
  const { generic, prefixes, suffixes } = texts.hashtags;
  const words = keywords(texts, subject);
  const start = seed % generic.length;
  const candidates = [
    words.join(''),
    ...words,
    ...words.flatMap((word) => [
      ...prefixes.map((prefix) => prefix + word),
      ...suffixes.map((suffix) => word + suffix),
    ]),
    ...generic.slice(start),
    ...generic.slice(0, start),
  ];
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const candidate of candidates) {
    const tag = candidate.replace(/[^\p{L}\d]/gu, '');
    if (!tag || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    tags.push(`#${tag}`);
    if (tags.length === count) break;
  }
  return tags.join(' ');
}
