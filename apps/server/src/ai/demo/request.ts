import type { Locale } from '@redacta/shared';
import {
  countNouns,
  esNumbers,
  kindNouns,
  adjectivePattern,
  numberPattern,
  numberValue,
  type ItemFamily,
  type RequestKind,
} from './vocabulary.ts';
import { extractSubject } from './subject.ts';

export type { ItemFamily, RequestKind };

/** The longest reply written to a requested length: 1,500 words, about three pages. */
export const MAX_WORDS = 1500;
/** The most items in a list; hashtags stop at 30, the most Instagram accepts on one post. */
export const MAX_ITEMS = 50;
export const MAX_HASHTAGS = 30;

export interface RequestedList {
  family: ItemFamily;
  /** How many were asked for; null when the request names them without a number ("ideas para…"). */
  count: number | null;
  /** The user's own word for them ("titulares", "slogans"), when it is in the reply language. */
  noun: string | null;
  /** The list belongs inside a piece of copy ("un post con 5 consejos"), not as the whole reply. */
  embedded: boolean;
}

/** What a chat request asks the demo writer for. */
export interface DemoRequest {
  /** The language to answer in: the one asked for, else the request's own, else the workspace's. */
  language: Locale;
  kind: RequestKind;
  /** The subject as the user wrote it. */
  subject: string;
  /** The word that introduced the subject ("para", "sobre", "about"…), in the reply language. */
  connector: string | null;
  list: RequestedList | null;
  /** The approximate length asked for, in words, at most MAX_WORDS. */
  words: number | null;
}

const L = '\\p{L}';
const bounded = (pattern: string) => `(?<![${L}\\d-])(?:${pattern})(?![${L}-])`;
const kindRegexes = kindNouns.map(([kind, pattern]) => [kind, new RegExp(bounded(pattern), 'giu')] as const);
const countRegexes = [
  ...countNouns.map(({ pattern, family, language }) => ({ pattern, family, language })),
  ...kindNouns.map(([, pattern]) => ({ pattern, family: 'variant' as const, language: null })),
].map((noun) => ({
  ...noun,
  regex: new RegExp(
    `(?<![${L}\\d-])(${numberPattern})\\s+${adjectivePattern}{0,2}?(${noun.pattern})(?![${L}-])`,
    'giu',
  ),
}));
/** "A" or "una" counts one only for what people ask for one at a time: an idea, a headline, a name. */
const singleFamilies = new Set<ItemFamily>(['idea', 'headline', 'slogan', 'name']);

const numberText = `\\d{1,3}(?:[.,\\s]\\d{3})+|\\d+|(?:(?:dos|two)\\s+)?(?:mil|thousand)|(?:a|one)\\s+thousand`;
const lengthRegex = new RegExp(
  `(?:\\s*[,(]\\s*|\\s+|^)(?:(?:de|en|con|of|in|with|unas?|alrededor de|aproximadamente|aprox\\.?|más o menos|about|around|approximately|roughly|some|máximo|hasta|up to|no más de|under|at most|~)\\s*)*` +
    `(${numberText})\\s*-?\\s*(?:palabras|words?)(?![${L}])\\)?`,
  'giu',
);

function lengthValue(text: string): number {
  const lower = text.toLowerCase();
  if (/mil|thousand/.test(lower)) return /dos|two/.test(lower) ? 2000 : 1000;
  return Number(lower.replace(/[.,\s]/g, ''));
}

/** The requested length, if any, and the message without it (so it never becomes the subject). */
export function requestedLength(message: string): { words: number | null; rest: string } {
  let words: number | null = null;
  const rest = message.replace(lengthRegex, (_, number: string) => {
    words ??= Math.min(MAX_WORDS, Math.max(1, lengthValue(number)));
    return ' ';
  });
  return { words, rest: rest.replace(/\s+/g, ' ').trim() };
}

interface Mention {
  index: number;
  end: number;
}

function kindMention(text: string, skip: Mention | null): (Mention & { kind: RequestKind }) | null {
  let best: (Mention & { kind: RequestKind }) | null = null;
  for (const [kind, regex] of kindRegexes) {
    for (const match of text.matchAll(regex)) {
      const mention = { kind, index: match.index, end: match.index + match[0].length };
      if (skip && mention.index < skip.end && mention.end > skip.index) continue;
      if (!best || mention.index < best.index || (mention.index === best.index && mention.end > best.end)) {
        best = mention;
      }
    }
  }
  return best;
}

interface CountMention extends Mention {
  family: ItemFamily;
  count: number | null;
  noun: string;
  language: Locale | null;
}

const numberLanguage = (word: string): Locale | null =>
  /^\d/.test(word) ? null : word.toLowerCase() in esNumbers ? 'es' : 'en';

