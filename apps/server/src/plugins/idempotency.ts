import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { CHAT_STREAM_CONTENT_TYPE, errorBodySchema } from '@redacta/shared';
import { AppError } from '../lib/errors.ts';
import { reservationTtlMs } from '../modules/usage/reservations.ts';
import {
  claimKey,
  fingerprint,
  releaseKey,
  storeAnswer,
  type StoredAnswer,
} from '../modules/idempotency/store.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route takes an `Idempotency-Key` header (every POST that calls the model or starts a
     * batch): see the plugin below. `workspaceId` names the workspace the request acts in, when its
     * request names one; the key is kept per user, API key and workspace.
     */
    idempotency?: IdempotencyOption;
  }
  interface FastifyRequest {
    /** The claimed key's answer being recorded; null without a key (or for a replay). */
    idempotentAnswer: RecordedAnswer | null;
  }
}

export interface IdempotencyOption {
  workspaceId?: (request: FastifyRequest) => string | undefined;
}

/** For a route whose body names its workspace (`workspaceId`). */
export const workspaceInBody: IdempotencyOption = {
  workspaceId: (request) => (request.body as { workspaceId?: string }).workspaceId,
};

/** For a route whose path names its workspace (`/workspace/{id}/…`). */
export const workspaceInPath: IdempotencyOption = {
  workspaceId: (request) => (request.params as { id?: string }).id,
};

/** The header, as the OpenAPI document shows it and every idempotent route checks it. */
const idempotencyHeaders = z.looseObject({
  'idempotency-key': z
    .string()
    .min(1)
    .max(255)
    .regex(/^[\x21-\x7e]+$/, 'Visible ASCII characters only')
    .optional()
    .meta({
      description:
        'Any string of up to 255 visible ASCII characters, new for each request (a UUID, say). ' +
        'The same key again within 24 h gets the first answer back and is never charged twice; ' +
        'with a different request it is 422 IDEMPOTENCY_KEY_REUSED, and while the first request ' +
        'still runs 409 IDEMPOTENCY_KEY_IN_USE.',
    }),
});

/** A claimed key's answer as its request writes it. */
class RecordedAnswer {
  /** The lines of a streamed answer (written by the NDJSON writer, even after its client left). */
  readonly streamed: string[] = [];
  /** Set once the answer is stored or the key released. */
  settled = false;
  constructor(readonly id: string) {}
}

/**
 * The recorder of the request's streamed answer, for the NDJSON writer: it hands every line to it.
 * Undefined when the request sent no key.
 */
export function streamRecorder(request: FastifyRequest): ((chunk: string) => void) | undefined {
  const answer = request.idempotentAnswer;
  return answer ? (chunk) => void (chunk && answer.streamed.push(chunk)) : undefined;
}

/** A streamed answer as written so far, or null when nothing was written. */
function streamedAnswer(answer: RecordedAnswer, reply: FastifyReply): StoredAnswer | null {
  const body = answer.streamed.join('');
  if (!body) return null;
  // The stream's own header when Node kept it (headers given to writeHead alone are not).
  const contentType = reply.raw.getHeader('content-type') ?? `${CHAT_STREAM_CONTENT_TYPE}; charset=utf-8`;
  return { status: reply.raw.statusCode, contentType: String(contentType), body };
}

/**
 * Answers that told the caller to try again (429, or the server's own failure, 5xx) charged nothing
 * and free the key, so that trying again with it runs the request; every other answer is kept.
 */
const keeps = (status: number) => status !== 429 && status < 500;

/**
 * `Idempotency-Key` for the routes that call the model or start a batch (`config.idempotency`), in
 * one place. The first request with a key claims it (per user, API key and workspace) and runs; its
 * answer — status, content type and body, a stream's lines included, even those written after its
 * client left — is kept 24 h. The same key with the same request (route, parameters and body, as
 * canonical JSON) then gets that answer back (`Idempotent-Replayed: true`) without running again, so
 * nothing is charged twice; with another request 422 IDEMPOTENCY_KEY_REUSED; while the first is still
 * running 409 IDEMPOTENCY_KEY_IN_USE. A request whose process died is taken for dead once it could no
 * longer be running (its reply timeout and a minute, as a word reservation), and its key runs again.
 */
