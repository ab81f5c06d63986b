import type { Locale, WritingTone } from '@redacta/shared';
import { speakInVoice, voiceClosing, type VoiceHabits } from '../voice.ts';
import { capitalize, joinParagraphs, paragraphs, replaceTerms, seedOf } from './text.ts';

/**
 * Tones by the demo writer's voice rules (voice.ts): closer speaks to the reader informally and with
 * enthusiasm, formal uses "usted" and words in full without exclamations, persuasive leads with urgency
 * and ends with a call to action, simple swaps long words for everyday ones and splits long sentences.
 */
const toneHabits: Record<Exclude<WritingTone, 'persuasive' | 'simple'>, VoiceHabits> = {
  closer: { address: 'informal', exclamations: true, emoji: null },
  formal: { address: 'formal', exclamations: false, emoji: false },
};

/** Formal words and their everyday forms: a closer text uses the everyday ones. */
const everyday: Record<Locale, Record<string, string>> = {
  es: {
    adquirir: 'comprar',
    adquiera: 'compra',
    obtener: 'conseguir',
    obtenga: 'consigue',
    'le invitamos a': 'te invitamos a',
    usted: 'tú',
    solicitar: 'pedir',
    solicite: 'pide',
    utilizar: 'usar',
    utilice: 'usa',
    posteriormente: 'después',
    'no obstante': 'pero',
    asimismo: 'también',
    'en consecuencia': 'por eso',
    optimizar: 'mejorar',
    implementar: 'poner en marcha',
    proporcionar: 'dar',
    proporcionamos: 'damos',
    finalizar: 'terminar',
    efectuar: 'hacer',
    'dispone de': 'tiene',
    'disponemos de': 'tenemos',
  },
  en: {
    purchase: 'buy',
    obtain: 'get',
    assist: 'help',
    'we invite you to': 'come and',
    utilize: 'use',
    approximately: 'about',
    subsequently: 'later',
    however: 'but',
    additionally: 'also',
    facilitate: 'help',
    optimize: 'improve',
    commence: 'start',
    demonstrate: 'show',
    sufficient: 'enough',
    require: 'need',
    inquire: 'ask',
    provide: 'give',
    endeavor: 'try',
    terminate: 'end',
    numerous: 'many',
  },
};

const persuasion: Record<Locale, { openings: string[]; calls: string[] }> = {
  es: {
    openings: ['No lo dejes para mañana:', 'Imagina el resultado:', 'Esto es lo que estabas buscando:'],
    calls: [
      'Empieza hoy y nota la diferencia.',
      'Pruébalo ahora: solo tienes que dar el primer paso.',
      'Da el paso hoy; tu yo de mañana te lo agradecerá.',
    ],
  },
  en: {
    openings: ["Don't put it off:", 'Picture the result:', 'This is what you have been looking for:'],
    calls: [
      'Start today and feel the difference.',
      'Try it now: all it takes is the first step.',
      'Take the step today; your future self will thank you.',
    ],
  },
};

/** Long sentences split where they join two clauses, for a simpler read. */
function splitLong(sentence: string, language: Locale): string {
  if (sentence.split(/\s+/).length < 14) return sentence;
  const joint =
    language === 'es'
      ? /,\s+(?:y|pero|porque|ya que|aunque)\s+/u
      : /,\s+(?:and|but|because|since|although)\s+/u;
  const match = joint.exec(sentence);
  if (!match) return sentence.replace(/;\s+(\p{L})/u, (_, letter: string) => `. ${letter.toUpperCase()}`);
  const end = sentence.match(/[.!?…]+$/u)?.[0] ?? '.';
  const rest = sentence.slice(match.index + match[0].length);
  return `${sentence.slice(0, match.index)}. ${capitalize(rest.replace(/[.!?…]+$/u, ''))}${end}`;
}

/**
 * The passage in another tone. A closing line (the persuasive call to action, the closer or formal
 * sign-off to the reader) ends a text, so it is added only when the passage reaches the document's
 * end: in the middle of a document it would close the text before the rest of it.
 */
export function changeTone(text: string, tone: WritingTone, language: Locale, reachesEnd: boolean): string {
  if (tone === 'simple') {
    const plain = replaceTerms(text, everyday[language]);
    return joinParagraphs(paragraphs(plain).map((sentences) => sentences.map((s) => splitLong(s, language))));
  }
  let body: string;
  let closing: string;
  if (tone === 'persuasive') {
    const { openings, calls } = persuasion[language];
    const seed = seedOf(text);
    const trimmed = text.trim();
    body = `${openings[seed % openings.length]} ${trimmed.charAt(0).toLowerCase()}${trimmed.slice(1)}`;
    closing = calls[seed % calls.length]!;
  } else {
    const habits = toneHabits[tone];
    const base = tone === 'closer' ? replaceTerms(text, everyday[language]) : text;
    body = speakInVoice(base, habits, language, '').trim();
    closing = voiceClosing(habits, language);
  }
  return reachesEnd ? `${body}\n\n${closing}` : body;
}

/** Words swapped for a fresh wording that keeps the meaning, both ways. */
const synonymPairs: Record<Locale, [string, string][]> = {
  es: [
    ['fácil', 'sencillo'],
    ['rápido', 'ágil'],
    ['descubre', 'conoce'],
    ['ayuda', 'apoyo'],
    ['ideal', 'perfecto'],
    ['ahora', 'ya'],
    ['conseguir', 'lograr'],
    ['empezar', 'comenzar'],
    ['cliente', 'comprador'],
    ['calidad', 'excelencia'],
    ['precio', 'coste'],
    ['nuevo', 'renovado'],
    ['mejorar', 'potenciar'],
    ['crear', 'diseñar'],
    ['equipo', 'plantilla'],
    ['resultado', 'logro'],
    ['ofrecemos', 'te damos'],
    ['producto', 'artículo'],
  ],
  en: [
    ['easy', 'simple'],
    ['fast', 'quick'],
    ['discover', 'explore'],
    ['help', 'support'],
    ['ideal', 'perfect'],
    ['get', 'gain'],
    ['start', 'begin'],
    ['customer', 'client'],
    ['quality', 'excellence'],
    ['price', 'cost'],
    ['new', 'fresh'],
    ['improve', 'boost'],
    ['create', 'craft'],
    ['team', 'crew'],
    ['result', 'outcome'],
    ['offer', 'provide'],
    ['product', 'item'],
    ['great', 'excellent'],
  ],
};

const synonyms: Record<Locale, Record<string, string>> = {
  es: Object.fromEntries(
    synonymPairs.es.flatMap(([a, b]) => [
      [a, b],
      [b, a],
    ]),
  ),
  en: Object.fromEntries(
    synonymPairs.en.flatMap(([a, b]) => [
      [a, b],
      [b, a],
    ]),
  ),
};

const rewordOpenings: Record<Locale, string> = { es: 'Dicho de otra forma:', en: 'Put another way:' };

/** The same message in other words: synonyms swapped, or, with none to swap, introduced anew. */
export function rewrite(text: string, language: Locale): string {
  const reworded = replaceTerms(text, synonyms[language]);
  if (reworded !== text) return reworded;
  const body = text.trim();
  return `${rewordOpenings[language]} ${body.charAt(0).toLowerCase()}${body.slice(1)}`;
}
