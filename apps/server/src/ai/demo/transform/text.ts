import type { Locale } from '@redacta/shared';

/**
 * Text helpers of the demo writer's transforms: which language a passage is in, its sentences, and
 * word-table replacement that keeps the case of what it replaces.
 */

const stopWords: Record<Locale, Set<string>> = {
  es: new Set(
    'el la los las de del que y en un una unos unas es son para con por su sus tu tus se lo al como más pero muy este esta nuestro nuestra sin sobre cada todo ya porque también hoy'.split(
      ' ',
    ),
  ),
  en: new Set(
    'the a an of and to in is are for with on your our you we it this that be as at by from more but very every all now because also today its their'.split(
      ' ',
    ),
  ),
};

/** How many of a passage's words are common words of each language: a language detector for es and en. */
export function stopWordCounts(text: string): Record<Locale, number> {
  const words = text.toLowerCase().match(/[\p{L}']+/gu) ?? [];
  return {
    es: words.filter((word) => stopWords.es.has(word)).length + (text.match(/[ñ¿¡áéíóú]/giu)?.length ?? 0),
    en: words.filter((word) => stopWords.en.has(word)).length,
  };
}

/** The language a passage is written in, by its common words; `fallback` when they do not tell. */
export function passageLanguage(text: string, fallback: Locale): Locale {
  const counts = stopWordCounts(text);
  if (counts.es === counts.en) return fallback;
  return counts.es > counts.en ? 'es' : 'en';
}

/** A passage's paragraphs (split at blank lines) and their sentences, each with its end punctuation. */
export function paragraphs(text: string): string[][] {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map(
      (paragraph) =>
        paragraph
          .match(/[^.!?…]+(?:[.!?…]+|$)/gu)
          ?.map((s) => s.trim())
          .filter(Boolean) ?? [],
    );
}

export const joinParagraphs = (blocks: string[][]) => blocks.map((block) => block.join(' ')).join('\n\n');

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** `replacement` in the case of `original`: all capitals, a capital first letter, or as written. */
export function matchCase(original: string, replacement: string): string {
  if (original.length > 1 && original === original.toUpperCase() && original !== original.toLowerCase()) {
    return replacement.toUpperCase();
  }
  const first = original.charAt(0);
  return first !== first.toLowerCase() ? capitalize(replacement) : replacement;
}

const escape = (key: string) => key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+');

/**
 * Replaces every whole-word occurrence of a table's keys (single words or phrases, matched without
 * regard to case, longest first) with its value in the original's case.
 */
export function replaceTerms(text: string, table: Record<string, string>): string {
  const keys = Object.keys(table).sort((a, b) => b.length - a.length);
  if (keys.length === 0) return text;
  const pattern = new RegExp(`(?<![\\p{L}'])(?:${keys.map(escape).join('|')})(?![\\p{L}'])`, 'giu');
  return text.replace(pattern, (found) => {
    const replacement = table[found.toLowerCase().replace(/\s+/g, ' ')];
    return replacement === undefined ? found : matchCase(found, replacement);
  });
}

/** A number from a text, the same each time: the demo writer is deterministic. */
export function seedOf(text: string): number {
  let hash = 2166136261;
  for (let i = 0; i < text.length; i += 1) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619);
  return hash >>> 0;
}
