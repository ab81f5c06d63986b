import { countWords, type Locale } from '@redacta/shared';
import { capitalize, joinParagraphs, paragraphs, replaceTerms, seedOf } from './text.ts';

/** Words that add emphasis but no meaning: the first thing a shorter version drops. */
const fillers: Record<Locale, Record<string, string>> = {
  es: Object.fromEntries(
    [
      'muy',
      'realmente',
      'simplemente',
      'totalmente',
      'absolutamente',
      'verdaderamente',
      'sin duda',
      'de hecho',
      'en realidad',
      'básicamente',
      'literalmente',
      'increíblemente',
      'sumamente',
      'francamente',
    ].map((word) => [word, '']),
  ),
  en: Object.fromEntries(
    [
      'very',
      'really',
      'just',
      'truly',
      'absolutely',
      'totally',
      'actually',
      'basically',
      'in fact',
      'of course',
      'simply',
      'literally',
      'incredibly',
      'extremely',
      'quite',
    ].map((word) => [word, '']),
  ),
};

/** Wordy phrases and their short forms. */
const wordy: Record<Locale, Record<string, string>> = {
  es: {
    'con el fin de': 'para',
    'con el objetivo de': 'para',
    'a fin de': 'para',
    'a pesar de que': 'aunque',
    'en el caso de que': 'si',
    'debido a que': 'porque',
    'en este momento': 'ahora',
    'en la actualidad': 'hoy',
    'a lo largo de': 'durante',
    'una gran cantidad de': 'muchos',
    'un gran número de': 'muchos',
    'tiene la capacidad de': 'puede',
    'es capaz de': 'puede',
    'llevar a cabo': 'hacer',
    'de manera rápida': 'rápido',
    'de forma sencilla': 'fácil',
  },
  en: {
    'in order to': 'to',
    'due to the fact that': 'because',
    'at this point in time': 'now',
    'a large number of': 'many',
    'in the event that': 'if',
    'is able to': 'can',
    'has the ability to': 'can',
    'in spite of the fact that': 'although',
    'for the purpose of': 'for',
    'with regard to': 'about',
    'at the present time': 'now',
    'in a quick way': 'quickly',
    'make use of': 'use',
  },
};

const tidy = (text: string) =>
  text
    .replace(/[ \t]{2,}/g, ' ')
    .replace(/ +([,.;:!?])/g, '$1')
    .replace(/,\s*,/g, ',')
    .replace(/(^|[.!?¿¡]\s+)(\p{Ll})/gu, (_, before: string, letter: string) => before + letter.toUpperCase())
    .trim();

/** A sentence cut after its first clause, when that clause says something on its own (four words). */
function firstClause(sentence: string): string {
  const comma = sentence.search(/[,;:—–]\s/u);
  if (comma < 0) return sentence;
  const clause = sentence.slice(0, comma);
  if (countWords(clause) < 4) return sentence;
  const end = sentence.match(/[.!?…]+$/u)?.[0] ?? '.';
  return clause + end;
}

/** At most `words` words of `text`, ending a sentence. */
function cutTo(text: string, words: number): string {
  const parts = text.match(/\S+/g) ?? [];
  if (parts.length <= words) return text;
  return `${parts
    .slice(0, Math.max(1, words))
    .join(' ')
    .replace(/[,;:]+$/u, '')}…`;
}

/**
 * A shorter version: fillers dropped, wordy phrases shortened, about half of each paragraph's
 * sentences kept (the first ones, which carry the message), long sentences cut after their first clause;
 * whatever is left is cut to three quarters of the original's words, so it is always shorter.
 */
export function shorten(text: string, language: Locale): string {
  const original = countWords(text);
  const lighter = tidy(replaceTerms(replaceTerms(text, wordy[language]), fillers[language]));
  const kept = paragraphs(lighter).map((sentences) =>
    sentences.slice(0, Math.ceil(sentences.length / 2)).map(firstClause),
  );
  const shorter = tidy(joinParagraphs(kept));
  if (countWords(shorter) < original || original <= 1) return shorter;
  return cutTo(shorter, Math.floor(original * 0.75));
}

/** Sentences that develop a piece of copy without claiming facts about the brand. */
const elaborations: Record<Locale, string[]> = {
  es: [
    'Cada detalle está pensado para que notes la diferencia desde el primer día.',
    'Así ganas tiempo para lo que de verdad importa.',
    'Es una forma sencilla de conseguir más con menos esfuerzo.',
    'Lo notarás en tu día a día, sin complicaciones ni letra pequeña.',
    'Porque lo que haces merece herramientas a su altura.',
    'Y si tienes dudas, estamos aquí para ayudarte en cada paso.',
  ],
  en: [
    'Every detail is designed so you notice the difference from day one.',
    'That way you gain time for what really matters.',
    'It is a simple way to achieve more with less effort.',
    'You will feel it in your everyday routine, with no catches and no small print.',
    'Because what you do deserves tools that live up to it.',
    'And if you have questions, we are here to help at every step.',
  ],
};

/** A longer version: each paragraph developed with one or two sentences more, so it is always longer. */
export function lengthen(text: string, language: Locale): string {
  const pool = elaborations[language];
  let next = seedOf(text);
  const blocks = paragraphs(text).map((sentences) => {
    const added = sentences.length > 2 ? 1 : 2;
    const extra: string[] = [];
    for (let i = 0; i < added; i += 1) {
      extra.push(pool[next % pool.length]!);
      next += 1;
    }
    const last = sentences.at(-1) ?? '';
    const ended = /[.!?…]$/u.test(last) ? sentences : [...sentences.slice(0, -1), `${last}.`];
    return [...ended.map(capitalize), ...extra];
  });
  return joinParagraphs(blocks);
}