export const idempotencyPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('idempotentAnswer', null);
  const leaseMs = reservationTtlMs(app.config.AI_REPLY_TIMEOUT_MS);

  async function settle(answer: RecordedAnswer, stored: StoredAnswer | null, request: FastifyRequest) {
    if (answer.settled) return;
    answer.settled = true;
    try {
      if (stored && keeps(stored.status)) await storeAnswer(app.db, answer.id, stored);
      else await releaseKey(app.db, answer.id);
    } catch (error) {
      request.log.error({ err: error }, 'could not keep the answer of an idempotency key');
    }
  }

  app.addHook('onRoute', (route: RouteOptions) => {
    const option = route.config?.idempotency;
    if (!option) return;
    const schema = route.schema ?? {};
    route.schema = {
      ...schema,
      headers: idempotencyHeaders,
      response: { ...(schema.response as object), 409: errorBodySchema, 422: errorBodySchema },
    };
    const handler = route.handler;
    route.handler = async function idempotent(
      this: FastifyInstance,
      request: FastifyRequest,
      reply: FastifyReply,
    ) {
      const key = request.headers['idempotency-key'];
      if (typeof key !== 'string') return handler.call(this, request, reply);
      const claim = await claimKey(
        app.db,
        {
          userId: request.userId,
          apiKeyId: request.apiKey?.id ?? null,
          workspaceId: option.workspaceId?.(request) ?? null,
        },
        key,
        {
          fingerprint: fingerprint({
            route: `${request.method} ${request.routeOptions.url}`,
            params: request.params,
            query: request.query,
            body: request.body,
          }),
          leaseMs,
        },
      );
      if (claim.kind === 'mismatch') {
        throw new AppError(
          'IDEMPOTENCY_KEY_REUSED',
          'This Idempotency-Key was used for a different request; use a new key',
        );
      }
      if (claim.kind === 'running') {
        throw new AppError(
          'IDEMPOTENCY_KEY_IN_USE',
          'A request with this Idempotency-Key is still running; try again once it has answered',
        );
      }
      if (claim.kind === 'replay') {
        reply.code(claim.status).header('idempotent-replayed', 'true');
        if (claim.contentType) reply.header('content-type', claim.contentType);
        return reply.send(claim.body);
      }
      const answer = new RecordedAnswer(claim.id);
      request.idempotentAnswer = answer;
      const settleStreamed = () => settle(answer, streamedAnswer(answer, reply), request);
      // A streamed answer is kept before its end (its last line) goes out: a client that tries again
      // as soon as it has the whole answer gets it replayed, not 409 for a request that has answered.
      // Any other answer is stored as it is sent (onSend, below), before this end.
      const raw = reply.raw;
      const end = raw.end.bind(raw) as (...args: unknown[]) => void;
      raw.end = ((...args: unknown[]) => {
        if (answer.settled) end(...args);
        else
          void settleStreamed()
            .then(() => end(...args))
            .catch((error: unknown) => request.log.error({ err: error }, 'could not end a streamed answer'));
        return raw;
      }) as typeof raw.end;
      try {
        return await handler.call(this, request, reply);
      } finally {
        // A stream whose client left is never ended: it is whole once its handler returns.
        if (reply.sent && !answer.settled) await settleStreamed();
      }
    };
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const answer = request.idempotentAnswer;
    if (!answer || answer.settled) return payload;
    const contentType = reply.getHeader('content-type');
    const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString() : null;
    await settle(
      answer,
      body === null ? null : { status: reply.statusCode, contentType: String(contentType ?? ''), body },
      request,
    );
    return payload;
  });
});
