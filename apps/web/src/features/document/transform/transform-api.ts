import type { TransformBody } from '@redacta/shared';
import { api } from '@/lib/api-client';

/**
 * The server answers only once the model's first token is there (up to its first-token timeout);
 * wait a little longer than that for the headers, never for the body.
 */
const HEADERS_TIMEOUT_MS = 75_000;

/**
 * POST /api/document/transform: the selection's new text as NDJSON parts, read as they arrive. The
 * reader is fetched beside the request (transform-stream-reader.ts).
 */
export async function openTransformStream(body: TransformBody, signal: AbortSignal) {
  const [response, readTransformStream] = await Promise.all([
    api.postStream('/document/transform', body, {
      signal,
      timeoutMs: HEADERS_TIMEOUT_MS,
      headers: { Accept: 'application/x-ndjson' },
    }),
    import('./transform-stream-reader').then((module) => module.readTransformStream),
  ]);
  if (!response.body) throw new Error('The transform stream has no body');
  return readTransformStream(response.body);
}
