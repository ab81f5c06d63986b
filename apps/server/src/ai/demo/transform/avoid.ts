import { checkStyle, type Locale } from '@redacta/shared';
import { capitalize } from './text.ts';

/**
 * The demo writer's rewrite of a passage without a banned phrase. The phrase goes together with the
 * little words that only served it (an intensifier, an article, a preposition: "sin complicaciones",
 * "without the hassle") when what is left still joins up: a content word before, and after it the
 * end of the sentence, a comma, a conjunction or another little word. At the start of a sentence a
 * comma or a conjunction that followed it goes too, and the next word takes the capital. Where the
 * words around it needed it ("¿Sin complicaciones?"), a neutral word from a small table takes its
 * place instead. Two words that needed what stood between them are never left joined.
 */

interface WordClasses {
  prepositions: Set<string>;
  determiners: Set<string>;
  intensifiers: Set<string>;
  conjunctions: Set<string>;
}

const set = (words: string) => new Set(words.split(' '));

const classes: Record<Locale, WordClasses> = {
  es: {
    prepositions: set('a al ante con contra de del desde en entre hacia hasta para por sin sobre tras'),
    determiners: set(
      'el la los las lo un una unos unas este esta estos estas ese esa esos esas su sus tu tus mi mis nuestro nuestra nuestros nuestras cada',
    ),
    intensifiers: set('muy tan más menos realmente súper super bastante totalmente'),
    conjunctions: set('y e o u ni pero'),
  },
  en: {
    prepositions: set('about at by for from in into of on over through to with without'),
    determiners: set('a an the this that these those your our my their its his her every each'),
    intensifiers: set('very really truly so too most more less super totally absolutely quite'),
    conjunctions: set('and or but nor'),
  },
};

/**
 * Neutral words that take a banned phrase's place when it cannot just go: after a given preposition,
 * after any other one, and for a sentence that would be left empty. Each slot lists a few, so that one
 * that is itself the banned phrase is passed over.
 */
const neutral: Record<Locale, { after: Record<string, string[]>; preposition: string[]; alone: string[] }> = {
  es: {
    after: { sin: ['esfuerzo', 'problemas'], con: ['facilidad', 'calma'], de: ['calidad', 'verdad'] },
    preposition: ['todo', 'ello'],
    alone: ['Así de fácil', 'Así de sencillo'],
  },
  en: {
    after: { without: ['effort', 'fuss'], with: ['ease', 'care'], of: ['value', 'quality'] },
    preposition: ['it', 'this'],
    alone: ['That simple', 'That easy'],
  },
};

const MARKS = /[*_~`]/u;
const WORD = /[\p{L}\p{N}'’-]/u;
const OPENING = /[¿¡"'«“‘([]/u;
const SENTENCE_END = /[.!?…]/u;

type Token =
  | { kind: 'word'; word: string; start: number; end: number }
  | { kind: 'mark'; char: string; start: number; end: number }
  /** A sentence's start (looking back) or the text's or line's end (looking forward). */
  | { kind: 'edge' };

/** The word or punctuation before `at`, over spaces and Markdown marks; `edge` at a sentence's start. */
function before(text: string, at: number): Token {
  let i = at;
  while (i > 0 && (/[^\S\n]/u.test(text[i - 1]!) || MARKS.test(text[i - 1]!))) i -= 1;
  while (i > 0 && OPENING.test(text[i - 1]!)) i -= 1;
  if (i === 0 || text[i - 1] === '\n' || SENTENCE_END.test(text[i - 1]!)) return { kind: 'edge' };
  if (!WORD.test(text[i - 1]!)) return { kind: 'mark', char: text[i - 1]!, start: i - 1, end: i };
  let start = i;
  while (start > 0 && WORD.test(text[start - 1]!)) start -= 1;
  return { kind: 'word', word: text.slice(start, i), start, end: i };
}

/** The word or punctuation after `at`, over spaces and Markdown marks; `edge` at the line's end. */
function after(text: string, at: number): Token {
  let i = at;
  while (i < text.length && (/[^\S\n]/u.test(text[i]!) || MARKS.test(text[i]!))) i += 1;
  if (i >= text.length || text[i] === '\n') return { kind: 'edge' };
  if (!WORD.test(text[i]!)) return { kind: 'mark', char: text[i]!, start: i, end: i + 1 };
  let end = i;
  while (end < text.length && WORD.test(text[end]!)) end += 1;
  return { kind: 'word', word: text.slice(i, end), start: i, end };
}

type Role = 'preposition' | 'determiner' | 'intensifier' | 'conjunction' | 'content';

function roleOf(token: Token, words: WordClasses): Role | null {
  if (token.kind !== 'word') return null;
  const word = token.word.toLowerCase();
  if (words.intensifiers.has(word)) return 'intensifier';
  if (words.determiners.has(word)) return 'determiner';
  if (words.prepositions.has(word)) return 'preposition';
  if (words.conjunctions.has(word)) return 'conjunction';
  return 'content';
}

/** What follows a removal: the sentence's end, a pause (comma and the like), or a word of some role. */
function nextKind(token: Token, words: WordClasses): Role | 'end' | 'pause' {
  if (token.kind === 'edge') return 'end';
  if (token.kind === 'mark') return SENTENCE_END.test(token.char) ? 'end' : 'pause';
  return roleOf(token, words)!;
}

/** Widens a range over Markdown marks that enclose exactly it (`**sin complicaciones**`). */
function withMarks(text: string, start: number, end: number): [number, number] {
  for (const mark of ['**', '__', '~~', '*', '_', '`']) {
    if (text.startsWith(mark, start - mark.length) && text.startsWith(mark, end)) {
      return withMarks(text, start - mark.length, end + mark.length);
    }
  }
  return [start, end];
}

