import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { simulateReadableStream } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { buildImprovePrompt, buildSystemPrompt } from '../../src/ai/prompts.ts';
import { modelTextStream } from '../../src/ai/model-stream.ts';

const reply = (...deltas: string[]): LanguageModelV3StreamPart[] => [
  { type: 'text-start', id: 't' },
  ...deltas.map((delta) => ({ type: 'text-delta' as const, id: 't', delta })),
  { type: 'text-end', id: 't' },
  {
    type: 'finish',
    finishReason: { unified: 'stop', raw: 'stop' },
    usage: {
      inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
      outputTokens: { total: 1, text: 1, reasoning: undefined },
    },
  },
];

describe('the system prompt', () => {
  it('asks for the workspace language', () => {
    expect(buildSystemPrompt({ language: 'es' })).toContain('Write in Spanish');
    expect(buildSystemPrompt({ language: 'en' })).toContain('Write in English');
    expect(buildImprovePrompt({ language: 'es' })).toContain('Spanish');
  });

  it('carries the brand voice text when one is active, and nothing of it otherwise', () => {
    const voice = { name: 'Cercana', voice: 'Tuteamos y usamos frases cortas.' };
    const withVoice = buildSystemPrompt({ language: 'es', brandVoice: voice });
    expect(withVoice).toContain('"Cercana"');
    expect(withVoice).toContain('Tuteamos y usamos frases cortas.');
    expect(buildSystemPrompt({ language: 'es' })).not.toContain('brand_voice');
  });

  it('carries the copywriting guidance and forbids raw HTML and invented facts', () => {
    const prompt = buildSystemPrompt({ language: 'en' });
    expect(prompt).toMatch(/call to action/);
    expect(prompt).toMatch(/never raw HTML/);
    expect(prompt).toMatch(/Never invent prices/);
  });

  it('reaches the model as the system message of the call', async () => {
    const model = new MockLanguageModelV3({
      doStream: async () => ({ stream: simulateReadableStream({ chunks: reply('Hola', ' mundo') }) }),
    });
    const system = buildSystemPrompt({ language: 'es', brandVoice: { name: 'V', voice: 'Siempre breve.' } });
    let text = '';
    for await (const delta of modelTextStream(
      model,
      {
        prompt: [
          { role: 'system', content: system },
          { role: 'user', content: [{ type: 'text', text: 'Hola' }] },
        ],
      },
      { firstTokenMs: 1000, idleMs: 1000 },
      new AbortController().signal,
    )) {
      text += delta;
    }
    expect(text).toBe('Hola mundo');
    expect(model.doStreamCalls[0]!.prompt[0]).toEqual({ role: 'system', content: system });
    expect(model.doStreamCalls[0]!.abortSignal).toBeInstanceOf(AbortSignal);
  });
});

describe('modelTextStream', () => {
  const collect = async (gen: AsyncGenerator<string>) => {
    const out: string[] = [];
    try {
      for await (const delta of gen) out.push(delta);
      return { out };
    } catch (error) {
      return { out, error: error as { reason: string } };
    }
  };
  const prompt = [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'x' }] }];

  it('times out waiting for the first token, and between tokens, and aborts the model call', async () => {
    const slowStart = new MockLanguageModelV3({
      doStream: async () => ({
        stream: simulateReadableStream({ chunks: reply('a'), initialDelayInMs: 300 }),
      }),
    });
    const first = await collect(
      modelTextStream(
        slowStart,
        { prompt },
        { firstTokenMs: 50, idleMs: 1000 },
        new AbortController().signal,
      ),
    );
    expect(first.error?.reason).toBe('timeout');
    expect(slowStart.doStreamCalls[0]!.abortSignal!.aborted).toBe(true);

    const stalls = new MockLanguageModelV3({
      doStream: async () => ({
        stream: simulateReadableStream({ chunks: reply('a', 'b', 'c'), chunkDelayInMs: 200 }),
      }),
    });
    const idle = await collect(
      modelTextStream(stalls, { prompt }, { firstTokenMs: 1000, idleMs: 50 }, new AbortController().signal),
    );
    expect(idle.error?.reason).toBe('timeout');
  });

  it('stops at once when the client aborts, even if the model ignores its signal', async () => {
    const model = new MockLanguageModelV3({
      doStream: async () => ({
        stream: simulateReadableStream({ chunks: reply('a', 'b', 'c', 'd'), chunkDelayInMs: 100 }),
      }),
    });
    const client = new AbortController();
    const gen = modelTextStream(model, { prompt }, { firstTokenMs: 1000, idleMs: 1000 }, client.signal);
    const out: string[] = [];
    const started = Date.now();
    let reason: string | undefined;
    try {
      for await (const delta of gen) {
        out.push(delta);
        if (out.length === 1) setTimeout(() => client.abort(), 10);
      }
    } catch (error) {
      reason = (error as { reason: string }).reason;
    }
    expect(reason).toBe('aborted');
    expect(out).toEqual(['a']);
    // Ended by the abort, not by the idle timer that would have ended it after a second.
    expect(Date.now() - started).toBeLessThan(1000);
    expect(model.doStreamCalls[0]!.abortSignal!.aborted).toBe(true);
  });

  it('turns an error part into a provider failure', async () => {
    const model = new MockLanguageModelV3({
      doStream: async () => ({
        stream: simulateReadableStream<LanguageModelV3StreamPart>({
          chunks: [
            { type: 'text-delta', id: 't', delta: 'a' },
            { type: 'error', error: new Error('overloaded') },
          ],
        }),
      }),
    });
    const result = await collect(
      modelTextStream(model, { prompt }, { firstTokenMs: 1000, idleMs: 1000 }, new AbortController().signal),
    );
    expect(result.out).toEqual(['a']);
    expect(result.error?.reason).toBe('provider');
  });

  // fetch keeps its signal reachable until its request object is collected: a listener of ours left
  // on it would keep the stream's reader and buffers alive until a full collection, for every reply.
  it("leaves nothing listening on the model call's signal once the stream has ended", async () => {
    const model = new MockLanguageModelV3({
      doStream: async () => ({ stream: simulateReadableStream({ chunks: reply('Hola', ' mundo') }) }),
    });
    const result = await collect(
      modelTextStream(model, { prompt }, { firstTokenMs: 1000, idleMs: 1000 }, new AbortController().signal),
    );
    expect(result.out.join('')).toBe('Hola mundo');
    const upstream = model.doStreamCalls[0]!.abortSignal!;
    expect(upstream.aborted).toBe(false);
    expect(getEventListeners(upstream, 'abort')).toEqual([]);
  });
});
