import { countWords, type Locale } from '@redacta/shared';

/**
 * The demo writer's brand-voice analysis: measured, not invented. It reads features a copy editor
 * would notice in the sample (sentence length, who speaks to whom, tú/usted or contractions,
 * exclamations, questions, emoji, descriptive words, repeated vocabulary) and describes the voice in
 * the workspace language, quoting real sentences of the sample. Same sample, same description.
 */
export interface SampleFeatures {
  /** The language the sample is written in (which markers apply), not the language of the answer. */
  language: Locale;
  words: number;
  sentences: string[];
  averageSentenceWords: number;
  exclamationShare: number;
  questionShare: number;
  emoji: number;
  person: { firstSingular: number; firstPlural: number; second: number };
  address: 'informal' | 'formal' | 'neutral';
  /** Share of words that look like adjectives (suffixes and common describing words). */
  descriptiveShare: number;
  /** Distinct words over words. */
  variety: number;
  /** Content words used at least twice, most frequent first. */
  repeated: string[];
  figures: number;
  hashtags: number;
}

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

type Level = 'low' | 'mid' | 'high';
const level = (value: number, low: number, high: number): Level =>
  value <= low ? 'low' : value >= high ? 'high' : 'mid';

/** What the measurements say, as the choices the description is written from. */
export function readVoice(features: SampleFeatures) {
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
  } as const;
}
export type VoiceReading = ReturnType<typeof readVoice>;

const quoted = (language: Locale, words: string[]) =>
  words.map((w) => (language === 'es' ? `«${w}»` : `"${w}"`)).join(', ');

