import type { Locale } from '@redacta/shared';

/**
 * The words the demo writer reads a request with, in Spanish and English: the kinds of copy, the
 * things people ask for by number ("5 ideas", "tres titulares", "give me 7 slogans"), the numbers
 * themselves, and the channels, audiences and verbs that frame a request around its subject.
 */
export type RequestKind = 'ad' | 'social' | 'email' | 'ideas' | 'article' | 'outline' | 'product' | 'general';

/** What a counted list holds. `variant` is a whole piece of the requested kind ("3 anuncios"). */
export type ItemFamily =
  'idea' | 'headline' | 'slogan' | 'hashtag' | 'name' | 'tip' | 'question' | 'section' | 'variant';

/** Kind nouns, each a regular-expression alternative; the longest match at the earliest place wins. */
export const kindNouns: [RequestKind, string][] = [
  ['email', 'e-?mails?|correos?(?: electr[oó]nicos?)?|newsletters?|boletin(?:es)?|boletín|mailings?'],
  ['ad', 'anuncios?|google ads|ads?|advert(?:isement)?s?|banners?|publicidad'],
  ['outline', 'outlines?|blog outlines?|esquemas?(?: de (?:un )?art[ií]culo)?|estructuras?|índices?'],
  [
    'article',
    'art[ií]culos?|articles?|blog posts?|posts? de blog|posts? para (?:el|mi|un) blog|entradas? de blog|blog',
  ],
  [
    'social',
    'posts?|publicaci[oó]n(?:es)?(?: para redes(?: sociales)?)?|tuits?|tweets?|hilos?|threads?|reels?|captions?|pies? de foto',
  ],
  ['product', 'descripci[oó]n(?:es)?(?: de producto)?|(?:product )?descriptions?|fichas?(?: de producto)?'],
  ['general', 'textos?|copys?|copy|mensajes?|messages?'],
];

/** Nouns a number can count, with their family and language; the kind nouns count as `variant`. */
export const countNouns: { pattern: string; family: ItemFamily; language: Locale }[] = [
  {
    pattern: 'ideas?|opci[oó]n(?:es)?|ejemplos?|propuestas?|elementos?|[ií]tems?',
    family: 'idea',
    language: 'es',
  },
  { pattern: 'titulares?|t[ií]tulos?|asuntos?|ganchos?', family: 'headline', language: 'es' },
  { pattern: 'esl[oó]gan(?:es)?|eslóganes|lemas?|frases?', family: 'slogan', language: 'es' },
  { pattern: 'hashtags?', family: 'hashtag', language: 'es' },
  { pattern: 'nombres?', family: 'name', language: 'es' },
  {
    pattern: 'consejos?|pasos?|razon(?:es)?|raz[oó]n|beneficios?|puntos?|viñetas?|claves?',
    family: 'tip',
    language: 'es',
  },
  { pattern: 'preguntas?', family: 'question', language: 'es' },
  { pattern: 'secci[oó]n(?:es)?|apartados?', family: 'section', language: 'es' },
  { pattern: 'variantes?|versi[oó]n(?:es)?', family: 'variant', language: 'es' },
  { pattern: 'ideas?|options?|examples?|items?', family: 'idea', language: 'en' },
  { pattern: 'headlines?|titles?|subject lines?|hooks?', family: 'headline', language: 'en' },
  { pattern: 'slogans?|taglines?|catchphrases?', family: 'slogan', language: 'en' },
  { pattern: 'names?', family: 'name', language: 'en' },
  {
    pattern: 'tips?|steps?|reasons?|benefits?|bullet points?|bullets?|points?|keys?',
    family: 'tip',
    language: 'en',
  },
  { pattern: 'questions?|faqs?', family: 'question', language: 'en' },
  { pattern: 'sections?', family: 'section', language: 'en' },
  { pattern: 'variants?|variations?|versions?', family: 'variant', language: 'en' },
];

export const esNumbers: Record<string, number> = {
  un: 1,
  uno: 1,
  una: 1,
  dos: 2,
  tres: 3,
  cuatro: 4,
  cinco: 5,
  seis: 6,
  siete: 7,
  ocho: 8,
  nueve: 9,
  diez: 10,
  once: 11,
  doce: 12,
  trece: 13,
  catorce: 14,
  quince: 15,
  dieciséis: 16,
  diecisiete: 17,
  dieciocho: 18,
  diecinueve: 19,
  veinte: 20,
  veinticinco: 25,
  treinta: 30,
  cuarenta: 40,
  cincuenta: 50,
  'un par de': 2,
  'una docena de': 12,
};
export const enNumbers: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  'twenty-five': 25,
  thirty: 30,
  forty: 40,
  fifty: 50,
  'a couple of': 2,
  'a dozen': 12,
};
export const numberWords: Record<string, number> = { ...esNumbers, ...enNumbers };

/** A number as people type it: digits, or one of the words above. */
export const numberPattern = `\\d{1,4}|${Object.keys(numberWords)
  .sort((a, b) => b.length - a.length)
  .join('|')}`;

export function numberValue(text: string): number {
  const key = text.toLowerCase();
  return /^\d+$/.test(key) ? Number(key) : (numberWords[key] ?? 1);
}

/** Words that may stand between a number and what it counts ("7 catchy slogans", "5 ideas nuevas"). */
export const notAdjectives = new Set(
  'de del con para sobre y o en a al por sin of with for about and or in on at to by días day days palabras words minutos minutes segundos seconds horas hours semanas weeks meses months años years caracteres characters veces times'.split(
    ' ',
  ),
);

/** A word between a number and what it counts: anything but a preposition or a unit. */
export const adjectivePattern = `(?:(?!(?:${[...notAdjectives].join('|')})\\s)[\\p{L}-]+\\s+)`;

export const channels =
  'instagram|linkedin|facebook|tiktok|twitter|youtube|pinterest|whatsapp|telegram|google(?: ads)?|redes(?: sociales)?|social media|social|(?:la |the )?web|website|(?:mi |my |our |nuestra )?(?:tienda online|landing(?: page)?)';

export const audiences =
  '(?:(?:mis|nuestros|nuestras|tus|los|las|my|our|your|the)\\s+)?(?:clientes|clientas|seguidores|suscriptores|público|audiencia|usuarios|lectores|customers|clients|followers|subscribers|audience|users|readers)';

export const requestVerbs = [
  'por favor',
  'please',
  'hola',
  'hi',
  'hello',
  'oye',
  'dame',
  'escr[ií]beme',
  'escribe',
  'redáctame',
  'redacta',
  'créame',
  'crea',
  'genérame',
  'genera',
  'hazme',
  'haz',
  'prepárame',
  'prepara',
  'propón(?:me)?',
  'proponme',
  'sugiéreme',
  'sugiere',
  'necesito',
  'quiero',
  'quisiera',
  'me gustaría',
  '¿?podrías',
  '¿?puedes',
  'ayúdame a (?:escribir|crear|redactar)',
  'lluvia de',
  'write(?: me)?',
  'create',
  'draft',
  'generate',
  'give me',
  'make(?: me)?',
  'suggest',
  'come up with',
  'brainstorm',
  'i need',
  'i want',
  "i'd like",
  'can you',
  'could you',
  'help me (?:write|create|draft)',
];
