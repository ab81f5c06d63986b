import { describe, expect, it } from 'vitest';
import type { LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { createDemoWriter, demoChunks, demoWriterOptions } from '../../src/ai/demo/writer.ts';
import { requestKind } from '../../src/ai/demo/request.ts';
import { createModels } from '../../src/ai/models.ts';

const writer = createDemoWriter({ modelId: 'demo', delayMs: 1 });

async function run(
  message: string,
  language: 'es' | 'en' = 'es',
  signal?: AbortSignal,
  maxOutputTokens?: number,
) {
  const { stream } = await writer.doStream({
    maxOutputTokens,
    prompt: [
      { role: 'system', content: 'system' },
      { role: 'user', content: [{ type: 'text', text: message }] },
    ],
    providerOptions: demoWriterOptions({ language, task: 'chat' }),
    abortSignal: signal,
  });
  const parts: LanguageModelV3StreamPart[] = [];
  const reader = stream.getReader();
  while (true) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
  }
  const text = parts.map((p) => (p.type === 'text-delta' ? p.delta : '')).join('');
  return { parts, text };
}

describe('the demo writer', () => {
  it('is deterministic and streams several text deltas ending with usage', async () => {
    const a = await run('Escribe un anuncio sobre zapatillas de running');
    const b = await run('Escribe un anuncio sobre zapatillas de running');
    expect(a.text).toBe(b.text);
    expect(a.parts.filter((p) => p.type === 'text-delta').length).toBeGreaterThan(5);
    const finish = a.parts.at(-1);
    expect(finish).toMatchObject({ type: 'finish', finishReason: { unified: 'stop' } });
    expect(
      (finish as { usage: { outputTokens: { total: number } } }).usage.outputTokens.total,
    ).toBeGreaterThan(0);
  });

  it('follows the kind of request and its topic, in the workspace language', async () => {
    expect((await run('Escribe un anuncio sobre zapatillas de running')).text).toMatch(
      /^## Anuncio: zapatillas de running/,
    );
    expect((await run('Un post de Instagram sobre café de especialidad')).text).toMatch(
      /Publicación para redes/,
    );
    expect((await run('Redacta un correo para clientes sobre la nueva tienda')).text).toMatch(
      /\*\*Asunto:\*\*/,
    );
    expect((await run('Dame ideas para un podcast de cocina')).text).toMatch(/^## Ideas para/);
    expect((await run('Write a blog outline about remote work', 'en')).text).toMatch(
      /^## Blog outline: remote work/,
    );
    expect((await run('Write an e-mail about our spring sale', 'en')).text).toMatch(/\*\*Subject:\*\*/);
    // The app labels demo replies; the text itself is only copy, so it can go into a document as is.
    expect((await run('Hola', 'es')).text).toMatch(/^## Propuesta de texto: Hola/);
    expect((await run('Hello', 'en')).text).toMatch(/^## Draft copy: Hello/);
    for (const [message, language] of [
      ['Hola', 'es'],
      ['Hello', 'en'],
    ] as const) {
      expect((await run(message, language)).text).not.toMatch(/demostración|demo writer/i);
    }
  });

  it('classifies request kinds in both languages', () => {
    expect(requestKind('Crea una publicación para LinkedIn')).toBe('social');
    expect(requestKind('Lluvia de ideas de nombres')).toBe('ideas');
    expect(requestKind('Descripción de producto para una lámpara')).toBe('product');
    expect(requestKind('Tweet about our launch')).toBe('social');
    expect(requestKind('Algo')).toBe('general');
  });

  it('honours the abort signal mid-stream', async () => {
    const controller = new AbortController();
    const slow = createDemoWriter({ modelId: 'demo', delayMs: 30 });
    const { stream } = await slow.doStream({
      prompt: [{ role: 'user', content: [{ type: 'text', text: 'Un anuncio' }] }],
      abortSignal: controller.signal,
    });
    const reader = stream.getReader();
    const seen: LanguageModelV3StreamPart[] = [];
    setTimeout(() => controller.abort(new Error('stop')), 80);
    await expect(
      (async () => {
        while (true) {
          const { done, value } = await reader.read();
          if (done) return;
          seen.push(value);
        }
      })(),
    ).rejects.toThrow('stop');
    expect(seen.some((p) => p.type === 'text-delta')).toBe(true);
    expect(seen.some((p) => p.type === 'finish')).toBe(false);
  });

  it('rewrites a draft as a complete request when asked to improve', async () => {
    const result = await writer.doGenerate({
      prompt: [{ role: 'user', content: [{ type: 'text', text: 'anuncio zapatillas' }] }],
      providerOptions: demoWriterOptions({ language: 'es', task: 'improve' }),
    });
    expect(result.content[0]).toMatchObject({ type: 'text' });
    expect((result.content[0] as { text: string }).text).toMatch(/^Escribe un anuncio/);
  });

  it('stops at its token limit, as a provider does: 4 characters a token, cut at a space', async () => {
    const request = 'Escribe un artículo de 800 palabras sobre zapatillas de running';
    const whole = (await run(request)).text;
    const limited = (await run(request, 'es', undefined, 30)).text;
    expect(limited.length).toBeLessThanOrEqual(30 * 4);
    expect(limited.length).toBeGreaterThan(30 * 4 - 20);
    expect(whole.startsWith(limited)).toBe(true);
    expect(whole[limited.length]).toBe(' ');
  });

  it('chunks concatenate back to the text', () => {
    const text = '## Título\n\nUno dos tres cuatro.\n- a\n- b ';
    expect(demoChunks(text).join('')).toBe(text);
  });
});

describe('createModels', () => {
  it('picks the provider from the configuration and names the models', () => {
    const demo = createModels({});
    expect(demo).toMatchObject({ provider: 'demo', demo: true, standard: { label: 'Demo writer' } });
    const openai = createModels({ OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1', AI_MODEL: 'llama3' });
    expect(openai).toMatchObject({ provider: 'openai', standard: { id: 'llama3', label: 'llama3' } });
    expect(openai.standard.model.provider).toBe('openai.chat'); // Chat Completions, not Responses
    const anthropic = createModels({ ANTHROPIC_API_KEY: 'k', AI_MODEL_PREMIUM_LABEL: 'Claude Sonnet' });
    expect(anthropic).toMatchObject({ provider: 'anthropic', premium: { label: 'Claude Sonnet' } });
    expect(createModels({ OPENAI_API_KEY: 'k', AI_PROVIDER: 'demo' }).provider).toBe('demo');
  });
});
