import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorBody, ErrorCode } from '@redacta/shared';
import { discardRest } from '../lib/discard-body.ts';
import { AppError, isForeignKeyViolation, isUniqueViolation, RateLimitedError } from '../lib/errors.ts';

function body(code: ErrorCode, message: string, requestId: string, extra = {}): ErrorBody {
  return { error: { code, message, requestId, ...extra } };
}

/** Our code for a client error Fastify raised itself (routing, content type, body), by its status. */
function frameworkCode(status: number): ErrorCode {
  if (status === 404) return 'NOT_FOUND';
  if (status === 413) return 'BODY_TOO_LARGE';
  if (status === 415) return 'UNSUPPORTED_MEDIA_TYPE';
  if (status === 429) return 'RATE_LIMITED';
  return 'VALIDATION_FAILED';
}

/**
 * One error vocabulary for every answer: AppError, validation, rate limits, database constraints and
 * Fastify's own errors (no route, wrong content type, body too large or malformed, a path parameter
 * too long). 4xx are the client's and are not logged as errors; anything else is a 500 with no
 * internals, logged with the request id.
 */
export function replyWithError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply | Promise<FastifyReply> {
  if (reply.getHeader('connection') === 'close' && !request.raw.readableEnded) {
    // Fastify refused the body before it was all read (too large…) and asks for the connection to be
    // closed, which would reset it under the client's writes: most clients then report a broken pipe,
    // not the answer. The rest of the body is read and dropped first (within bounds), then answered.
    reply.removeHeader('connection');
    return discardRest(request.raw).then(() => replyWithError(error, request, reply));
  }
  if (error instanceof AppError) {
    if (error instanceof RateLimitedError) reply.header('retry-after', String(error.retryAfterSeconds));
    const extra = error.issues ? { issues: error.issues } : {};
    return reply.status(error.status).send(body(error.code, error.message, request.id, extra));
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues = error.validation.map((issue) => ({
      path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
      message: issue.message ?? 'Invalid value',
    }));
    return reply.status(400).send(
      body('VALIDATION_FAILED', `Invalid ${error.validationContext ?? 'request'}`, request.id, {
        issues,
      }),
    );
  }
  if (error.statusCode === 429) {
    return reply.status(429).send(body('RATE_LIMITED', 'Too many requests, try again later', request.id));
  }
  if (isUniqueViolation(error)) {
    return reply.status(409).send(body('CONFLICT', 'That already exists', request.id));
  }
  if (isForeignKeyViolation(error)) {
    return reply.status(404).send(body('NOT_FOUND', 'A referenced item does not exist', request.id));
  }
  if (isResponseSerializationError(error)) {
    request.log.error({ err: error }, 'response did not match its schema');
    return reply.status(500).send(body('INTERNAL', 'Something went wrong', request.id));
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return reply
      .status(error.statusCode)
      .send(body(frameworkCode(error.statusCode), error.message, request.id));
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply.status(500).send(body('INTERNAL', 'Something went wrong', request.id));
}

/**
 * Fastify's `frameworkErrors`: errors it meets while routing, before any route (and its hooks) runs:
 * a path parameter over maxParamLength (414), a URL that does not decode (400).
 */
export function replyWithFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  return replyWithError(error, request, reply.header('x-request-id', request.id));
}

/**
 * Fastify's `clientErrorHandler`: a request Node's HTTP parser refused before Fastify saw it (malformed
 * HTTP, headers too large, too slow to arrive), answered in our shape on the raw socket, then closed.
 */
export function replyToClientError(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'The request headers are too large']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'The request did not arrive in time']
        : [400, 'The request is not valid HTTP'];
  this.log.debug({ err: error }, 'client error');
  const text = JSON.stringify({ error: { code: 'VALIDATION_FAILED', message } } satisfies ErrorBody);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`,
    );
  }
  socket.destroy(error);
}

export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler(replyWithError);
});
