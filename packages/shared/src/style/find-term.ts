/**
 * How a rule's term finds its occurrences: case-insensitive, word-bounded, and accent-aware in one
 * direction. A letter written without an accent in the rule matches that letter with or without any
 * accent ("revolucion" finds "revolución" and "REVOLUCIÓN"); a letter written with an accent matches
 * only that accent ("sí" does not find "si", "él" does not find "el"). Text in decomposed form (a
 * letter followed by combining marks) matches as its composed form does. A run of white space in the
 * rule matches any run of white space.
 *
 * The text is folded once per check (lower case, accents and combining marks dropped, white space runs
 * made one space) with a map back to its own UTF-16 indices, and its words are indexed by their
 * folded form; a term is looked up by its first word, and only those places are compared whole and
 * checked for word bounds and accents. A regular expression, or a substring search, per term cost
 * up to 1 ms per rule on a 10,000-word document; the index makes a rule cost about its hits.
 */

/** Combining marks of Latin text: the diacritical blocks (not every \p{M}, which other scripts need). */
const isMark = (code: number) =>
  (code >= 0x300 && code <= 0x36f) ||
  (code >= 0x1ab0 && code <= 0x1aff) ||
  (code >= 0x1dc0 && code <= 0x1dff) ||
  (code >= 0x20d0 && code <= 0x20ff) ||
  (code >= 0xfe20 && code <= 0xfe2f);
const isSpaceCode = (code: number) =>
  code === 0x20 ||
  (code >= 0x09 && code <= 0x0d) ||
  code === 0xa0 ||
  code === 0x2028 ||
  code === 0x2029 ||
  (code >= 0x2000 && code <= 0x200a) ||
  code === 0x202f ||
  code === 0x205f ||
  code === 0x3000 ||
  code === 0x1680 ||
  code === 0xfeff;

/** Each UTF-16 unit's folded form: 0 until computed. */
const foldedUnits = new Uint16Array(0x10000);

function foldUnit(code: number): number {
  let folded = foldedUnits[code]!;
  if (folded === 0) {
    // Surrogates stay themselves: letters outside the BMP are compared as they are.
    if (code >= 0xd800 && code <= 0xdfff) folded = code;
    else {
      // The base letter of its canonical decomposition, in lower case ("É" → "e", "İ" → "i").
      const char = String.fromCharCode(code);
      folded = char.normalize('NFD')[0]!.toLowerCase().charCodeAt(0);
    }
    foldedUnits[code] = folded;
  }
  return folded;
}

export interface FoldedText {
  text: string;
  folded: string;
  /** For each unit of `folded`, the index in `text` where it comes from. */
  origin: Int32Array;
  /** Where each word of `folded` starts, by the word; made on first use. */
  words?: Map<string, number[]>;
}

/** Letters and digits, per UTF-16 unit of folded text: 0 unknown, 1 yes, 2 no. */
const wordUnits = new Uint8Array(0x10000);
const isWordUnit = (code: number) => {
  let known = wordUnits[code]!;
  if (known === 0) {
    known = /[\p{L}\p{N}]/u.test(String.fromCharCode(code)) || (code >= 0xd800 && code <= 0xdfff) ? 1 : 2;
    wordUnits[code] = known;
  }
  return known === 1;
};

/** The runs of letters and digits of folded text, by their text. */
function indexWords(folded: string): Map<string, number[]> {
  const words = new Map<string, number[]>();
  let start = -1;
  for (let at = 0; at <= folded.length; at += 1) {
    const inWord = at < folded.length && isWordUnit(folded.charCodeAt(at));
    if (inWord && start < 0) start = at;
    if (!inWord && start >= 0) {
      const word = folded.slice(start, at);
      const places = words.get(word);
      if (places) places.push(start);
      else words.set(word, [start]);
      start = -1;
    }
  }
  return words;
}

const utf16 = new TextDecoder('utf-16le');

export function foldText(text: string): FoldedText {
  const origin = new Int32Array(text.length + 1);
  const units = new Uint16Array(text.length);
  let length = 0;
  let inSpace = false;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (isMark(code)) continue;
    const space = isSpaceCode(code);
    if (space && inSpace) continue;
    inSpace = space;
    origin[length] = i;
    units[length] = space ? 0x20 : foldUnit(code);
    length += 1;
  }
  origin[length] = text.length;
  // Lone surrogates become U+FFFD, one unit each: indices stay as they are.
  const folded = utf16.decode(units.subarray(0, length));
  return { text, folded, origin };
}

