import { describe, expect, it } from 'vitest';
import { countWords, REPLY_LENGTH_WORDS, replyLengths } from '@redacta/shared';
import { composeDemoReply } from '../../src/ai/demo/copy.ts';
import { requestLanguage } from '../../src/ai/demo/request.ts';
import { voiceHabits } from '../../src/ai/demo/voice.ts';

const messages = [
  'Escribe un anuncio para una cafetería de barrio',
  'Un post de LinkedIn sobre trabajo en remoto',
  'Write an e-mail announcing our new running shoes',
  'Una descripción de producto para unas zapatillas de running',
];

describe('the demo writer follows the composer’s controls', () => {
  it.each(replyLengths)('writes a %s reply within its word range', (length) => {
    const { min, max } = REPLY_LENGTH_WORDS[length];
    for (const message of messages) {
      const words = countWords(composeDemoReply(message, 'es', null, 0, { length }));
      expect(words, message).toBeGreaterThanOrEqual(min);
      expect(words, message).toBeLessThanOrEqual(max);
    }
  });

  it('writes in the output language chosen, whatever the request is written in', () => {
    const english = composeDemoReply('Escribe un anuncio para una cafetería de barrio', 'es', null, 0, {
      language: 'en',
    });
    // The subject stays as the user wrote it; everything around it is in the language chosen.
    expect(requestLanguage(english.replaceAll('una cafetería de barrio', ''), 'es')).toBe('en');
    const spanish = composeDemoReply('Write an ad for a neighbourhood coffee shop', 'en', null, 0, {
      language: 'es',
    });
    expect(requestLanguage(spanish.replaceAll('a neighbourhood coffee shop', ''), 'en')).toBe('es');
    // Without the control, the request's own language answers.
    expect(requestLanguage(composeDemoReply('Write an ad for a coffee shop', 'es'), 'es')).toBe('en');
  });

  it('says plainly that it writes only Spanish and English when asked for another language', () => {
    const reply = composeDemoReply('Escribe un anuncio para una cafetería', 'es', null, 0, {
      language: 'fr',
    });
    expect(reply.split('\n')[0]).toBe(
      '_El escritor de demostración solo escribe en español e inglés: esta respuesta no está en francés._',
    );
    expect(composeDemoReply('Escribe un anuncio para una cafetería', 'es')).not.toContain('demostración');
  });

  it('writes a tone by its voice rules: formal addresses the reader as usted, closer as tú', () => {
    const message = 'Escribe un anuncio para una cafetería de barrio';
    const formal = composeDemoReply(message, 'es', null, 0, { tone: 'formal' });
    const closer = composeDemoReply(message, 'es', null, 0, { tone: 'closer' });
    expect(formal).not.toBe(closer);
    expect(formal).not.toContain('!');
    expect(closer).toContain('!');
    // The tone wins over a brand voice that says the opposite.
    const informalVoice = { name: 'Cercana', voice: 'Tuteamos siempre, tono cercano y desenfadado.' };
    expect(voiceHabits(informalVoice.voice).address).toBe('informal');
    expect(composeDemoReply(message, 'es', informalVoice, 0, { tone: 'formal' })).toBe(
      composeDemoReply(message, 'es', { name: 'Formal', voice: 'Trato de usted, formal.' }, 0, {
        tone: 'formal',
      }),
    );
  });
});
