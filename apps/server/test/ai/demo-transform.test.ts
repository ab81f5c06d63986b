import { describe, expect, it } from 'vitest';
import { countWords, type Locale, type TransformRequest } from '@redacta/shared';
import { createDemoWriter, demoWriterOptions } from '../../src/ai/demo/writer.ts';
import type { DemoBrandVoice } from '../../src/ai/demo/voice.ts';
import { adjectives, nouns, phrases, words } from '../../src/ai/demo/transform/phrases.ts';

const writer = createDemoWriter({ modelId: 'demo', delayMs: 0 });

/** The demo writer's answer to a transform call, read from its stream as a provider's would be. */
async function transform(
  text: string,
  request: TransformRequest,
  language: Locale = 'es',
  brandVoice: DemoBrandVoice | null = null,
) {
  const { stream } = await writer.doStream({
    prompt: [
      { role: 'system', content: 'system' },
      { role: 'user', content: [{ type: 'text', text }] },
    ],
    providerOptions: demoWriterOptions({ language, task: 'transform', transform: request, brandVoice }),
  });
  let answer = '';
  const reader = stream.getReader();
  while (true) {
    const { done, value } = await reader.read();
    if (done) break;
    if (value.type === 'text-delta') answer += value.delta;
  }
  return answer;
}

// The test's own detector, independent of the writer's: the most frequent words of each language.
const esWords = new Set([
  'el',
  'la',
  'los',
  'las',
  'de',
  'que',
  'y',
  'en',
  'para',
  'con',
  'tu',
  'un',
  'una',
  'es',
]);
const enWords = new Set(['the', 'of', 'and', 'to', 'in', 'for', 'with', 'your', 'a', 'is', 'you', 'our']);
function languageOf(text: string): Locale {
  const words = text.toLowerCase().match(/\p{L}+/gu) ?? [];
  const es = words.filter((w) => esWords.has(w)).length;
  const en = words.filter((w) => enWords.has(w)).length;
  return es > en ? 'es' : 'en';
}

