import { countWords, type Locale } from '@redacta/shared';
import { describeVoice } from './analysis-texts.ts';
import type { ReadingLevel, SampleFeatures, VoiceReading } from './analysis-types.ts';

/**
 * The demo writer's brand-voice analysis: measured, not invented. It reads features a copy editor
 * would notice in the sample (sentence length, who speaks to whom, tú/usted or contractions,
 * exclamations, questions, emoji, descriptive words, repeated vocabulary) and describes the voice in
 * the workspace language, quoting real sentences of the sample. Same sample, same description.
 */

const letters = (pattern: string) => new RegExp(`(?<!\\p{L})(?:${pattern})(?!\\p{L})`, 'giu');
const count = (text: string, pattern: RegExp) => text.match(pattern)?.length ?? 0;

const markers = {
  es: {
    stop: new Set(
      'el la los las de del que y en un una por con para es su al lo como más pero sus le ya o muy sin sobre también este esta esto hay cada todo todos nuestro nuestra nuestros nuestras nos se no mi tu te'.split(
        ' ',
      ),
    ),
    firstSingular: letters('yo|me|mi|mis|conmigo'),
    firstPlural: letters('nosotros|nosotras|nos|nuestro|nuestra|nuestros|nuestras'),
    informal: letters(
      'tú|te|ti|tu|tus|contigo|vosotros|vosotras|os|vuestro|vuestra|vuestros|vuestras|hola|genial|guay|vale|súper',
    ),
    formal: letters(
      'usted|ustedes|estimado|estimada|estimados|atentamente|cordialmente|asimismo|le informamos|por consiguiente',
    ),
    describing: letters(
      '[\\p{L}]{2,}(?:oso|osa|osos|osas|ble|bles|ivo|iva|ivos|ivas|ante|antes|ente|entes|ico|ica|icos|icas)|nuevo|nueva|nuevos|nuevas|mejor|mejores|gran|grande|perfecto|perfecta|único|única|fácil|rápido|rápida|bueno|buena|increíble|auténtico|auténtica|natural|naturales|fresco|fresca|ideal|sencillo|sencilla|bonito|bonita|rico|rica|suave|ligero|ligera',
    ),
  },
  en: {
    stop: new Set(
      'the a an and or of to in on for with is are be it its this that at as by from but not all so more can just our your we you they their was were have has will i my me us'.split(
        ' ',
      ),
    ),
    firstSingular: letters("i|me|my|mine|i'm|i've|i'll|i'd"),
    firstPlural: letters("we|us|our|ours|we're|we've|we'll|we'd"),
    informal: letters(
      "[\\p{L}]+n't|[\\p{L}]+'(?:re|ll|ve|d)|i'm|it's|that's|let's|hey|awesome|cool|gonna|wanna|yeah|totally|super",
    ),
    formal: letters(
      'therefore|furthermore|moreover|hereby|whereas|pursuant|regarding|kindly|sincerely|shall|accordingly',
    ),
    describing: letters(
      '[\\p{L}]{2,}(?:ful|less|ous|ive|able|ible|ic|ish)|new|best|better|great|perfect|unique|easy|fast|good|amazing|authentic|natural|fresh|ideal|simple|beautiful|premium|smart|bold|light|soft|rich',
    ),
  },
} as const;

const secondPerson = {
  es: letters('tú|te|ti|tu|tus|contigo|usted|ustedes|vosotros|vosotras|os|vuestro|vuestra'),
  en: letters("you|your|yours|you're|you'll|you've|yourself"),
};

function sampleLanguage(words: string[]): Locale {
  const hits = (stop: Set<string>) => words.filter((word) => stop.has(word)).length;
  return hits(markers.en.stop) > hits(markers.es.stop) ? 'en' : 'es';
}

/** Distinct words over words, averaged over 50-word windows so long samples are not penalised. */
function variety(words: string[]): number {
  const window = 50;
  if (words.length <= window) return words.length === 0 ? 0 : new Set(words).size / words.length;
  let total = 0;
  for (let i = 0; i + window <= words.length; i += 1) total += new Set(words.slice(i, i + window)).size;
  return total / (words.length - window + 1) / window;
}

/** Sentences as a reader sees them: split after . ! ? … and at line breaks, kept verbatim. */
export function splitSentences(text: string): string[] {
  return text
    .split(/\n+|(?<=[.!?…])\s+/u)
    .map((sentence) => sentence.trim())
    .filter((sentence) => countWords(sentence) > 0);
}