const splice = (text: string, start: number, end: number, insert = '') =>
  text.slice(0, start) + insert + text.slice(end);

const isSpace = (char: string | undefined) => char !== undefined && /[^\S\n]/u.test(char);

/**
 * Takes out text[start, end) with one space beside it, capitalizes what now opens the sentence when
 * asked, and fixes an English "a"/"an" before what now follows it.
 */
function cut(text: string, start: number, end: number, language: Locale, opensSentence = false): string {
  let from = start;
  let to = end;
  if (isSpace(text[from - 1])) from -= 1;
  else if (isSpace(text[to])) to += 1;
  const result = splice(text, from, to);
  const next = after(result, from);
  if (next.kind !== 'word') return result;
  if (opensSentence) return splice(result, next.start, next.start + 1, capitalize(next.word[0]!));
  const article = before(result, from);
  if (language !== 'en' || article.kind !== 'word' || !/^an?$/iu.test(article.word)) return result;
  const first = article.word[0]!;
  return splice(result, article.start, article.end, /^[aeiou]/iu.test(next.word) ? `${first}n` : first);
}

const contains = (text: string, phrase: string, language: Locale) =>
  checkStyle(text, [{ id: 'avoid', kind: 'ban', phrase }], language).length > 0;

/** One occurrence, text[start, end), taken out or replaced. */
function avoidAt(text: string, start: number, end: number, phrase: string, language: Locale): string {
  const words = classes[language];
  const following = after(text, end);
  const next = nextKind(following, words);
  // The little words before the phrase that only served it go with it: an intensifier always, an
  // article or a preposition unless a word follows that they still serve ("a truly great app").
  let from = start;
  let tookPreposition = false;
  for (let previous = before(text, from); previous.kind === 'word'; previous = before(text, from)) {
    const role = roleOf(previous, words);
    const serves = role === 'determiner' || role === 'preposition';
    if (role !== 'intensifier' && !(serves && next !== 'content')) break;
    tookPreposition ||= role === 'preposition';
    from = previous.start;
  }
  const [cutFrom, cutTo] = withMarks(text, from, end);
  const left = before(text, from);
  const leftRole = roleOf(left, words);
  const nextEnd = following.kind === 'edge' ? cutTo : following.end;

  if (left.kind === 'edge') {
    // "¿Sin complicaciones?" would be left empty: a neutral word takes the phrase's place.
    if (next === 'end') return replaceWithNeutral(text, start, end, phrase, language);
    // At a sentence's start, a comma or a conjunction that only followed the phrase goes too.
    const to = next === 'pause' || next === 'conjunction' ? nextEnd : cutTo;
    return cut(text, cutFrom, to, language, true);
  }
  if (left.kind === 'mark') {
    // "Rápido, revolucionario y barato." → "Rápido y barato.": the list's comma goes with its item.
    const ends = next === 'end' || next === 'pause' || next === 'conjunction';
    return ends ? splice(text, left.start, cutTo) : cut(text, cutFrom, cutTo, language);
  }
  if (leftRole === 'content' || (leftRole === 'determiner' && next === 'content')) {
    // "Un producto revolucionario y barato." → "Un producto barato.": the conjunction joined the
    // phrase to what follows; after a preposition's phrase ("sin complicaciones y disfruta") it
    // joins what came before, and stays.
    const joinsPhrase = next === 'conjunction' && !tookPreposition && leftRole === 'content';
    return cut(text, cutFrom, joinsPhrase ? nextEnd : cutTo, language);
  }
  if (leftRole === 'conjunction' && next !== 'content' && next !== 'conjunction' && left.kind === 'word') {
    // "Rápido y sin complicaciones." → "Rápido.": the conjunction joined only the phrase.
    if (roleOf(before(text, left.start), words) === 'content') return cut(text, left.start, cutTo, language);
  }
  return replaceWithNeutral(text, start, end, phrase, language);
}

/** The phrase alone replaced by a neutral word that fits the little word before it. */
function replaceWithNeutral(
  text: string,
  start: number,
  end: number,
  phrase: string,
  language: Locale,
): string {
  const table = neutral[language];
  const previous = before(text, start);
  const preposition = roleOf(previous, classes[language]) === 'preposition';
  const choices =
    previous.kind === 'edge'
      ? table.alone
      : (preposition && previous.kind === 'word' && table.after[previous.word.toLowerCase()]) ||
        table.preposition;
  // A neutral word that is itself the banned phrase is passed over.
  const replacement = choices.find((choice) => !contains(choice, phrase, language)) ?? choices.at(-1)!;
  const found = text.slice(start, end);
  const upper = found[0] !== found[0]!.toLowerCase();
  return splice(text, start, end, upper ? capitalize(replacement) : replacement);
}

/**
 * The passage without the banned phrase: each occurrence, the last first (so the earlier positions
 * hold), taken out with the little words that only served it, or replaced where the sentence needs a
 * word there. The checker finds the occurrences, so the demo removes exactly what it underlines.
 */
export function avoidPhrase(text: string, phrase: string, language: Locale): string {
  let result = text;
  const found = checkStyle(result, [{ id: 'avoid', kind: 'ban', phrase }], language);
  for (const occurrence of [...found].reverse()) {
    result = avoidAt(result, occurrence.start, occurrence.end, phrase, language);
  }
  return result
    .replace(/[^\S\n]{2,}/gu, ' ')
    .replace(/[^\S\n]+([,.;:!?…])/gu, '$1')
    .replace(/([¿¡])[^\S\n]+/gu, '$1');
}
