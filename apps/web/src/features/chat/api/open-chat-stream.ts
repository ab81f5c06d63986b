import type { SendChatRequestBody } from '@redacta/shared';
import { api } from '@/lib/api-client';

/**
 * The server answers only once the model's first token is there (up to its 60 s first-token timeout,
 * AI_FIRST_TOKEN_TIMEOUT_MS); wait a little longer than that for the headers, never for the body.
 */
export const STREAM_HEADERS_TIMEOUT_MS = 75_000;

/** POST /api/chat/send-request-stream: the NDJSON reply, body unread (read it with readChatStream). */
export function openChatStream(body: SendChatRequestBody, signal: AbortSignal): Promise<Response> {
  return api.postStream('/chat/send-request-stream', body, {
    signal,
    timeoutMs: STREAM_HEADERS_TIMEOUT_MS,
    headers: { Accept: 'application/x-ndjson' },
  });
}

/**
 * The reader of the NDJSON reply (readChatStream), fetched beside the request rather than with the
 * chat: it checks each part with the shared schema, zod and all.
 */
export function loadChatStreamReader() {
  return import('./chat-stream-reader').then((module) => module.readChatStream);
}
