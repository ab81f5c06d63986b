import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorBody } from '@redacta/shared';
import { AppError, isForeignKeyViolation, isUniqueViolation } from '../lib/errors.ts';

function body(code: ErrorBody['error']['code'], message: string, requestId: string, extra = {}): ErrorBody {
  return { error: { code, message, requestId, ...extra } };
}

/** One error vocabulary for every route: AppError, validation, rate limits, database constraints. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
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
      // Fastify's own client errors: malformed JSON, wrong content type, body too large.
      const code = error.statusCode === 404 ? 'NOT_FOUND' : 'VALIDATION_FAILED';
      return reply.status(error.statusCode).send(body(code, error.message, request.id));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(body('INTERNAL', 'Something went wrong', request.id));
  });
});
