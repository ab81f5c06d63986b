import type { LanguageModelV3Prompt } from '@ai-sdk/provider';
import type { Locale } from '@redacta/shared';

/**
 * How the offline demo writer follows a brand voice. Like a real model it only sees the system
 * prompt, so it reads the voice from there, picks up the habits a description states (tú or usted,
 * contractions or words in full, exclamations, emoji — honouring "avoid…" and "don't…"), rewrites
 * its reply accordingly and closes with a line signed by the voice.
 */
export interface PromptBrandVoice {
  name: string;
  voice: string;
}

export interface VoiceHabits {
  address: 'informal' | 'formal' | null;
  exclamations: boolean | null;
  emoji: boolean | null;
}

/** The voice `buildSystemPrompt` put in the system message, or null when the chat has none. */
export function brandVoiceFromPrompt(prompt: LanguageModelV3Prompt): PromptBrandVoice | null {
  for (const message of prompt) {
    if (message.role !== 'system') continue;
    const match = message.content.match(/<brand_voice>\n([\s\S]*?)\n<\/brand_voice>/);
    if (!match) continue;
    const name = message.content.slice(0, match.index).match(/brand voice "(.*)"/)?.[1] ?? '';
    return { name, voice: match[1]! };
  }
  return null;
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

function replaceWords(text: string, table: Record<string, string>): string {
  const keys = Object.keys(table).sort((a, b) => b.length - a.length);
  const escaped = keys.map((key) => key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+'));
  const pattern = new RegExp(`(?<![\\p{L}'])(?:${escaped.join('|')})(?![\\p{L}'])`, 'giu');
  return text.replace(pattern, (word) => {
    const replacement = table[word.toLowerCase().replace(/\s+/g, ' ')];
    return replacement ? matchCase(word, replacement) : word;
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

const closings: Record<Locale, Record<'informal' | 'formal' | 'neutral', string>> = {
  es: {
    informal: 'Cuéntanos qué te parece y lo afinamos juntos',
    formal: 'Quedamos a su disposición para ajustarlo a lo que necesite',
    neutral: 'Cualquier ajuste que haga falta, aquí estamos',
  },
  en: {
    informal: "Tell us what you think and we'll fine-tune it together",
    formal: 'We remain at your disposal to adjust it as you see fit',
    neutral: 'Any adjustment you need, we are here to make it',
  },
};

/** The closing line, signed with the voice's name, in its register, with its punctuation and emoji. */
export function voiceClosing(brandVoice: PromptBrandVoice, habits: VoiceHabits, language: Locale): string {
  const sentence = closings[language][habits.address ?? 'neutral'];
  const spoken = habits.exclamations
    ? language === 'es'
      ? `¡${sentence}!`
      : `${sentence}!`
    : `${sentence}.`;
  const signed = brandVoice.name ? `**${brandVoice.name}:** ${spoken}` : spoken;
  return habits.emoji ? `${signed} 😊` : signed;
}

/** The demo reply rewritten in the voice; a trailing italic note (the demo banner) stays last. */
export function applyBrandVoice(reply: string, brandVoice: PromptBrandVoice, language: Locale): string {
  const habits = voiceHabits(brandVoice.voice);
  const note = reply.match(/\n\n(\*[^*\n]+\*)\s*$/);
  let copy = note ? reply.slice(0, note.index) : reply;
  copy = withAddress(copy, habits.address, language);
  if (habits.exclamations === false) copy = copy.replace(/¡/g, '').replace(/!/g, '.');
  if (habits.emoji === false) copy = copy.replace(/\p{Extended_Pictographic}\uFE0F?\s?/gu, '');
  const closing = voiceClosing(brandVoice, habits, language);
  return [copy, closing, ...(note ? [note[1]] : [])].join('\n\n');
}
