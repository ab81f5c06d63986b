import type { Locale } from '@redacta/shared';
import { demoTexts } from './languages.ts';

/**
 * How the offline demo writer follows a brand voice. It is handed the active voice in its provider
 * options (a real model reads the same voice in the system prompt), picks up the habits its
 * description states (tú or usted, contractions or words in full, exclamations, emoji — honouring
 * "avoid…" and "don't…"), rewrites its reply accordingly and closes it with a sentence to the reader
 * in the voice's register. That closing is copy, like the rest: nothing in the reply is signed or
 * says who wrote it.
 */
export interface DemoBrandVoice {
  name: string;
  voice: string;
}

export interface VoiceHabits {
  address: 'informal' | 'formal' | null;
  exclamations: boolean | null;
  emoji: boolean | null;
}

const letters = (pattern: string) => new RegExp(`(?<!\\p{L})(?:${pattern})`, 'iu');
const traits = {
  informal: letters(
    'tute|tú(?!\\p{L})|informal|cercan|desenfadad|coloquial|contraction|casual|friendly|conversational|chatty',
  ),
  formal: letters('usted|formal(?!\\p{L})|respetuos|courteous|in full|polite|corporate'),
  exclamations: letters('exclama|entusias|enthusias|energ'),
  emoji: letters('emoji'),
};
const negativeHeading = letters("evita|no |nunca|avoid|don'?t|do not|never");