/**
 * The first thing asked for by number ("5 ideas", "give me 7 slogans"), else the first list noun
 * without one ("ideas para…"); a more specific noun wins over "ideas" ("lluvia de ideas de nombres").
 */
function countMention(text: string, language: Locale): CountMention | null {
  let best: CountMention | null = null;
  for (const { regex, family, language: nounLanguage } of countRegexes) {
    for (const match of text.matchAll(regex)) {
      const count = numberValue(match[1]!);
      const wordLanguage = numberLanguage(match[1]!);
      // "a" is also a Spanish preposition and "una" an article: a number word counts in its own language.
      if (wordLanguage && wordLanguage !== language) continue;
      if (family === 'variant' && count < 2) continue;
      if (count === 1 && wordLanguage && !singleFamilies.has(family)) continue;
      if (!best || match.index < best.index) {
        const end = match.index + match[0].length;
        best = { index: match.index, end, family, count, noun: match[2]!, language: nounLanguage };
      }
    }
  }
  if (best) return best;
  const rank = (mention: CountMention) => (mention.family === 'idea' ? 1 : 0);
  for (const { pattern, family, language: nounLanguage } of countNouns) {
    if (family === 'variant') continue;
    const match = new RegExp(bounded(pattern), 'iu').exec(text);
    if (!match) continue;
    const end = match.index + match[0].length;
    const found = { index: match.index, end, family, count: null, noun: match[0], language: nounLanguage };
    if (!best || rank(found) < rank(best) || (rank(found) === rank(best) && found.index < best.index)) {
      best = found;
    }
  }
  return best;
}

const esMarkers = new Set(
  'el la los las de del que y en un una unos unas para con sobre por dame escribe redacta crea genera hazme titulares palabras mi tu tus nuestro nuestra nuestros quiero necesito sin más muy nueva nuevo'.split(
    ' ',
  ),
);
const enMarkers = new Set(
  'the an of and for about with to my our your give me write create words some around please new into on is are this that'.split(
    ' ',
  ),
);

/** The language a request asks for, else the one it is written in, else the workspace's. */
export function requestLanguage(message: string, fallback: Locale): Locale {
  const asked = message.match(/\b(?:en|in)\s+(inglés|ingles|english|español|castellano|spanish)\b/iu);
  if (asked) return /^(?:ingl|engl)/i.test(asked[1]!) ? 'en' : 'es';
  const words = message.toLowerCase().match(/[\p{L}']+/gu) ?? [];
  const es =
    words.filter((word) => esMarkers.has(word)).length + 2 * (message.match(/[ñ¿¡áéíóú]/giu)?.length ?? 0);
  const en = words.filter((word) => enMarkers.has(word)).length;
  if (es === en) return fallback;
  return es > en ? 'es' : 'en';
}

const translatedConnector: Record<string, string> = {
  sobre: 'about',
  'acerca de': 'about',
  para: 'for',
  de: 'of',
  del: 'of',
  about: 'sobre',
  on: 'sobre',
  for: 'para',
  of: 'de',
};

/**
 * What `message` asks for; `workspaceLanguage` answers when the request does not say, and
 * `outputLanguage` (the composer's choice) whatever it says.
 */
export function parseRequest(
  message: string,
  workspaceLanguage: Locale,
  outputLanguage?: Locale,
): DemoRequest {
  const clean = message.replace(/\s+/g, ' ').trim();
  const language = outputLanguage ?? requestLanguage(clean, workspaceLanguage);
  const { words, rest } = requestedLength(clean);
  const counted = countMention(rest, language);
  const other = kindMention(rest, counted);
  const own =
    counted?.family === 'variant' ? kindMention(rest.slice(counted.index, counted.end), null) : null;
  const embedded = !!counted && !!other && other.index < counted.index;
  let kind: RequestKind = other?.kind ?? 'general';
  if (counted?.family === 'variant') kind = own?.kind ?? other?.kind ?? 'general';
  else if (counted && !embedded) kind = 'ideas';
  const subject = extractSubject(rest, language);
  const sameLanguage = counted?.language === null || counted?.language === language;
  const connector =
    subject.connector && subject.language !== language
      ? (translatedConnector[subject.connector] ?? null)
      : subject.connector;
  return {
    language,
    kind,
    subject: subject.text,
    connector,
    list: counted
      ? {
          family: counted.family,
          count: counted.count === null ? null : Math.min(counted.count, MAX_ITEMS),
          noun: sameLanguage && counted.family !== 'variant' ? counted.noun.toLowerCase() : null,
          embedded,
        }
      : null,
    words,
  };
}

/** The kind of copy a request asks for (the shape of the reply). */
export function requestKind(message: string): RequestKind {
  return parseRequest(message, 'es').kind;
}