/** The description in Spanish or English: sections the user can edit, then real quotes. */
function describe(f: SampleFeatures, v: VoiceReading, language: Locale) {
  const es = language === 'es';
  const t = <T>(spanish: T, english: T) => (es ? spanish : english);
  const pct = (share: number) => `${Math.round(share * 100)}${es ? ' %' : '%'}`;
  const tone = [
    {
      informal: t('cercano', 'friendly'),
      formal: t('formal y respetuoso', 'formal and courteous'),
      neutral: t('profesional', 'professional'),
    }[v.address],
    {
      high: t('entusiasta', 'enthusiastic'),
      mid: t('con energía puntual', 'with bursts of energy'),
      low: t('sereno', 'calm'),
    }[v.exclamations],
    v.questions !== 'low' ? t('conversacional', 'conversational') : null,
    v.emoji ? t('desenfadado', 'playful') : null,
    { high: t('evocador', 'evocative'), mid: null, low: t('directo', 'direct') }[v.descriptive],
  ].filter(Boolean);
  const personality = [
    {
      we: t('Habla como un equipo («nosotros»)', 'Speaks as a team ("we")'),
      i: t(
        'Habla en primera persona del singular, como alguien con nombre propio',
        'Speaks in the first person singular, like a real person',
      ),
      brand: t(
        'Habla de la marca y del producto en tercera persona, con distancia institucional',
        'Talks about the brand and product in the third person, at an institutional distance',
      ),
    }[v.speaker] +
      (v.addressesReader
        ? t(' y se dirige directamente al lector.', ' and talks straight to the reader ("you").')
        : t(', sin interpelar al lector.', ', without addressing the reader.')),
    v.figures
      ? t('Apoya lo que dice en datos y cifras concretas.', 'Backs what it says with concrete figures.')
      : null,
  ].filter(Boolean);
  const vocabulary = [
    {
      low: t('Vocabulario sencillo, repetido a propósito', 'Simple vocabulary, repeated on purpose'),
      mid: t('Vocabulario cotidiano y claro', 'Everyday, clear vocabulary'),
      high: t('Vocabulario variado y rico', 'Varied, rich vocabulary'),
    }[v.variety] +
      {
        low: t(
          ', con pocos adjetivos: prefiere sustantivos y verbos.',
          ', with few adjectives: it prefers nouns and verbs.',
        ),
        mid: t(', con adjetivos medidos.', ', with measured adjectives.'),
        high: t(
          `, muy descriptivo (${pct(f.descriptiveShare)} de palabras descriptivas).`,
          `, highly descriptive (${pct(f.descriptiveShare)} describing words).`,
        ),
      }[v.descriptive],
    f.repeated.length > 0
      ? t(
          `Palabras que repite: ${quoted('es', f.repeated)}.`,
          `Words it keeps coming back to: ${quoted('en', f.repeated)}.`,
        )
      : null,
    v.hashtags ? t('Usa hashtags.', 'Uses hashtags.') : null,
  ].filter(Boolean);
  const style = [
    t(
      `Frases de ${f.averageSentenceWords} palabras de media: `,
      `Sentences of ${f.averageSentenceWords} words on average: `,
    ) +
      {
        low: t('cortas y directas.', 'short and punchy.'),
        mid: t('de longitud media.', 'medium length.'),
        high: t('largas y elaboradas.', 'long and elaborate.'),
      }[v.sentenceLength],
    f.exclamationShare > 0
      ? t(
          `El ${pct(f.exclamationShare)} de las frases lleva exclamación.`,
          `${pct(f.exclamationShare)} of sentences carry an exclamation mark.`,
        )
      : null,
    f.questionShare > 0
      ? t(`El ${pct(f.questionShare)} son preguntas.`, `${pct(f.questionShare)} are questions.`)
      : null,
    v.emoji ? t(`Usa emojis (${f.emoji} en la muestra).`, `Uses emoji (${f.emoji} in the sample).`) : null,
  ].filter(Boolean);
  const address = {
    informal: [
      t('Tutea al lector (tú, te, tu).', "Use contractions (you're, we'll, don't) and everyday words."),
      t('No trates al lector de usted.', 'Avoid stiff, corporate phrasing.'),
    ],
    formal: [
      t('Trata al lector de usted.', 'Keep a formal register: write words in full (do not, you are).'),
      t('No tutees al lector.', 'Avoid contractions and slang.'),
    ],
    neutral: [
      t(
        'Mantén un trato neutro, sin tutear ni tratar de usted.',
        'Keep a neutral register, neither chummy nor stiff.',
      ),
      t('No cambies de trato a mitad de texto.', 'Do not switch register halfway through.'),
    ],
  }[v.address];
  const length = {
    low: [
      t(
        `Frases cortas: una idea por frase, unas ${f.averageSentenceWords} palabras.`,
        `Short sentences: one idea each, about ${f.averageSentenceWords} words.`,
      ),
      t('Evita las frases largas con subordinadas.', 'Avoid long sentences with stacked clauses.'),
    ],
    mid: [
      t(
        `Alterna frases cortas y medias, unas ${f.averageSentenceWords} palabras.`,
        `Mix short and medium sentences, about ${f.averageSentenceWords} words.`,
      ),
      t(
        'Evita tanto el estilo telegráfico como los párrafos interminables.',
        'Avoid both clipped fragments and endless paragraphs.',
      ),
    ],
    high: [
      t(
        `Frases largas y enlazadas, unas ${f.averageSentenceWords} palabras.`,
        `Long, linked sentences, about ${f.averageSentenceWords} words.`,
      ),
      t('Evita el estilo telegráfico.', 'Avoid a clipped, telegraphic style.'),
    ],
  }[v.sentenceLength];
  const doList = [
    address[0],
    v.speaker === 'we'
      ? t('Habla en primera persona del plural (nosotros, nuestro).', 'Speak as "we" and "our".')
      : null,
    length[0],
    v.exclamations === 'high'
      ? t('Usa exclamaciones para transmitir entusiasmo.', 'Use exclamation marks to carry enthusiasm.')
      : null,
    v.questions !== 'low'
      ? t(
          'Haz preguntas al lector para abrir conversación.',
          'Ask the reader questions to open a conversation.',
        )
      : null,
    v.emoji
      ? t('Usa emojis con moderación, como en la muestra.', 'Use emoji sparingly, as the sample does.')
      : null,
    v.figures ? t('Da datos y cifras concretas.', 'Give concrete facts and figures.') : null,
    f.repeated.length > 0
      ? t(
          `Recupera sus palabras clave: ${quoted('es', f.repeated.slice(0, 3))}.`,
          `Reuse its key words: ${quoted('en', f.repeated.slice(0, 3))}.`,
        )
      : null,
  ];
  const dontList = [
    address[1],
    length[1],
    v.exclamations === 'low'
      ? t(
          'Evita las exclamaciones: la marca no levanta la voz.',
          'Avoid exclamation marks: the brand never raises its voice.',
        )
      : null,
    v.emoji ? null : t('No uses emojis.', 'Do not use emoji.'),
    {
      low: t('No recargues el texto de adjetivos.', 'Do not pile on adjectives.'),
      mid: null,
      high: t('No lo dejes seco: describe con detalle.', 'Do not leave it dry: describe in detail.'),
    }[v.descriptive],
    t(
      'No inventes datos ni promesas que la marca no haga.',
      'Do not invent facts or promises the brand does not make.',
    ),
  ];
  return { tone, personality, vocabulary, style, doList, dontList };
}

/**
 * The voice description of a sample, written in `language` (the workspace language): tone,
 * personality, vocabulary, sentence style, do and don't lists, and quotes taken from the sample.
 */
export function composeVoiceDescription(sample: string, language: Locale): string {
  const features = measureSample(sample);
  const d = describe(features, readVoice(features), language);
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