/** Habits a description states: +1 for each mention, -1 for each under "avoid"/"don't" or negated. */
export function voiceHabits(voice: string): VoiceHabits {
  const score = { informal: 0, formal: 0, exclamations: 0, emoji: 0 };
  let negativeSection = false;
  for (const raw of voice.split('\n')) {
    const line = raw.replace(/[*_#>]/g, '').trim();
    if (!line) continue;
    if (line.endsWith(':')) {
      negativeSection = line.search(negativeHeading) === 0;
      continue;
    }
    const body = line.replace(/^[-•\d.)\s]+/, '');
    const negative = negativeSection || body.search(negativeHeading) === 0;
    for (const trait of Object.keys(score) as (keyof typeof score)[]) {
      if (traits[trait].test(body)) score[trait] += negative ? -1 : 1;
    }
  }
  const decide = (value: number) => (value > 0 ? true : value < 0 ? false : null);
  const address =
    score.formal > Math.max(0, score.informal)
      ? 'formal'
      : score.informal > Math.max(0, score.formal)
        ? 'informal'
        : null;
  return { address, exclamations: decide(score.exclamations), emoji: decide(score.emoji) };
}

/** Spanish "tú" forms the demo copy uses, and their "usted" forms. */
const usted: Record<string, string> = {
  tu: 'su',
  tus: 'sus',
  te: 'le',
  ti: 'usted',
  tú: 'usted',
  contigo: 'con usted',
  descubre: 'descubra',
  prueba: 'pruebe',
  pruébalo: 'pruébelo',
  hazlo: 'hágalo',
  haz: 'haga',
  empieza: 'empiece',
  pide: 'pida',
  compra: 'compre',
  sabías: 'sabía',
  buscas: 'busca',
  mide: 'mida',
  comparte: 'comparta',
  aprendes: 'aprende',
  cuéntanos: 'cuéntenos',
  escríbenos: 'escríbanos',
  haces: 'hace',
  ganas: 'gana',
  necesitas: 'necesita',
  tienes: 'tiene',
  quieres: 'quiere',
  puedes: 'puede',
  eres: 'es',
  estás: 'está',
  dime: 'dígame',
  pierdas: 'pierda',
  únete: 'únase',
  aprovecha: 'aproveche',
  elige: 'elija',
  disfruta: 'disfrute',
  consigue: 'consiga',
  reserva: 'reserve',
  trabajas: 'trabaja',
  ahorras: 'ahorra',
  consigues: 'consigue',
  descubres: 'descubre',
  notas: 'nota',
  dártelo: 'dárselo',
  tengas: 'tenga',
  dices: 'dice',
  estabas: 'estaba',
  empezaras: 'empezara',
  lee: 'lea',
  piensa: 'piense',
  habla: 'hable',
  usa: 'use',
  publica: 'publique',
  cuida: 'cuide',
  responde: 'responda',
  muestra: 'muestre',
  guárdalo: 'guárdelo',
  compártelo: 'compártalo',
  descúbrelo: 'descúbralo',
};

const expanded: Record<string, string> = {
  "don't": 'do not',
  "can't": 'cannot',
  "won't": 'will not',
  "isn't": 'is not',
  "aren't": 'are not',
  "doesn't": 'does not',
  "it's": 'it is',
  "that's": 'that is',
  "let's": 'let us',
  "you're": 'you are',
  "you'll": 'you will',
  "we're": 'we are',
  "we'll": 'we will',
  "i'll": 'I will',
  "i'm": 'I am',
};
const contracted = Object.fromEntries(
  Object.entries(expanded).map(([short, long]) => [long.toLowerCase(), short]),
);

function matchCase(original: string, replacement: string): string {
  const first = original.charAt(0);
  return first !== first.toLowerCase()
    ? replacement.charAt(0).toUpperCase() + replacement.slice(1)
    : replacement;
}

/** After an article or a determiner, "compra", "muestra" or "prueba" is a noun, not a command. */
const nounsToo = new Set(['compra', 'muestra', 'prueba', 'reserva']);
const determiner = /(?<!\p{L})(?:la|una|esta|esa|cada|su|tu)\s+$/iu;

function replaceWords(text: string, table: Record<string, string>): string {
  const keys = Object.keys(table).sort((a, b) => b.length - a.length);
  const escaped = keys.map((key) => key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+'));
  const pattern = new RegExp(`(?<![\\p{L}'])(?:${escaped.join('|')})(?![\\p{L}'])`, 'giu');
  return text.replace(pattern, (word, offset: number) => {
    const replacement = table[word.toLowerCase().replace(/\s+/g, ' ')];
    if (!replacement) return word;
    const noun =
      nounsToo.has(word.toLowerCase()) && determiner.test(text.slice(Math.max(0, offset - 8), offset));
    if (noun) return word;
    return matchCase(word, replacement);
  });
}

function withAddress(text: string, address: VoiceHabits['address'], language: Locale): string {
  if (language === 'es') {
    if (address !== 'formal') return text;
    // "te lo / te la" become "se lo / se la" before the single-word table turns "te" into "le".
    return replaceWords(
      text.replace(
        /(?<!\p{L})([Tt])e (l[oa]s?)(?!\p{L})/gu,
        (_, t: string, pronoun: string) => `${t === 'T' ? 'S' : 's'}e ${pronoun}`,
      ),
      usted,
    );
  }
  if (address === 'formal') return replaceWords(text, expanded);
  if (address === 'informal') return replaceWords(text, contracted);
  return text;
}

/** A closing sentence to the reader in the voice's register, with its punctuation and emoji. */
export function voiceClosing(habits: VoiceHabits, language: Locale): string {
  const sentence = demoTexts[language].closings[habits.address ?? 'neutral'];
  const spoken = habits.exclamations
    ? language === 'es'
      ? `¡${sentence}!`
      : `${sentence}!`
    : `${sentence}.`;
  return habits.emoji ? `${spoken} 😊` : spoken;
}

/** Stands in for the user's own words while the copy is rewritten: a voice never changes them. */
const KEEP = '\uE000';

/** `copy` rewritten in the voice's habits, leaving every occurrence of `keep` as it is. */
export function speakInVoice(copy: string, habits: VoiceHabits, language: Locale, keep: string): string {
  let text = keep ? copy.split(keep).join(KEEP) : copy;
  text = withAddress(text, habits.address, language);
  if (habits.exclamations === false) text = text.replace(/¡/g, '').replace(/!/g, '.');
  if (habits.emoji === false) text = text.replace(/\p{Extended_Pictographic}\uFE0F?\s?/gu, '');
  return keep ? text.split(KEEP).join(keep) : text;
}