/** The term folded as the text is, and its accented letters with their place in the folded term. */
interface FoldedTerm {
  folded: string;
  /** Its first run of letters and digits when it starts with one: the key into the word index. */
  firstWord: string | null;
  accents: { at: number; letter: string }[];
  boundedStart: boolean;
  boundedEnd: boolean;
}

const wordChar = /[\p{L}\p{N}\p{M}]/u;
const terms = new Map<string, FoldedTerm>();

function foldTerm(term: string): FoldedTerm {
  let cached = terms.get(term);
  if (cached) return cached;
  const composed = term.normalize('NFC').trim();
  const { folded, origin } = foldText(composed);
  const accents: FoldedTerm['accents'] = [];
  for (let at = 0; at < folded.length; at += 1) {
    const letter = composed.slice(origin[at], origin[at + 1]);
    if (letter.normalize('NFD').length > 1 && /\p{L}/u.test(letter))
      accents.push({ at, letter: letter.toLowerCase() });
  }
  const chars = [...composed];
  let firstWordEnd = 0;
  while (firstWordEnd < folded.length && isWordUnit(folded.charCodeAt(firstWordEnd))) firstWordEnd += 1;
  cached = {
    folded,
    firstWord: firstWordEnd > 0 ? folded.slice(0, firstWordEnd) : null,
    accents,
    boundedStart: wordChar.test(chars[0] ?? ''),
    boundedEnd: wordChar.test(chars.at(-1) ?? ''),
  };
  // Rules change rarely; the cache only needs to stop growing without bound.
  if (terms.size > 2000) terms.clear();
  terms.set(term, cached);
  return cached;
}

/** The character (a code point, so possibly two units) that ends just before `index`. */
function charBefore(text: string, index: number): string {
  const unit = text.charCodeAt(index - 1);
  const pair = unit >= 0xdc00 && unit <= 0xdfff && index >= 2;
  return text.slice(pair ? index - 2 : index - 1, index);
}

const charAt = (text: string, index: number) => String.fromCodePoint(text.codePointAt(index)!);

export interface Span {
  start: number;
  end: number;
  found: string;
}

/** Every occurrence of `term` in the text, in order, none overlapping. */
export function* findTerm(source: FoldedText, term: string): Generator<Span> {
  const { text, folded, origin } = source;
  const wanted = foldTerm(term);
  if (!wanted.folded) return;
  let reached = 0;
  for (const at of candidates(source, wanted)) {
    if (at < reached || !folded.startsWith(wanted.folded, at)) continue;
    const start = origin[at]!;
    // The end takes in the combining marks of the last letter.
    let end = origin[at + wanted.folded.length - 1]! + 1;
    if (/[\ud800-\udbff]/.test(text[end - 1]!)) end += 1;
    while (end < text.length && isMark(text.charCodeAt(end))) end += 1;
    if (wanted.boundedStart && start > 0 && wordChar.test(charBefore(text, start))) continue;
    if (wanted.boundedEnd && end < text.length && wordChar.test(charAt(text, end))) continue;
    const accentsMatch = wanted.accents.every(({ at: offset, letter }) => {
      const letterStart = origin[at + offset]!;
      let letterEnd = letterStart + 1;
      while (letterEnd < text.length && isMark(text.charCodeAt(letterEnd))) letterEnd += 1;
      return text.slice(letterStart, letterEnd).normalize('NFC').toLowerCase() === letter;
    });
    if (!accentsMatch) continue;
    yield { start, end, found: text.slice(start, end) };
    reached = at + wanted.folded.length;
  }
}

/** Places in the folded text where the term may start, in order. */
function candidates(source: FoldedText, wanted: FoldedTerm): Iterable<number> {
  if (wanted.firstWord !== null) {
    source.words ??= indexWords(source.folded);
    return source.words.get(wanted.firstWord) ?? [];
  }
  return (function* () {
    for (
      let at = source.folded.indexOf(wanted.folded);
      at >= 0;
      at = source.folded.indexOf(wanted.folded, at + 1)
    ) {
      yield at;
    }
  })();
}
