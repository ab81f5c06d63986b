import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../lib/errors.ts';
import { ModelStreamError, type StreamEnding } from './model-stream.ts';

/** Why a model call failed: the client left, a timeout passed, or (anything else) the provider failed. */
export function failureReason(error: unknown): StreamEnding {
  return error instanceof ModelStreamError ? error.reason : 'provider';
}

/**
 * Notes a failed model call with what caused it; a client that left is not worth a warning. Only the
 * error's name, message, stack and HTTP facts are logged: the SDK's errors also carry the request they
 * sent (the whole conversation) and the provider's answer, which are the users' content.
 */
export function logModelFailure(log: FastifyBaseLogger, error: unknown, message = 'AI call failed') {
  const reason = failureReason(error);
  if (reason === 'aborted') return;
  const cause = error instanceof ModelStreamError && error.cause !== undefined ? error.cause : error;
  log.warn({ err: withoutContent(cause), reason }, message);
}

function withoutContent(error: unknown) {
  if (!(error instanceof Error)) return { message: String(error) };
  const { statusCode, url } = error as { statusCode?: unknown; url?: unknown };
  return { type: error.name, message: error.message, stack: error.stack, statusCode, url };
}

/** What the user is told when a model call fails: AI_TIMEOUT (504) or AI_PROVIDER_ERROR (502). */
export function modelCallError(reason: StreamEnding): AppError {
  if (reason === 'timeout') return new AppError('AI_TIMEOUT', 'The AI model took too long to answer');
  if (reason === 'aborted') return new AppError('AI_PROVIDER_ERROR', 'The request was cancelled');
  return new AppError('AI_PROVIDER_ERROR', 'The AI provider failed to answer; please try again');
}
