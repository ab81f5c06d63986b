import type { FastifyReply, FastifyRequest } from 'fastify';
import { CHAT_STREAM_CONTENT_TYPE } from '@redacta/shared';
import { streamRecorder } from '../../plugins/idempotency.ts';
import type { ReplyWriter } from '../ai-tasks/relay.ts';
import type { LiveReplyPublisher } from './live/hub.ts';
import type { ChatReplyWriter } from './turn-types.ts';

const line = (part: { type: string }) => `${JSON.stringify(part)}\n`;
// The same bytes as line({ type: 'text', text }), without building an object per chunk.
const textLine = (text: string, variant?: number) =>
  variant === undefined
    ? `{"type":"text","text":${JSON.stringify(text)}}\n`
    : `{"type":"text","text":${JSON.stringify(text)},"variant":${variant}}\n`;

/**
 * Takes the response over from Fastify and starts a 200 NDJSON stream: the headers Fastify's hooks set
 * stay, and nothing on the way (a proxy such as nginx, a transform) may buffer it.
 */
export function startNdjsonResponse(request: FastifyRequest, reply: FastifyReply): void {
  const raw = reply.raw;
  reply.hijack();
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) raw.setHeader(name, value);
  }
  raw.writeHead(200, {
    'content-type': `${CHAT_STREAM_CONTENT_TYPE}; charset=utf-8`,
    'cache-control': 'no-cache, no-transform',
    'x-accel-buffering': 'no',
    'x-request-id': request.id,
  });
}

/**
 * A streamed answer (a chat reply, a transform, a generation) as NDJSON, one part per line (ADR 0003),
 * written straight to the response's socket: one write per chunk, no stream objects between the model
 * and the client (ADR 0005). Until the answer starts, the response is Fastify's, so a refusal is an
 * ordinary error response. Every line is also handed to the request's idempotent answer, when it has
 * one (plugins/idempotency.ts), even after the client left: a replay of the key gets the whole answer.
 */
export function ndjsonReplyWriter<Start extends { type: 'start' }, Last extends { type: string }>(
  request: FastifyRequest,
  reply: FastifyReply,
): ReplyWriter<Start, Last> {
  const raw = reply.raw;
  const record = streamRecorder(request);
  let started = false;
  const send = (chunk: string) => {
    record?.(chunk);
    if (!raw.destroyed) raw.write(chunk);
  };
  return {
    start(start, firstText, sources) {
      started = true;
      startNdjsonResponse(request, reply);
      // The start, the sources and the first text go out in one write: one packet, seen at once.
      const head = sources ? line(start) + line(sources) : line(start);
      send(firstText === undefined ? head : head + textLine(firstText));
    },
    text(text, variant) {
      send(textLine(text, variant));
    },
    part(last) {
      send(line(last));
    },
    end(last) {
      const tail = last ? line(last) : '';
      record?.(tail);
      if (!raw.destroyed) raw.end(tail);
    },
    drop() {
      if (started) {
        raw.destroy();
        return;
      }
      reply.hijack();
      raw.end();
    },
    get gone() {
      return raw.destroyed;
    },
  };
}

/**
 * The reply goes to its client while it is connected, and to everyone following the conversation:
 * `live` holds one publisher per version (one when the request asked for one). Versions written side
 * by side start once, with one sources part for all: each version's publisher is given them.
 */
export function withLiveCopy(writer: ChatReplyWriter, live: LiveReplyPublisher[]): ChatReplyWriter {
  return {
    start(start, firstText, sources) {
      writer.start(start, firstText, sources);
      if (sources) for (const publisher of live) publisher.sources(sources.sources);
      if (firstText) live[0]?.text(firstText);
    },
    text(text, variant) {
      writer.text(text, variant);
      live[variant ?? 0]?.text(text);
    },
    part: (last) => writer.part(last),
    end: (last) => writer.end(last),
    drop: () => writer.drop(),
    get gone() {
      return writer.gone;
    },
  };
}
