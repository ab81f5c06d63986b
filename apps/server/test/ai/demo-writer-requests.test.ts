import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { countWords } from '@redacta/shared';
import { composeVoiceDescription } from '../../src/ai/demo/analysis.ts';
import { MAX_HASHTAGS, MAX_ITEMS, MAX_WORDS } from '../../src/ai/demo/request.ts';
import { createDemoWriter, demoWriterOptions } from '../../src/ai/demo/writer.ts';
import { buildSystemPrompt } from '../../src/ai/prompts.ts';

const writer = createDemoWriter({ modelId: 'redacta-demo-writer', delayMs: 0 });
type Language = 'es' | 'en';

async function reply(message: string, workspace: Language, brandVoice?: { name: string; voice: string }) {
  const result = await writer.doGenerate({
    prompt: [
      { role: 'system', content: buildSystemPrompt({ language: workspace, brandVoice }) },
      { role: 'user', content: [{ type: 'text', text: message }] },
    ],
    providerOptions: demoWriterOptions({ language: workspace, task: 'chat', brandVoice }),
  });
  const [part] = result.content;
  return part?.type === 'text' ? part.text : '';
}

const listItems = (text: string) => text.match(/^\d+\. .*$/gmu) ?? [];
const hashtags = (text: string) => text.match(/#[\p{L}\d]+/gu) ?? [];
const between = (value: number, target: number) => Math.abs(value - target) <= target * 0.2;

/** Words that only one of the two languages uses: a sentence in the other language gives itself away. */
const markers: Record<Language, RegExp> = {
  en: /(?<!\p{L})(?:the|and|with|your|you|this|that|our|about|for|call to action|subject|preview|tell us|start today|buy now)(?!\p{L})/iu,
  es: /(?<!\p{L})(?:el|la|los|las|del|para|con|sobre|una|que|por|tu|tus|nuestro|nuestra|muy|y)(?!\p{L})|[¿¡ñáéíóú]/iu,
};
const otherLanguage = (language: Language): Language => (language === 'es' ? 'en' : 'es');
const meta = /demostraci[oó]n|demo writer|redactor de demo/iu;

describe('the demo writer honours what was asked', () => {
  it('gives as many ideas as asked, not a fixed number', async () => {
    expect(
      listItems(await reply('Dame 5 ideas para un post de Instagram sobre una cafetería', 'es')),
    ).toHaveLength(5);
    expect(listItems(await reply('Redacta tres titulares para zapatillas de running', 'es'))).toHaveLength(3);
    expect(listItems(await reply('give me 7 slogans for a neighbourhood coffee shop', 'en'))).toHaveLength(7);
    expect(hashtags(await reply('10 hashtags para una panadería artesana', 'es'))).toHaveLength(10);
    expect(listItems(await reply('Genera 3 variantes de un anuncio para clases de yoga', 'es'))).toHaveLength(
      3,
    );
  });

  it('writes about the length asked for, up to the cap', async () => {
    expect(
      between(countWords(await reply('Escribe un artículo de 800 palabras sobre el café', 'es')), 800),
    ).toBe(true);
    expect(between(countWords(await reply('Write around 300 words about our spring sale', 'en')), 300)).toBe(
      true,
    );
    const capped = countWords(await reply('Escribe un artículo de 5.000 palabras sobre el café', 'es'));
    expect(between(capped, MAX_WORDS)).toBe(true);
  });

  it('keeps the subject as written, in one language, with no note about who wrote it', async () => {
    const ad = await reply('Un anuncio para Instagram de una cafetería de barrio', 'es');
    expect(ad).toMatch(/^## Anuncio: una cafetería de barrio/);
    expect(ad).not.toContain('Instagram de una');
    expect(ad).not.toMatch(markers.en);
    expect(ad).not.toMatch(meta);
    expect(await reply('Escribe un post corto para anunciar nuestras cestas de otoño', 'es')).toMatch(
      /^## Publicación para redes: nuestras cestas de otoño\n/,
    );
    // A Spanish request in an English workspace is answered in Spanish, like a model would.
    expect(await reply('Escribe un anuncio sobre una cafetería de barrio', 'en')).not.toMatch(markers.en);
    // Asked for another language, it writes in that one.
    expect(await reply('Escribe un anuncio en inglés sobre zapatillas', 'es')).toMatch(/^## Ad: zapatillas/);
  });
});

const subjects: Record<Language, { heads: string[]; tails: string[] }> = {
  es: {
    heads: [
      'una cafetería',
      'zapatillas de running',
      'el nuevo menú',
      'clases de yoga',
      'mi tienda de cerámica',
      'una panadería artesana',
      'seguros de hogar',
      'la apertura de nuestra floristería',
      'un podcast de cocina',
      'bicicletas eléctricas',
      'el mercado del barrio',
      'nuestra clínica dental',
    ],
    tails: ['', ' de barrio', ' en Sevilla', ' para familias', ' de toda la vida'],
  },
  en: {
    heads: [
      'a coffee shop',
      'running shoes',
      'our new autumn menu',
      'yoga classes',
      'my pottery shop',
      'a craft bakery',
      'home insurance',
      'the opening of our flower shop',
      'a cooking podcast',
      'electric bikes',
      'the local market',
      'a dental clinic',
    ],
    tails: ['', ' in Leeds', ' for families', ' near the station', ' downtown'],
  },
};

type Ask = { count?: number; hashtags?: number; words?: number };
type Template = (subject: string, n: number, w: string) => [string, Ask];
const numberWords: Record<Language, string[]> = {
  es: ['', '', 'dos', 'tres', 'cuatro', 'cinco', 'seis', 'siete', 'ocho', 'nueve', 'diez'],
  en: ['', '', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'],
};
const spelled = (language: Language, n: number) => numberWords[language][n] || String(n);

const templates: Record<Language, Template[]> = {
  es: [
    (s, n) => [`Dame ${n} ideas para ${s}`, { count: n }],
    (s, n) => [`Dame ${spelled('es', n)} ideas sobre ${s}`, { count: n }],
    (s, n) => [`Redacta ${spelled('es', n)} titulares para ${s}`, { count: n }],
    (s, n) => [`Escribe ${n} eslóganes para ${s}`, { count: n }],
    (s, n) => [`${n} hashtags para ${s}`, { hashtags: n }],
    (s, n) => [`Un post para Instagram sobre ${s} con ${n} hashtags`, { hashtags: n }],
    (s, n) => [`Genera ${Math.max(2, n)} variantes de un anuncio para ${s}`, { count: Math.max(2, n) }],
    (s, n) => [`Escribe ${Math.max(2, n)} anuncios sobre ${s}`, { count: Math.max(2, n) }],
    (s, n) => [`Un post de Instagram con ${n} consejos sobre ${s}`, { count: n }],
    (s, n) => [`Dame ${n} nombres para ${s}`, { count: n }],
    (s, n) => [`Escribe ${n} preguntas frecuentes sobre ${s}`, { count: n }],
    (s, _, w) => [`Escribe un artículo de ${w} palabras sobre ${s}`, { words: 1 }],
    (s, _, w) => [`Redacta un correo de unas ${w} palabras sobre ${s}`, { words: 1 }],
    (s, _, w) => [`Escribe un texto de ${w} palabras sobre ${s}`, { words: 1 }],
    (s, _, w) => [`Un post de Instagram sobre ${s} de unas ${w} palabras`, { words: 1 }],
    (s, n, w) => [`Dame ${n} ideas para ${s} en unas ${w} palabras`, { count: n, words: 1 }],
    (s) => [`Escribe un anuncio sobre ${s}`, {}],
    (s) => [`Redacta un correo sobre ${s}`, {}],
  ],
  en: [
    (s, n) => [`Give me ${n} ideas for ${s}`, { count: n }],
    (s, n) => [`Write ${spelled('en', n)} headlines for ${s}`, { count: n }],
    (s, n) => [`give me ${n} catchy slogans about ${s}`, { count: n }],
    (s, n) => [`${n} hashtags for ${s}`, { hashtags: n }],
    (s, n) => [`An Instagram post about ${s} with ${n} hashtags`, { hashtags: n }],
    (s, n) => [`Write ${Math.max(2, n)} variants of an ad for ${s}`, { count: Math.max(2, n) }],
    (s, n) => [`Write ${Math.max(2, n)} e-mails about ${s}`, { count: Math.max(2, n) }],
    (s, n) => [`An Instagram post with ${n} tips about ${s}`, { count: n }],
    (s, n) => [`Give me ${n} names for ${s}`, { count: n }],
    (s, n) => [`Write ${n} questions about ${s}`, { count: n }],
    (s, _, w) => [`Write a ${w}-word blog post about ${s}`, { words: 1 }],
    (s, _, w) => [`Write an e-mail of around ${w} words about ${s}`, { words: 1 }],
    (s, _, w) => [`Write around ${w} words about ${s}`, { words: 1 }],
    (s, _, w) => [`Write a product description of ${w} words for ${s}`, { words: 1 }],
    (s, n, w) => [`Give me ${n} ideas for ${s} in about ${w} words`, { count: n, words: 1 }],
    (s) => [`Write an ad about ${s}`, {}],
    (s) => [`Write an e-mail about ${s}`, {}],
  ],
};

/** A length as people type it: 800, 1.200 in Spanish, 1,200 in English. */
const typed = (language: Language, words: number) =>
  words >= 1000 && words % 3 === 0
    ? `${Math.floor(words / 1000)}${language === 'es' ? '.' : ','}${String(words % 1000).padStart(3, '0')}`
    : String(words);

const voices = {
  informal: composeVoiceDescription(
    '¡Hola, amante del café! ¿Te apetece probar algo distinto? Te lo llevamos a casa ☕. ¡Pruébalo y cuéntanos!',
    'es',
  ),
  formal: composeVoiceDescription(
    'Estimado cliente: le informamos de que su pedido ha sido enviado. Usted puede consultar el estado en su área personal. Atentamente.',
    'es',
  ),
};

const request = fc
  .record({
    language: fc.constantFrom<Language>('es', 'en'),
    workspace: fc.constantFrom<Language>('es', 'en'),
    head: fc.nat(),
    tail: fc.nat(),
    template: fc.nat(),
    count: fc.integer({ min: 1, max: 60 }),
    words: fc.integer({ min: 50, max: 3000 }),
    voice: fc.constantFrom(null, 'informal', 'formal'),
  })
  .map((r) => {
    const pool = subjects[r.language];
    const subject = pool.heads[r.head % pool.heads.length]! + pool.tails[r.tail % pool.tails.length]!;
    const template = templates[r.language][r.template % templates[r.language].length]!;
    const [message, ask] = template(subject, r.count, typed(r.language, r.words));
    return { ...r, subject, message, ask };
  });

describe('the demo writer over generated requests', () => {
  it('honours counts, lengths, the subject and the language, and never names itself', async () => {
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const voice = r.voice ? { name: 'Voz', voice: voices[r.voice] } : undefined;
        const text = await reply(r.message, r.workspace, voice);
        expect(await reply(r.message, r.workspace, voice)).toBe(text);
        expect(text).toContain(r.subject);
        expect(text).not.toMatch(markers[otherLanguage(r.language)]);
        expect(text).not.toMatch(meta);
        if (r.ask.hashtags) {
          const tags = hashtags(text);
          expect(tags).toHaveLength(Math.min(r.ask.hashtags, MAX_HASHTAGS));
          expect(new Set(tags.map((tag) => tag.toLowerCase())).size).toBe(tags.length);
        }
        if (r.ask.count) {
          const items = listItems(text);
          expect(items).toHaveLength(Math.min(r.ask.count, MAX_ITEMS));
          expect(new Set(items.map((item) => item.replace(/^\d+\. /, ''))).size).toBe(items.length);
        }
        const target = Math.min(r.words, MAX_WORDS);
        // A count wins when the length cannot hold the items.
        if (r.ask.words && (!r.ask.count || target >= r.ask.count * 25)) {
          expect(between(countWords(text), target)).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });
});