// Another detector: the words of the phrase tables' side in each language, in their plural and
// (Spanish) feminine forms. A translated sentence uses only these, or names it was given.
const vocabulary: Record<Locale, Set<string>> = { es: new Set(), en: new Set() };
for (const [es, en] of [...phrases, ...nouns, ...adjectives, ...words]) {
  for (const word of wordsOf(es)) vocabulary.es.add(word);
  for (const word of wordsOf(en)) vocabulary.en.add(word);
}
function wordsOf(text: string): string[] {
  return text.match(/\p{L}[\p{L}'’-]*/gu) ?? [];
}
function inVocabulary(word: string, language: Locale): boolean {
  const lower = word.toLowerCase();
  const forms = [lower, lower.replace(/e?s$/u, ''), lower.replace(/ies$/u, 'y'), lower.replace(/ces$/u, 'z')];
  if (language === 'es') forms.push(...forms.map((form) => form.replace(/a$/u, 'o')));
  return forms.some((form) => vocabulary[language].has(form));
}
const cannotTranslate: Record<Locale, RegExp> = {
  es: /^El redactor de demostración no puede traducir este texto\b[^\n]*$/u,
  en: /^The demo writer cannot translate this text\b[^\n]*$/u,
};

const spanish =
  'Nuestras zapatillas ligeras están hechas para correr cada día con la máxima comodidad. ' +
  'Realmente son muy resistentes, y además el diseño es moderno y muy elegante. ' +
  'Descubre la nueva colección en nuestra tienda y disfruta del envío gratis.';
const english =
  'Our light sneakers are made for running every day with total comfort. ' +
  'They are really very durable, and the design is modern and truly elegant. ' +
  'Discover the new collection in our store and enjoy free shipping.';

describe('the demo writer transforms a selection', () => {
  it('shortens: the result has fewer words, in either language, even a single sentence', async () => {
    for (const [text, language] of [
      [spanish, 'es'],
      [english, 'en'],
      ['Un café muy rico para empezar el día con energía', 'es'],
    ] as const) {
      const shorter = await transform(text, { action: 'shorten' }, language);
      expect(countWords(shorter)).toBeLessThan(countWords(text));
      expect(countWords(shorter)).toBeGreaterThan(0);
    }
  });

  it('lengthens: the result has more words and keeps the original', async () => {
    const longer = await transform(spanish, { action: 'lengthen' });
    expect(countWords(longer)).toBeGreaterThan(countWords(spanish) * 1.2);
    expect(longer).toContain('Nuestras zapatillas ligeras');
    expect(languageOf(longer)).toBe('es');
  });

  it('translates Spanish into English and back by its phrase tables', async () => {
    expect(languageOf(spanish)).toBe('es');
    const inEnglish = await transform(spanish, { action: 'translate', language: 'en' });
    expect(languageOf(inEnglish)).toBe('en');
    expect(inEnglish).toContain('light sneakers');
    expect(inEnglish).toMatch(/free shipping/);

    const inSpanish = await transform(english, { action: 'translate', language: 'es' }, 'en');
    expect(languageOf(inSpanish)).toBe('es');
    expect(inSpanish).toContain('zapatillas ligeras');
    expect(inSpanish).toMatch(/la colección nueva/);
  });

  it('translates a sentence whole into one language, or says plainly in that language that it cannot', async () => {
    const cases: { text: string; from: Locale; to: Locale; names?: string[] }[] = [
      { text: 'Pide hoy tu lata de cinco litros y recíbela en casa.', from: 'es', to: 'en' },
      { text: 'Reserva tu mesa en nuestro restaurante de Madrid.', from: 'es', to: 'en', names: ['Madrid'] },
      { text: spanish, from: 'es', to: 'en' },
      { text: 'Descubre nuestra nueva colección de verano.', from: 'es', to: 'en' },
      { text: '¿Quieres un café delicioso? Prueba gratis nuestro plan.', from: 'es', to: 'en' },
      { text: 'Únete a la comunidad de Acme hoy mismo.', from: 'es', to: 'en', names: ['Acme'] },
      { text: 'Order your five-litre can today and get it delivered to your door.', from: 'en', to: 'es' },
      { text: 'Book your table at our Madrid restaurant.', from: 'en', to: 'es', names: ['Madrid'] },
      { text: english, from: 'en', to: 'es' },
      { text: 'Discover our new summer collection.', from: 'en', to: 'es' },
      { text: 'Join the Acme community today.', from: 'en', to: 'es', names: ['Acme'] },
    ];
    const answers = new Map<string, string>();
    for (const { text, from, to, names = [] } of cases) {
      const answer = await transform(text, { action: 'translate', language: to }, from);
      answers.set(text, answer);
      if (cannotTranslate[to].test(answer)) continue;
      for (const sentence of answer.split(/(?<=[.!?])\s+/u)) {
        const foreign = wordsOf(sentence).filter((word) => !names.includes(word) && !inVocabulary(word, to));
        expect(foreign, `"${sentence}" (from "${text}")`).toEqual([]);
      }
    }
    // Words outside its tables: a plain sentence in the language asked for, not a word-by-word mix.
    expect(answers.get(cases[0]!.text)).toMatch(cannotTranslate.en);
    expect(answers.get(cases[6]!.text)).toMatch(cannotTranslate.es);
    // Text its tables cover is translated, names kept.
    expect(answers.get('Únete a la comunidad de Acme hoy mismo.')).toMatch(/^Join .*Acme.* today\.$/);
    expect(answers.get('Discover our new summer collection.')).toMatch(/^Descubre .*colección/);
    expect(
      [...answers.values()].filter((answer) => /cannot translate|no puede traducir/.test(answer)),
    ).toHaveLength(4);
  });

  it('says plainly that it translates only between Spanish and English', async () => {
    const answer = await transform(spanish, { action: 'translate', language: 'fr' });
    expect(answer).toMatch(/solo traduce entre español e inglés/);
    expect(answer).toContain('francés');
    const inEnglish = await transform(english, { action: 'translate', language: 'de' }, 'en');
    expect(inEnglish).toMatch(/translates only between Spanish and English/);
  });

  it('corrects the common slips of its tables and leaves the wording alone', async () => {
    expect(await transform('tambien es mas facil  , porfavor pruebalo hoy', { action: 'correct' })).toBe(
      'También es mas fácil, por favor pruebalo hoy.',
    );
    expect(await transform('quieres saber mas?', { action: 'correct' })).toBe('¿Quieres saber mas?');
    expect(await transform('i definately recieve teh the best deals', { action: 'correct' }, 'en')).toBe(
      'I definitely receive the best deals.',
    );
  });

  it('changes the tone by its voice rules', async () => {
    const formal = await transform('¡Descubre lo que puedes conseguir! Prueba gratis hoy.', {
      action: 'tone',
      tone: 'formal',
    });
    expect(formal).toContain('Descubra lo que puede conseguir');
    expect(formal).not.toContain('!');
    const closer = await transform(
      'We invite you to purchase our new collection.',
      { action: 'tone', tone: 'closer' },
      'en',
    );
    expect(closer).toMatch(/come and buy/i);
    const persuasive = await transform(spanish, { action: 'tone', tone: 'persuasive', reachesEnd: true });
    expect(persuasive).toContain(spanish.slice(1));
    expect(countWords(persuasive)).toBeGreaterThan(countWords(spanish) + 5);
    const simple = await transform(
      'Le recomendamos utilizar la aplicación y posteriormente adquirir el plan.',
      {
        action: 'tone',
        tone: 'simple',
      },
    );
    expect(simple).toContain('usar la aplicación y después comprar el plan');
  });

  it('rewrites in other words, and follows a free instruction as best it can', async () => {
    const rewritten = await transform(spanish, { action: 'rewrite' });
    expect(rewritten).not.toBe(spanish);
    const custom = await transform(spanish, { action: 'custom', instruction: 'Hazlo más breve, por favor' });
    expect(countWords(custom)).toBeLessThan(countWords(spanish));
    const translated = await transform(spanish, { action: 'custom', instruction: 'Pásalo al inglés' });
    expect(languageOf(translated)).toBe('en');
  });

  it('writes in the active brand voice, but never restyles a correction', async () => {
    const voice = { name: 'Formal', voice: 'Tratamos al cliente de usted.\nEvita las exclamaciones.' };
    const rewritten = await transform(
      '¡Prueba nuestro café y descubre tu nuevo favorito!',
      { action: 'rewrite' },
      'es',
      voice,
    );
    expect(rewritten).toMatch(/Pruebe/);
    expect(rewritten).not.toContain('!');
    const corrected = await transform('¡Prueba nuestro cafe!', { action: 'correct' }, 'es', voice);
    expect(corrected).toBe('¡Prueba nuestro cafe!');
  });
});

describe('the demo writer rewrites a passage without a banned phrase', () => {
  // [passage, banned phrase, language, answer, neighbours that must not end up side by side]
  const cases: [string, string, Locale, string, string[]][] = [
    ['Compra sin complicaciones y disfruta.', 'complicaciones', 'es', 'Compra y disfruta.', ['sin y']],
    ['¿Buscas resultados sin complicaciones?', 'complicaciones', 'es', '¿Buscas resultados?', ['sin?']],
    ['Sin complicaciones, empieza hoy.', 'complicaciones', 'es', 'Empieza hoy.', ['Sin,', 'Sin empieza']],
    [
      'Compra **sin complicaciones** y disfruta.',
      'complicaciones',
      'es',
      'Compra y disfruta.',
      ['sin y', '****'],
    ],
    ['Una app **sin complicaciones** para ti.', 'complicaciones', 'es', 'Una app para ti.', ['sin para']],
    ['Un producto revolucionario y barato.', 'revolucionario', 'es', 'Un producto barato.', ['producto y']],
    ['Rápido, revolucionario y barato.', 'revolucionario', 'es', 'Rápido y barato.', [', y']],
    ['Revolucionario y barato.', 'revolucionario', 'es', 'Barato.', ['Y barato']],
    ['¿Sin complicaciones?', 'complicaciones', 'es', '¿Sin esfuerzo?', ['¿Sin?']],
    ['Get results without the hassle?', 'hassle', 'en', 'Get results?', ['the?', 'without?']],
    ['Shop **without the hassle** and relax.', 'hassle', 'en', 'Shop and relax.', ['the and']],
    ['Without the hassle, start today.', 'hassle', 'en', 'Start today.', ['the,', 'the start']],
    ['Hassle-free setup for every team.', 'hassle-free', 'en', 'Setup for every team.', []],
    [
      'A truly game-changer app for teams.',
      'game-changer',
      'en',
      'An app for teams.',
      ['truly app', 'A app'],
    ],
    ['Simple, fast and hassle-free.', 'hassle-free', 'en', 'Simple, fast.', ['and.']],
  ];

  it.each(cases)('«%s» without «%s»', async (text, phrase, language, answer, joined) => {
    const result = await transform(text, { action: 'avoid', phrase }, language);
    expect(result).toBe(answer);
    expect(result.toLowerCase()).not.toContain(phrase.toLowerCase());
    for (const pair of joined) expect(result).not.toContain(pair);
  });

  it('rewrites every occurrence in a passage of several sentences, and keeps the rest as it was', async () => {
    const text = 'Hola. Compra sin complicaciones y disfruta. Todo sin complicaciones.';
    expect(await transform(text, { action: 'avoid', phrase: 'complicaciones' }, 'es')).toBe(
      'Hola. Compra y disfruta. Todo.',
    );
  });

  it('never takes a neutral word that is itself the banned phrase, and keeps the wording in a brand voice', async () => {
    expect(await transform('¿Sin esfuerzo?', { action: 'avoid', phrase: 'esfuerzo' }, 'es')).toBe(
      '¿Sin problemas?',
    );
    const voice = { name: 'Formal', voice: 'Tratamos al cliente de usted.\nEvita las exclamaciones.' };
    expect(
      await transform(
        '¡Prueba sin complicaciones y disfruta!',
        { action: 'avoid', phrase: 'complicaciones' },
        'es',
        voice,
      ),
    ).toBe('¡Prueba y disfruta!');
  });
});