export function measureSample(sample: string): SampleFeatures {
  const text = sample.replace(/[’‘]/g, "'");
  const wordList = text.toLowerCase().match(/[\p{L}']+/gu) ?? [];
  const language = sampleLanguage(wordList);
  const m = markers[language];
  const sentences = splitSentences(sample);
  const words = countWords(text);
  const share = (n: number, of: number) => (of === 0 ? 0 : n / of);
  const informal = count(text, m.informal);
  const formal = count(text, m.formal);
  const frequency = new Map<string, number>();
  for (const word of wordList) {
    if (word.length >= 4 && !m.stop.has(word)) frequency.set(word, (frequency.get(word) ?? 0) + 1);
  }
  return {
    language,
    words,
    sentences,
    averageSentenceWords: Math.round(share(words, sentences.length)),
    exclamationShare: share(sentences.filter((s) => /[!¡]/.test(s)).length, sentences.length),
    questionShare: share(sentences.filter((s) => /[?¿]/.test(s)).length, sentences.length),
    emoji: count(text, /\p{Extended_Pictographic}/gu),
    person: {
      firstSingular: count(text, m.firstSingular),
      firstPlural: count(text, m.firstPlural),
      second: count(text, secondPerson[language]),
    },
    address: formal > informal ? 'formal' : informal > formal ? 'informal' : 'neutral',
    descriptiveShare: share(count(text, m.describing), words),
    variety: variety(wordList),
    repeated: [...frequency]
      .filter(([, n]) => n >= 2)
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, 5)
      .map(([word]) => word),
    figures: count(text, /\d+(?:[.,]\d+)?\s?%?/g),
    hashtags: count(text, /#\p{L}[\p{L}\d_]*/gu),
  };
}

/** Up to three real sentences: one of typical length, the first exclamation, the first question. */
export function pickQuotes(features: SampleFeatures): string[] {
  const usable = features.sentences.filter((s) => countWords(s) >= 3);
  const typical = [...usable].sort(
    (a, b) =>
      Math.abs(countWords(a) - features.averageSentenceWords) -
      Math.abs(countWords(b) - features.averageSentenceWords),
  )[0];
  const picks = [typical, usable.find((s) => /[!¡]/.test(s)), usable.find((s) => /[?¿]/.test(s))];
  const quotes: string[] = [];
  for (const sentence of [...picks, ...usable]) {
    if (sentence && !quotes.includes(sentence)) quotes.push(sentence);
    if (quotes.length === 3) break;
  }
  return quotes.map(shorten);
}

function shorten(sentence: string): string {
  const words = sentence.split(/\s+/);
  return words.length <= 18 ? sentence : `${words.slice(0, 18).join(' ')}…`;
}

const level = (value: number, low: number, high: number): ReadingLevel =>
  value <= low ? 'low' : value >= high ? 'high' : 'mid';

/** What the measurements say, as the choices the description is written from. */
export function readVoice(features: SampleFeatures): VoiceReading {
  const { person } = features;
  const speaker =
    person.firstPlural >= Math.max(1, person.firstSingular) ? 'we' : person.firstSingular > 0 ? 'i' : 'brand';
  return {
    speaker,
    addressesReader: person.second > 0,
    address: features.address,
    sentenceLength: level(features.averageSentenceWords, 12, 21),
    exclamations: level(features.exclamationShare, 0, 0.25),
    questions: level(features.questionShare, 0, 0.2),
    emoji: features.emoji > 0,
    descriptive: level(features.descriptiveShare, 0.05, 0.12),
    variety: level(features.variety, 0.6, 0.8),
    figures: features.figures > 0,
    hashtags: features.hashtags > 0,
  };
}

/**
 * The voice description of a sample, written in `language` (the workspace language): tone,
 * personality, vocabulary, sentence style, do and don't lists, and quotes taken from the sample.
 */
export function composeVoiceDescription(sample: string, language: Locale): string {
  const features = measureSample(sample);
  const d = describeVoice(features, readVoice(features), language);
  const es = language === 'es';
  const list = (items: (string | null | undefined)[]) =>
    items
      .filter(Boolean)
      .map((item) => `- ${item}`)
      .join('\n');
  const quotes = pickQuotes(features).map((q) => `- ${es ? `«${q}»` : `"${q}"`}`);
  return [
    `${es ? 'Tono' : 'Tone'}: ${d.tone.join(', ')}.`,
    `${es ? 'Personalidad' : 'Personality'}: ${d.personality.join(' ')}`,
    `${es ? 'Vocabulario' : 'Vocabulary'}: ${d.vocabulary.join(' ')}`,
    `${es ? 'Estilo de las frases' : 'Sentence style'}: ${d.style.join(' ')}`,
    `${es ? 'Haz' : 'Do'}:\n${list(d.doList)}`,
    `${es ? 'Evita' : "Don't"}:\n${list(d.dontList)}`,
    ...(quotes.length > 0
      ? [`${es ? 'Ejemplos de la muestra' : 'Examples from the sample'}:\n${quotes.join('\n')}`]
      : []),
  ].join('\n\n');
}
