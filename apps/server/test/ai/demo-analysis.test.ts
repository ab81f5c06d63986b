import { describe, expect, it } from 'vitest';
import { composeVoiceDescription, measureSample } from '../../src/ai/demo/analysis.ts';
import { createDemoWriter, demoWriterOptions } from '../../src/ai/demo/writer.ts';
import { speakInVoice, voiceClosing, voiceHabits } from '../../src/ai/demo/voice.ts';
import { buildSystemPrompt } from '../../src/ai/prompts.ts';

const cafe =
  '¡Hola, amante del café! En Café Lunar tostamos cada mañana granos de origen único. ' +
  '¿Te apetece probar algo distinto? Nuestro tueste es suave, dulce y muy aromático. ' +
  'Te lo llevamos a casa en 24 horas ☕. ¡Pruébalo y cuéntanos qué te parece! ' +
  'Nuestro café de Etiopía tiene notas de frutos rojos. Nos encanta compartir lo que hacemos contigo.';
const notice =
  'Estimado cliente: le informamos de que su pedido ha sido enviado y llegará en un plazo de tres días laborables. ' +
  'Puede consultar el estado del envío en su área personal. Usted puede contactar con nuestro servicio de atención ' +
  'en cualquier momento. Atentamente, el equipo de atención al cliente.';
const maintenance =
  'Dear customer, we hereby inform you that our annual maintenance will take place on 12 March. ' +
  'During this period, access to the platform shall be limited. We kindly ask you to plan accordingly. ' +
  'Our support team remains available to answer any questions regarding the service.';

const writer = createDemoWriter({ modelId: 'demo', delayMs: 0 });

async function demo(
  message: string,
  language: 'es' | 'en',
  task: 'chat' | 'analyze',
  brandVoice?: { name: string; voice: string },
  system = buildSystemPrompt({ language, brandVoice }),
) {
  const result = await writer.doGenerate({
    prompt: [
      { role: 'system', content: system },
      { role: 'user', content: [{ type: 'text', text: message }] },
    ],
    providerOptions: demoWriterOptions({ language, task, brandVoice }),
  });
  const [part] = result.content;
  return part?.type === 'text' ? part.text : '';
}

describe('the demo brand-voice analysis', () => {
  it('is deterministic: the same sample gives the same description', async () => {
    expect(composeVoiceDescription(cafe, 'es')).toBe(composeVoiceDescription(cafe, 'es'));
    expect(await demo(cafe, 'es', 'analyze')).toBe(composeVoiceDescription(cafe, 'es'));
  });

  it('measures the sample: sentence length, person, address, exclamations, questions, emoji', () => {
    const features = measureSample(cafe);
    expect(features).toMatchObject({
      language: 'es',
      address: 'informal',
      emoji: 1,
      averageSentenceWords: 7,
      exclamationShare: 0.25,
      questionShare: 0.125,
    });
    expect(features.sentences).toHaveLength(8);
    expect(features.person.firstPlural).toBeGreaterThan(0);
    expect(features.person.second).toBeGreaterThan(0);
    expect(features.repeated[0]).toBe('café');
    expect(measureSample(notice).address).toBe('formal');
    expect(measureSample(maintenance)).toMatchObject({ language: 'en', address: 'formal', emoji: 0 });
  });

  it('describes tone, personality, vocabulary, style, do and don’t, quoting the sample, in the workspace language', () => {
    const es = composeVoiceDescription(cafe, 'es');
    for (const section of [
      'Tono:',
      'Personalidad:',
      'Vocabulario:',
      'Estilo de las frases:',
      'Haz:',
      'Evita:',
    ]) {
      expect(es).toContain(section);
    }
    expect(es).toMatch(/Tono: cercano, entusiasta/);
    expect(es).toContain('Tutea al lector');
    expect(es).toContain('Frases de 7 palabras de media: cortas y directas.');
    const quotes = [...es.matchAll(/«([^»]+)»/g)].map((match) => match[1]!).filter((q) => q.length > 12);
    expect(quotes.length).toBeGreaterThanOrEqual(2);
    for (const quote of quotes) expect(cafe).toContain(quote);

    const en = composeVoiceDescription(maintenance, 'en');
    expect(en).toMatch(/^Tone: formal and courteous, calm/);
    expect(en).toContain("Don't:\n- Avoid contractions and slang.");
    expect(en).toContain('- Do not use emoji.');
    expect(en).toContain('"During this period, access to the platform shall be limited."');
    // A Spanish workspace gets the description in Spanish, still quoting the English sample.
    const mixed = composeVoiceDescription(maintenance, 'es');
    expect(mixed).toMatch(/^Tono: formal y respetuoso/);
    expect(mixed).toContain('«During this period, access to the platform shall be limited.»');
  });

  it('tells different samples apart', () => {
    expect(composeVoiceDescription(notice, 'es')).toContain('Trata al lector de usted.');
    expect(composeVoiceDescription(notice, 'es')).toContain('Evita las exclamaciones');
    expect(composeVoiceDescription(cafe, 'es')).not.toContain('Evita las exclamaciones');
  });
});

