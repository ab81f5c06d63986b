/**
 * How a rule's term finds its occurrences: a regular expression, case-insensitive, word-bounded, and
 * accent-aware in one direction. A letter written without an accent in the rule matches that letter
 * with or without any accent ("revolucion" finds "revolución" and "REVOLUCIÓN"); a letter written
 * with an accent matches only that accent ("sí" does not find "si", "él" does not find "el"). Text in
 * decomposed form (a letter followed by a combining mark) matches as its composed form does. A run
 * of spaces in the rule matches any run of white space.
 */

/** Latin letters with diacritics, grouped under their base letter (lower case). */
const variantsOf = new Map<string, string>();
for (let code = 0xc0; code <= 0x24f; code += 1) {
  const char = String.fromCharCode(code);
  const base = char.normalize('NFD').replace(/\p{M}+/gu, '');
  if (base.length !== 1 || base === char || !/[a-z]/i.test(base)) continue;
  const key = base.toLowerCase();
  variantsOf.set(key, (variantsOf.get(key) ?? '') + char);
}

const escape = (char: string) => char.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');

function letterPattern(char: string): string {
  const decomposed = char.normalize('NFD');
  const base = decomposed[0]!;
  if (decomposed.length > 1) {
    // An accented letter: itself, composed or decomposed.
    return `(?:${escape(char)}|${escape(decomposed)})`;
  }
  const variants = variantsOf.get(base.toLowerCase());
  // An unaccented letter: itself or any accented form, followed by any combining marks.
  return variants ? `(?:[${escape(base)}${variants}]\\p{M}*)` : escape(char);
}

const wordChar = /[\p{L}\p{N}\p{M}]/u;

/** The expression that finds `term` in a text (global, with UTF-16 indices as every JS string). */
export function termPattern(term: string): RegExp {
  const chars = [...term.normalize('NFC').trim()];
  let source = '';
  let inSpace = false;
  for (const char of chars) {
    if (/\s/u.test(char)) {
      if (!inSpace) source += '\\s+';
      inSpace = true;
      continue;
    }
    inSpace = false;
    source += letterPattern(char);
  }
  // Word bounds only where the term itself starts or ends with a letter or a digit ("#promo" and
  // "¡oferta!" bound themselves).
  const before = wordChar.test(chars[0] ?? '') ? '(?<![\\p{L}\\p{N}\\p{M}])' : '';
  const after = wordChar.test(chars.at(-1) ?? '') ? '(?![\\p{L}\\p{N}\\p{M}])' : '';
  return new RegExp(`${before}${source}${after}`, 'giu');
}
