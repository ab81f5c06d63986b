import type { Locale } from '@redacta/shared';
import type { SampleFeatures, VoiceReading } from './analysis-types.ts';

const quoted = (language: Locale, words: string[]) =>
  words.map((w) => (language === 'es' ? `«${w}»` : `"${w}"`)).join(', ');

/** The sections of the demo's voice description, in Spanish or English, from what was measured. */
export function describeVoice(f: SampleFeatures, v: VoiceReading, language: Locale) {
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
