import type { Locale } from '@redacta/shared';
import { adjectives, nouns, phrases, words } from './phrases.ts';
import { matchCase } from './text.ts';

/**
 * The demo writer's translation between Spanish and English: longest phrase first from its tables,
 * nouns and adjectives in their plural too, adjectives moved to the other side of their noun, and in
 * Spanish the articles and adjectives agreeing with a feminine or plural noun. It is a phrase table,
 * not a model: good enough to show the feature offline. A text with words outside its tables (other than
 * names and acronyms) is not translated at all, since leaving those words as they are would mix both
 * languages word by word: the answer says plainly that the demo cannot translate it.
 */
type Kind = 'noun' | 'adjective' | 'other';
interface Entry {
  to: string;
  kind: Kind;
  plural: boolean;
}
type Table = Map<string, Entry>;

const MAX_PHRASE_WORDS = 6;

function spanishPlural(word: string): string {
  if (/[aeiouáéó]$/u.test(word)) return `${word}s`;
  if (word.endsWith('z')) return `${word.slice(0, -1)}ces`;
  return `${word.replace(/ó(n)$/u, 'o$1').replace(/é(s)$/u, 'e$1')}es`;
}

function englishPlural(word: string): string {
  if (/[^aeiou]y$/u.test(word)) return `${word.slice(0, -1)}ies`;
  if (/(?:s|x|ch|sh)$/u.test(word)) return `${word}es`;
  return `${word}s`;
}

function buildTable(from: Locale): Table {
  const table: Table = new Map();
  const add = (key: string, entry: Entry) => {
    if (!table.has(key)) table.set(key, entry);
  };
  const sets: [Kind, [string, string][]][] = [
    ['other', phrases],
    ['noun', nouns],
    ['adjective', adjectives],
    ['other', words],
  ];
  for (const [kind, pairs] of sets) {
    for (const [es, en] of pairs) {
      const [source, target] = from === 'es' ? [es, en] : [en, es];
      add(source, { to: target, kind, plural: false });
      if (kind === 'noun') {
        const plural =
          from === 'es' ? [spanishPlural(es), englishPlural(en)] : [englishPlural(en), spanishPlural(es)];
        add(plural[0]!, { to: plural[1]!, kind, plural: true });
      }
      if (kind === 'adjective' && from === 'es') add(spanishPlural(es), { to: en, kind, plural: true });
    }
  }
  return table;
}

const tables: Record<Locale, Table> = { es: buildTable('es'), en: buildTable('en') };

interface Piece {
  text: string;
  /** A translated word or phrase (separators and unknown words have none). */
  entry?: Entry;
}

/** Spanish nouns that are feminine by their ending (la casa, la solución, la comunidad). */
const feminine = (noun: string) =>
  /(?:a|as|ión|iones|dad|dades|tud|tudes)$/u.test(noun) && !/^(?:días?|planes?|mapas?)$/u.test(noun);

const articles: Record<string, [string, string, string, string]> = {
  // masculine, feminine, masculine plural, feminine plural
  el: ['el', 'la', 'los', 'las'],
  un: ['un', 'una', 'unos', 'unas'],
  unos: ['un', 'una', 'unos', 'unas'],
  este: ['este', 'esta', 'estos', 'estas'],
  estos: ['este', 'esta', 'estos', 'estas'],
  ese: ['ese', 'esa', 'esos', 'esas'],
  nuestro: ['nuestro', 'nuestra', 'nuestros', 'nuestras'],
  tu: ['tu', 'tu', 'tus', 'tus'],
  su: ['su', 'su', 'sus', 'sus'],
};

function agree(adjective: string, female: boolean, plural: boolean): string {
  let form = female ? adjective.replace(/o$/u, 'a') : adjective;
  if (plural) form = spanishPlural(form);
  return form;
}

