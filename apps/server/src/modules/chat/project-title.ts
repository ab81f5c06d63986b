/** A project named from its first message takes at most this many of its words… */
export const TITLE_MAX_WORDS = 6;
/** …and at most this many characters (a single longer word is cut). */
export const TITLE_MAX_LENGTH = 60;

// Markdown marks, bullets and opening Spanish marks before the first word.
const leading = /^[\s¡¿#*>•·\-–—_~]+/u;
// Punctuation a title does not end with (closing brackets and quotes stay: they close something).
const trailing = /[\s.,;:!?¡¿…\-–—_~*#/\\|]+$/u;
const meaningful = /[\p{L}\p{N}]/u;

/**
 * A short title for a project from its first message: its first words (up to TITLE_MAX_WORDS, within
 * TITLE_MAX_LENGTH characters, cut on a word boundary), without markdown marks in front or
 * punctuation at the end, its first letter capitalised when the word is all lower case. Null when
 * the message holds no letter or digit to name anything by.
 */
export function projectTitleFrom(message: string): string | null {
  const words = message.replace(leading, '').split(/\s+/u).filter(Boolean);
  let title = '';
  for (const word of words.slice(0, TITLE_MAX_WORDS)) {
    const longer = title ? `${title} ${word}` : word;
    if ([...longer].length > TITLE_MAX_LENGTH) break;
    title = longer;
  }
  if (!title && words[0]) title = [...words[0]].slice(0, TITLE_MAX_LENGTH).join('');
  title = title.replace(trailing, '');
  if (!meaningful.test(title)) return null;
  const [first = ''] = title.split(' ');
  return first === first.toLocaleLowerCase() ? title.charAt(0).toLocaleUpperCase() + title.slice(1) : title;
}
