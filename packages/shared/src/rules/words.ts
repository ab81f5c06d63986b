/**
 * Made on first use: making one loads ICU's word-break data, some 10 ms on a phone, which every
 * screen whose chunk holds this module would otherwise pay as it loads.
 */
let segmenter: Intl.Segmenter | undefined;

/**
 * Words as a reader counts them, the unit of the word allowance (docs/product.md): word-like
 * segments of Intl.Segmenter (Unicode word boundaries, UAX #29). Text in Latin script — every reply
 * in Spanish or English — is counted by the same rules without the Segmenter, which allocates an
 * object per segment (half a megabyte for a long reply); anything else, or a case whose rule a
 * locale may tailor, goes to the Segmenter.
 */
export function countWords(text: string): number {
  const counted = countLatinWords(text);
  return counted >= 0 ? counted : countSegmenterWords(text);
}

export function countSegmenterWords(text: string): number {
  let count = 0;
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'word' });
  for (const segment of segmenter.segment(text)) if (segment.isWordLike) count += 1;
  return count;
}

/** Word_Break classes (UAX #29) of the characters the Latin counter knows. */
const enum Kind {
  /** Not known here: the Segmenter counts the text. */
  Unknown,
  /** Breaks on both sides: spaces, symbols, most punctuation. */
  Other,
  /** ALetter. */
  Letter,
  Numeric,
  /** `_`: joins letters and numbers. */
  ExtendNumLet,
  /** `.` and the apostrophes: join two letters or two numbers. */
  MidNumLet,
  /** `,` and `;`: join two numbers. */
  MidNum,
  /** `:` and `·` join two letters, a rule some locales tailor: the Segmenter decides. */
  MidLetter,
}

const LATIN_END = 0x250;
const kinds = new Uint8Array(LATIN_END).fill(Kind.Other);
const mark = (kind: Kind, ...ranges: [number, number][]) => {
  for (const [from, to] of ranges) kinds.fill(kind, from, to + 1);
};
// ª µ º, and the cedilla ¸, which the Unicode data classes with the letters.
mark(Kind.Letter, [0x41, 0x5a], [0x61, 0x7a], [0xaa, 0xaa], [0xb5, 0xb5], [0xb8, 0xb8], [0xba, 0xba]);
// Latin-1 letters and Latin Extended-A and -B, without × and ÷.
mark(Kind.Letter, [0xc0, 0xd6], [0xd8, 0xf6], [0xf8, LATIN_END - 1]);
mark(Kind.Numeric, [0x30, 0x39]);
mark(Kind.ExtendNumLet, [0x5f, 0x5f]);
mark(Kind.MidNumLet, [0x27, 0x27], [0x2e, 0x2e]);
mark(Kind.MidNum, [0x2c, 0x2c], [0x3b, 0x3b]);
mark(Kind.MidLetter, [0x3a, 0x3a], [0xb7, 0xb7]);
// Controls other than tab and line breaks, and the soft hyphen (a Format character, which joins).
mark(Kind.Unknown, [0x00, 0x08], [0x0e, 0x1f], [0x7f, 0x9f], [0xad, 0xad]);

/** Typographic punctuation common in copy: quotes, dashes, bullet, ellipsis. */
function kindOf(code: number): Kind {
  if (code < LATIN_END) return kinds[code]!;
  switch (code) {
    case 0x2018:
    case 0x2019:
      return Kind.MidNumLet;
    case 0x2013:
    case 0x2014:
    case 0x201c:
    case 0x201d:
    case 0x2022:
    case 0x2026:
      return Kind.Other;
    default:
      return Kind.Unknown;
  }
}

/**
 * The count of UAX #29 word-like segments for text in the characters above, or -1 for the Segmenter.
 * A word is a run of letters, numbers and `_` (WB5, WB8–WB10, WB13a/b), kept whole across one
 * MidNumLet between two letters (WB6/7) or one MidNumLet or MidNum between two numbers (WB11/12).
 * A run of `_` alone is word-like or not depending on its length: the Segmenter decides that too.
 */
function countLatinWords(text: string): number {
  let count = 0;
  // The kind of the last letter, number or `_` of the word being read, or Other between words.
  let last: Kind = Kind.Other;
  let hasLetterOrNumber = false;
  const length = text.length;
  for (let i = 0; i < length; i += 1) {
    const kind = kindOf(text.charCodeAt(i));
    if (kind === Kind.Letter || kind === Kind.Numeric || kind === Kind.ExtendNumLet) {
      if (kind !== Kind.ExtendNumLet) hasLetterOrNumber = true;
      last = kind;
      continue;
    }
    if (kind === Kind.Unknown) return -1;
    if (last !== Kind.Other && i + 1 < length) {
      const next = kindOf(text.charCodeAt(i + 1));
      const joinsLetters = last === Kind.Letter && next === Kind.Letter;
      const joinsNumbers = last === Kind.Numeric && next === Kind.Numeric;
      if (kind === Kind.MidLetter && joinsLetters) return -1;
      if (
        (kind === Kind.MidNumLet && (joinsLetters || joinsNumbers)) ||
        (kind === Kind.MidNum && joinsNumbers)
      ) {
        continue;
      }
    }
    if (last !== Kind.Other) {
      if (!hasLetterOrNumber) return -1;
      count += 1;
    }
    last = Kind.Other;
    hasLetterOrNumber = false;
  }
  if (last !== Kind.Other) {
    if (!hasLetterOrNumber) return -1;
    count += 1;
  }
  return count;
}