describe('the demo writer following a brand voice', () => {
  it('takes the voice from its provider options, whatever the system prompt says', async () => {
    const voice = { name: 'Banco Serio', voice: composeVoiceDescription(notice, 'es') };
    const request = 'Un post de Instagram sobre café de especialidad';
    const formal = 'Cuéntenos en comentarios cómo lo hace usted.';
    // The system prompt reworded, the voice in words of its own: the demo still writes in the voice.
    const reworded = `Eres un redactor. Escribe como la marca ${voice.name}, así:\n${voice.voice}`;
    expect(await demo(request, 'es', 'chat', voice, reworded)).toContain(formal);
    // A system prompt naming a voice, but no voice in the provider options: the demo writes plainly.
    const withoutOptions = await writer.doGenerate({
      prompt: [
        { role: 'system', content: buildSystemPrompt({ language: 'es', brandVoice: voice }) },
        { role: 'user', content: [{ type: 'text', text: request }] },
      ],
      providerOptions: demoWriterOptions({ language: 'es', task: 'chat' }),
    });
    const [part] = withoutOptions.content;
    expect(part?.type === 'text' && part.text).toContain('Cuéntanos en comentarios cómo lo haces tú.');
  });

  it('picks up habits, honouring "avoid" sections and negated lines', () => {
    expect(voiceHabits(composeVoiceDescription(cafe, 'es'))).toEqual({
      address: 'informal',
      exclamations: true,
      emoji: true,
    });
    expect(voiceHabits(composeVoiceDescription(notice, 'es'))).toEqual({
      address: 'formal',
      exclamations: false,
      emoji: false,
    });
    expect(voiceHabits('Tone: friendly.\nNever use emoji.')).toEqual({
      address: 'informal',
      exclamations: null,
      emoji: false,
    });
  });

  it('writes a formal voice with usted, without exclamations or emoji, and closes in its register', async () => {
    const voice = { name: 'Banco Serio', voice: composeVoiceDescription(notice, 'es') };
    const plain = await demo('Un post de Instagram sobre café de especialidad', 'es', 'chat');
    const voiced = await demo('Un post de Instagram sobre café de especialidad', 'es', 'chat', voice);
    expect(plain).toContain('Cuéntanos en comentarios cómo lo haces tú.');
    expect(voiced).toContain('Cuéntenos en comentarios cómo lo hace usted.');
    expect(voiced).toContain('¿Sabía que con café de especialidad su día a día puede cambiar?');
    expect(voiced).not.toMatch(/[!¡👉✨🚀💡]/u);
    // The closing is copy to the reader, before the hashtags; no line is signed with the voice's name.
    expect(voiced).toMatch(/\n\nQuedamos a su disposición para lo que necesite\.\n\n#/);
    expect(voiced).not.toContain('Banco Serio');
  });

  it('writes a lively voice with exclamations and emoji, and an English formal voice without contractions', async () => {
    const lively = await demo('Un anuncio sobre zapatillas', 'es', 'chat', {
      name: 'Café Lunar',
      voice: composeVoiceDescription(cafe, 'es'),
    });
    expect(lively).toMatch(/\n\n¡Cuéntanos qué te parece: te leemos! 😊$/);
    expect(lively).not.toContain('Café Lunar');
    const habits = voiceHabits(composeVoiceDescription(maintenance, 'en'));
    expect(speakInVoice("**Subject:** Don't miss this\n\nLet's talk.", habits, 'en', '')).toBe(
      '**Subject:** Do not miss this\n\nLet us talk.',
    );
    expect(voiceClosing(habits, 'en')).toBe('We remain at your disposal for anything you may need.');
  });

  it("never rewrites the user's own words", async () => {
    const voice = { name: 'Banco Serio', voice: composeVoiceDescription(notice, 'es') };
    const voiced = await demo('Escribe un anuncio sobre tu tienda de barrio', 'es', 'chat', voice);
    expect(voiced).toContain('## Anuncio: tu tienda de barrio');
    expect(voiced).toContain('Con tu tienda de barrio, ahorra tiempo');
  });
});
