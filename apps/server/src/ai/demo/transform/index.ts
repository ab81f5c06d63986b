import type { Locale, OutputLanguage, TransformRequest } from '@redacta/shared';
import { speakInVoice, voiceHabits, type DemoBrandVoice } from '../voice.ts';
import { avoidPhrase } from './avoid.ts';
import { correct } from './correct.ts';
import { lengthen, shorten } from './length.ts';
import { passageLanguage } from './text.ts';
import { changeTone, rewrite } from './tone.ts';
import { translate } from './translate.ts';

const languageNames: Record<Locale, Record<OutputLanguage, string>> = {
  es: { es: 'español', en: 'inglés', fr: 'francés', de: 'alemán', it: 'italiano', pt: 'portugués' },
  en: { es: 'Spanish', en: 'English', fr: 'French', de: 'German', it: 'Italian', pt: 'Portuguese' },
};

/** What the demo writer answers when asked for a language it has no tables for. */
function onlySpanishAndEnglish(language: OutputLanguage, reader: Locale): string {
  const name = languageNames[reader][language];
  return reader === 'es'
    ? `El redactor de demostración solo traduce entre español e inglés, así que no puede traducir este texto al ${name}. Conecta un modelo de IA para traducir a otros idiomas.`
    : `The demo writer translates only between Spanish and English, so it cannot translate this text into ${name}. Connect an AI model to translate into other languages.`;
}

/** Words in a free instruction ("Pedir…") and the transform they ask for. */
const instructionCues: [RegExp, TransformRequest][] = [
  [/ingl[eé]s|english/iu, { action: 'translate', language: 'en' }],
  [/espa[ñn]ol|castellano|spanish/iu, { action: 'translate', language: 'es' }],
  [/franc[eé]s|french/iu, { action: 'translate', language: 'fr' }],
  [/alem[aá]n|german/iu, { action: 'translate', language: 'de' }],
  [/italian/iu, { action: 'translate', language: 'it' }],
  [/portugu[eé]s|portuguese/iu, { action: 'translate', language: 'pt' }],
  [/corrig|ortograf|gram[aá]tic|errat|typo|proofread|spelling|grammar|fix/iu, { action: 'correct' }],
  [/acort|resum|breve|corto|conciso|shorten|shorter|brief|concise|summar|trim/iu, { action: 'shorten' }],
  [/alarg|ampl[ií]a|desarroll|m[aá]s largo|longer|expand|elaborate|lengthen/iu, { action: 'lengthen' }],
  [/persuasiv|convinc|vend|urgen|persuasive|sell|convinc/iu, { action: 'tone', tone: 'persuasive' }],
  [/formal|serio|profesional|professional/iu, { action: 'tone', tone: 'formal' }],
  [/cercan|informal|amistos|desenfad|friendly|casual|warm/iu, { action: 'tone', tone: 'closer' }],
  [/sencill|simple|f[aá]cil de leer|plain|easier/iu, { action: 'tone', tone: 'simple' }],
];

/** A free instruction followed as well as the demo can: the first transform its words ask for. */
function followInstruction(text: string, instruction: string, language: Locale, reachesEnd: boolean): string {
  if (/may[uú]sculas|uppercase|capitals/iu.test(instruction)) return text.toUpperCase();
  if (/min[uú]sculas|lowercase/iu.test(instruction)) return text.toLowerCase();
  const cue = instructionCues.find(([pattern]) => pattern.test(instruction));
  return transformText(text, cue?.[1] ?? { action: 'rewrite' }, language, reachesEnd);
}

function transformText(
  text: string,
  transform: TransformRequest,
  language: Locale,
  reachesEnd: boolean,
): string {
  switch (transform.action) {
    case 'rewrite':
      return rewrite(text, language);
    case 'shorten':
      return shorten(text, language);
    case 'lengthen':
      return lengthen(text, language);
    case 'tone':
      return changeTone(text, transform.tone, language, reachesEnd);
    case 'correct':
      return correct(text, language);
    case 'translate':
      if (transform.language !== 'es' && transform.language !== 'en') {
        return onlySpanishAndEnglish(transform.language, language);
      }
      return translate(text, language, transform.language);
    case 'custom':
      return followInstruction(text, transform.instruction, language, reachesEnd);
    case 'avoid':
      return avoidPhrase(text, transform.phrase, language);
  }
}

/**
 * The offline demo writer's transform of a selected passage, for real enough to be useful: shorter is
 * shorter, longer is longer, a tone follows the voice rules, corrections fix the common slips of its
 * tables, translation goes between Spanish and English by phrase tables (other languages are answered
 * with a plain sentence saying so), a free instruction is read for the transform it names, and a
 * banned phrase is taken out so that the sentence still reads (avoid.ts). The passage keeps its own
 * language (told by its common words, else the workspace's), and the active brand voice's habits apply
 * to everything but a correction, a translation or a banned phrase's rewrite, which keep the wording.
 */
export function composeTransform(
  text: string,
  transform: TransformRequest,
  workspaceLanguage: Locale,
  voice: DemoBrandVoice | null,
): string {
  const language = passageLanguage(text, workspaceLanguage);
  const result = transformText(text.trim(), transform, language, transform.reachesEnd === true);
  // A correction, a translation and a banned phrase's rewrite keep the passage's own wording.
  const keepsWording = ['correct', 'translate', 'avoid'].includes(transform.action);
  if (!voice || keepsWording) return result;
  return speakInVoice(result, voiceHabits(voice.voice), language, '');
}