function tokenize(text: string, table: Table): Piece[] {
  const tokens = text.split(/(\p{L}[\p{L}'’-]*)/u);
  const pieces: Piece[] = [];
  let i = 0;
  while (i < tokens.length) {
    const token = tokens[i]!;
    if (i % 2 === 0) {
      if (token) pieces.push({ text: token });
      i += 1;
      continue;
    }
    let matched = false;
    for (let n = MAX_PHRASE_WORDS; n >= 1 && !matched; n -= 1) {
      const span = tokens.slice(i, i + 2 * n - 1);
      if (span.length < 2 * n - 1) continue;
      if (span.some((part, k) => k % 2 === 1 && !/^[ \t]+$/.test(part))) continue;
      const key = span
        .filter((_, k) => k % 2 === 0)
        .join(' ')
        .toLowerCase();
      const entry = table.get(key);
      if (!entry) continue;
      pieces.push({ text: matchCase(token, entry.to), entry });
      i += 2 * n - 1;
      matched = true;
    }
    if (!matched) {
      pieces.push({ text: token });
      i += 1;
    }
  }
  return pieces;
}

/** Adjectives go after their noun in Spanish and before it in English. */
function reorder(pieces: Piece[], to: Locale) {
  const [first, second] = to === 'en' ? (['noun', 'adjective'] as const) : (['adjective', 'noun'] as const);
  for (let k = 0; k + 2 < pieces.length; k += 1) {
    const a = pieces[k]!;
    const gap = pieces[k + 1]!;
    const b = pieces[k + 2]!;
    if (a.entry?.kind !== first || b.entry?.kind !== second || !/^[ \t]+$/.test(gap.text)) continue;
    const capital = a.text.charAt(0) !== a.text.charAt(0).toLowerCase();
    const [textA, textB] = [b.text, a.text];
    pieces[k] = { text: capital ? matchCase('X', textA) : textA.toLowerCase(), entry: b.entry };
    pieces[k + 2] = { text: textB.toLowerCase(), entry: a.entry };
    k += 2;
  }
}

/** Spanish articles and adjectives take the gender and number of the noun they go with. */
function agreeInSpanish(pieces: Piece[]) {
  for (let k = 0; k < pieces.length; k += 1) {
    const noun = pieces[k]!;
    if (noun.entry?.kind !== 'noun') continue;
    const female = feminine(noun.text.toLowerCase());
    const plural = noun.entry.plural;
    const before = pieces[k - 2];
    const forms = before && articles[before.text.toLowerCase()];
    if (before && forms) before.text = matchCase(before.text, forms[(plural ? 2 : 0) + (female ? 1 : 0)]!);
    const after = pieces[k + 2];
    if (after?.entry?.kind === 'adjective') after.text = agree(after.text, female, plural);
  }
}

/** Spanish questions and exclamations open with ¿ and ¡; English ones do not. */
function punctuate(text: string, to: Locale): string {
  if (to === 'en') return text.replace(/[¿¡]/g, '');
  return text.replace(
    /(^|[.!?\n]\s*)([^.!?\n¿¡]+)([?!])/gu,
    (_, before: string, body: string, mark: string) => {
      const lead = body.match(/^\s*/u)?.[0] ?? '';
      return `${before}${lead}${mark === '?' ? '¿' : '¡'}${body.trimStart()}${mark}`;
    },
  );
}

/** What the demo answers, in the language asked for, when its tables do not cover the text. */
const cannotTranslate: Record<Locale, string> = {
  es: 'El redactor de demostración no puede traducir este texto: solo traduce las frases de marketing habituales de sus tablas, y este texto tiene palabras que no están en ellas. Conecta un modelo de IA para traducirlo.',
  en: 'The demo writer cannot translate this text: it translates only the common marketing phrases of its tables, and this text has words that are not in them. Connect an AI model to translate it.',
};

const SENTENCE_BREAK = /[.!?…\n¿¡]/u;

/** A word the tables do not know that reads the same in any language: an acronym, or a name. */
function keepsAsIs(word: string, opensSentence: boolean): boolean {
  if (word.length > 1 && word === word.toUpperCase()) return true;
  // Every sentence opens with a capital: only inside one does a capital mark a name.
  return !opensSentence && word.charAt(0) !== word.charAt(0).toLowerCase();
}

/** Whether every word of the text is translated by the tables or may stay as it is. */
function covered(pieces: Piece[]): boolean {
  let opensSentence = true;
  for (const piece of pieces) {
    // Words start with a letter; what lies between them has none (tokenize splits at every word).
    if (!/^\p{L}/u.test(piece.text)) {
      if (SENTENCE_BREAK.test(piece.text)) opensSentence = true;
      continue;
    }
    if (!piece.entry && !keepsAsIs(piece.text, opensSentence)) return false;
    opensSentence = false;
  }
  return true;
}

/**
 * `text`, written in `from`, translated into `to` (es or en) by the demo's tables; when they do not
 * cover it, a sentence in `to` saying that the demo cannot translate it.
 */
export function translate(text: string, from: Locale, to: Locale): string {
  if (from === to) return text;
  const pieces = tokenize(text, tables[from]);
  if (!covered(pieces)) return cannotTranslate[to];
  reorder(pieces, to);
  if (to === 'es') agreeInSpanish(pieces);
  return punctuate(pieces.map((piece) => piece.text).join(''), to);
}
