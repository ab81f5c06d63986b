import { z } from 'zod';

/** Texts sent per /embeddings call. */
const EMBEDDING_BATCH = 64;
const EMBEDDING_TIMEOUT_MS = 60_000;

/** An OpenAI-compatible /embeddings endpoint (OpenAI, Ollama, vLLM, LM Studio…) and its model. */
export interface Embedder {
  model: string;
  embed(texts: string[], signal?: AbortSignal): Promise<number[][]>;
}

const answerSchema = z.object({
  data: z.array(z.object({ index: z.number().int().nonnegative(), embedding: z.array(z.number()) })),
});

/** The embedder the configuration names, or null when none is configured (full-text search alone). */
export function createEmbedder(settings: { url?: string; apiKey?: string; model?: string }): Embedder | null {
  const { url, model } = settings;
  if (!url || !model) return null;
  const endpoint = `${url.replace(/\/$/, '')}/embeddings`;
  const call = async (input: string[], signal?: AbortSignal) => {
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {}),
      },
      body: JSON.stringify({ model, input }),
      signal: signal
        ? AbortSignal.any([signal, AbortSignal.timeout(EMBEDDING_TIMEOUT_MS)])
        : AbortSignal.timeout(EMBEDDING_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`The embedding provider answered ${response.status}`);
    const answer = answerSchema.parse(await response.json());
    const vectors = new Array<number[]>(input.length);
    for (const item of answer.data) vectors[item.index] = item.embedding;
    if (vectors.some((vector) => !vector) || answer.data.length !== input.length) {
      throw new Error('The embedding provider did not embed every text');
    }
    return vectors;
  };
  return {
    model,
    async embed(texts, signal) {
      const vectors: number[][] = [];
      for (let i = 0; i < texts.length; i += EMBEDDING_BATCH) {
        vectors.push(...(await call(texts.slice(i, i + EMBEDDING_BATCH), signal)));
      }
      return vectors;
    },
  };
}

/** Cosine similarity; 0 when either vector is all zeros or their lengths differ. */
export function cosine(a: readonly number[], b: readonly number[]): number {
  if (a.length !== b.length) return 0;
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let i = 0; i < a.length; i += 1) {
    dot += a[i]! * b[i]!;
    normA += a[i]! * a[i]!;
    normB += b[i]! * b[i]!;
  }
  return normA === 0 || normB === 0 ? 0 : dot / Math.sqrt(normA * normB);
}
