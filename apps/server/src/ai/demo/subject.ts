import type { Locale } from '@redacta/shared';
import {
  adjectivePattern,
  audiences,
  channels,
  countNouns,
  kindNouns,
  numberPattern,
  requestVerbs,
} from './vocabulary.ts';

/**
 * The subject of a request, kept as the user wrote it: what is left once the request's frame is read
 * off the front (verbs, "5 ideas", "un post", "de Instagram", "para clientes", then the word that
 * introduces the subject) and its modifiers off the end (tone, language, channel, "con 10 hashtags").
 * Its words are never re-inflected, re-cased or translated.
 */
export interface Subject {
  text: string;
  /** The word that introduced it ("sobre", "para", "about"…), lower-cased; null when none did. */
  connector: string | null;
  /** The language of that word. */
  language: Locale | null;
}

const L = '\\p{L}';
const end = `(?![${L}-])`;
const nouns = [...kindNouns.map(([, pattern]) => pattern), ...countNouns.map((noun) => noun.pattern)].join(
  '|',
);
const article =
  '(?:un|una|unos|unas|el|la|los|las|a|an|the|some|algunas?|algunos|varias|varios|several|mis|my|our|your|tus|nuestros?|nuestras?)';
const linking = '(?:para|de|del|en|por|con|y|e|for|of|on|in|with|and|as|como)';

const framePieces = [
  new RegExp(`^(?:${requestVerbs.join('|')})${end}`, 'iu'),
  new RegExp(
    `^(?:${linking}\\s+)?(?:${article}\\s+)?(?:(?:${numberPattern})\\s+${adjectivePattern}{0,2}?)?(?:${nouns})${end}`,
    'iu',
  ),
  new RegExp(
    `^(?:(?:para|de|del|en|por|for|of|on|in|dirigid[oa]s? a|aimed at)\\s+)?(?:${article}\\s+)?(?:${channels}|${audiences})${end}`,
    'iu',
  ),
];

const connectors: [string, Locale][] = [
  ['acerca de', 'es'],
  ['respecto a', 'es'],
  ['sobre', 'es'],
  ['para', 'es'],
  ['del', 'es'],
  ['de', 'es'],
  ['about', 'en'],
  ['regarding', 'en'],
  ['on', 'en'],
  ['for', 'en'],
  ['of', 'en'],
];
const connectorPattern = connectors.map(([word]) => word).join('|');
const leadingConnector = new RegExp(`^(${connectorPattern})\\s+(.+)$`, 'iu');
/** "Un post corto para anunciar nuestras cestas": what is announced is the subject, not the announcing. */
const purposeVerbs =
  'dar a conocer|anunciar|promocionar|presentar|vender|lanzar|celebrar|comunicar|difundir|impulsar|destacar|explicar|mostrar|announce|promote|present|sell|launch|celebrate|introduce|showcase|advertise|explain';
const purposeOpening = new RegExp(
  `^(?:[${L}-]+\\s+){0,2}?(para|for|to)\\s+(?:${purposeVerbs})\\s+(.+)$`,
  'iu',
);
/** "5 ideas creativas para…": a connector after one or two leftover words still opens the subject. */
const nearConnector = new RegExp(`^(?:[${L}-]+\\s+){1,2}?(sobre|acerca de|about|para|for)\\s+(.+)$`, 'iu');

const trailing = [
  new RegExp(
    `\\s*,?\\s+(?:con|y|e|en|with|and|plus|in|incluyendo|including)\\s+(?:${numberPattern})\\s+${adjectivePattern}{0,2}?(?:${nouns})${end}.*$`,
    'iu',
  ),
  /(?:,\s*|\s+)(?:con|en|with|in|using)\s+(?:(?:un|una|a|an)\s+)?(?:[\p{L}-]+\s+){0,3}?(?:tono|tone|estilo|style|registro|voz|voice)(?![\p{L}-]).*$/iu,
  /,\s*(?:tono|tone)(?![\p{L}-]).*$/iu,
  /(?:,\s*|\s+)(?:en|in)\s+(?:inglés|ingles|english|español|castellano|spanish)(?![\p{L}-]).*$/iu,
  new RegExp(`(?:,\\s*|\\s+)(?:para|en|de|for|on|in)\\s+(?:${article}\\s+)?(?:${channels})\\s*$`, 'iu'),
  new RegExp(`(?:,\\s*|\\s+)(?:para|dirigid[oa]s? a|for|aimed at)\\s+(?:${audiences})\\s*$`, 'iu'),
];

const MAX_SUBJECT_WORDS = 12;
const fallback: Record<Locale, string> = { es: 'tu producto', en: 'your product' };

function trimSubject(text: string): string {
  let subject = text;
  for (let changed = true; changed;) {
    const before = subject;
    for (const pattern of trailing) subject = subject.replace(pattern, '');
    subject = subject.replace(/^[\s"«“'(]+|[\s.!?¿¡:;,"»”')]+$/gu, '');
    changed = subject !== before;
  }
  return subject.split(' ').slice(0, MAX_SUBJECT_WORDS).join(' ');
}

/** The subject of `request` (a message without its requested length). */
export function extractSubject(request: string, language: Locale): Subject {
  let rest = request;
  let last = '';
  for (;;) {
    rest = rest.replace(/^[\s,:;.!¡¿?"«»“”-]+/u, '');
    const piece = framePieces.map((pattern) => rest.match(pattern)).find(Boolean);
    if (!piece || piece[0].length === 0) break;
    last = piece[0];
    rest = rest.slice(piece[0].length);
  }
  const opened = rest.match(purposeOpening) ?? rest.match(leadingConnector) ?? rest.match(nearConnector);
  const word = opened?.[1]?.toLowerCase() ?? null;
  const connector = word === 'to' ? 'for' : word;
  const text = trimSubject(opened ? opened[2]! : rest);
  if (text) {
    const connectorLanguage = connectors.find(([word]) => word === connector)?.[1] ?? null;
    return { text, connector, language: connectorLanguage };
  }
  // Nothing after the frame ("Ideas para un post"): its last piece is what the request is about.
  const named = trimSubject(last.replace(new RegExp(`^${linking}\\s+`, 'iu'), ''));
  return { text: named || fallback[language], connector: null, language: null };
}
