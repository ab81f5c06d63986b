import {
  REPLY_LENGTH_WORDS,
  type Locale,
  type OutputLanguage,
  type ReplyLength,
  type WritingTone,
} from '@redacta/shared';
import type { VoiceHabits } from './voice.ts';

/**
 * The composer's writing controls as the offline demo writer follows them: a length is a number of
 * words inside its range, a tone is a set of the voice habits a brand voice can state (it wins over
 * the voice where both say something), and the output language is Spanish or English — the only
 * languages it writes; asked for another, it writes in the request's language and says so first.
 */
// A type, not an interface: provider options must be plain JSON objects.
export type DemoControls = {
  tone?: WritingTone;
  length?: ReplyLength;
  language?: OutputLanguage;
};

/** The words a reply of `length` aims at: the middle of its range, so a cut or a heading keeps it inside. */
export function demoLengthWords(length: ReplyLength): number {
  const { min, max } = REPLY_LENGTH_WORDS[length];
  return Math.round((min + max) / 2);
}

const toneHabits: Record<WritingTone, VoiceHabits> = {
  closer: { address: 'informal', exclamations: true, emoji: null },
  formal: { address: 'formal', exclamations: false, emoji: false },
  persuasive: { address: null, exclamations: true, emoji: null },
  simple: { address: null, exclamations: false, emoji: false },
};

/** The habits a reply is written with: the brand voice's, with the tone's over them. */
export function habitsWithTone(voice: VoiceHabits | null, tone: WritingTone | undefined): VoiceHabits | null {
  if (!tone) return voice;
  const own = toneHabits[tone];
  return {
    address: own.address ?? voice?.address ?? null,
    exclamations: own.exclamations ?? voice?.exclamations ?? null,
    emoji: own.emoji ?? voice?.emoji ?? null,
  };
}

/** The output language as the demo writes it: es or en, or null for one it does not write. */
export function demoLanguage(language: OutputLanguage | undefined): Locale | null {
  return language === 'es' || language === 'en' ? language : null;
}

const languageNames: Record<Locale, Record<OutputLanguage, string>> = {
  es: { es: 'español', en: 'inglés', fr: 'francés', de: 'alemán', it: 'italiano', pt: 'portugués' },
  en: { es: 'Spanish', en: 'English', fr: 'French', de: 'German', it: 'Italian', pt: 'Portuguese' },
};

/** The first line of a demo reply asked for in a language the demo writer does not write. */
export function onlySpanishAndEnglish(asked: OutputLanguage, language: Locale): string {
  const name = languageNames[language][asked];
  return language === 'es'
    ? `_El escritor de demostración solo escribe en español e inglés: esta respuesta no está en ${name}._`
    : `_The demo writer writes only Spanish and English: this reply is not in ${name}._`;
}
