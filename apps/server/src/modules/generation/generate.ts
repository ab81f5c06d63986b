import { APICallError } from '@ai-sdk/provider';
import { countWords, type KnowledgeCitation } from '@redacta/shared';
import { logModelFailure, failureReason } from '../../ai/model-errors.ts';
import { ModelStreamError } from '../../ai/model-stream.ts';
import { WordCeiling } from '../../ai/word-ceiling.ts';
import { AppError } from '../../lib/errors.ts';
import { defaultFailure, type TaskFailure } from '../ai-tasks/charged-task.ts';
import { generationCall, type GenerationDeps, type PreparedGeneration } from './prepare.ts';
import { replyTextStream } from './search-stream.ts';

/*
 * Charging a piece exactly once (usage/reservations.ts): on a plan with a word limit, reserve its
 * words before the model call (`reserveWords`, kind 'generate') and pass them as `maxWords`, so the
 * provider is asked for at most that many tokens and the copy is cut there; then, in the same
 * transaction that saves the copy, `settleReservation(tx, workspace, reservation, copy.words, usage)`
 * charges exactly its words and ends the reservation. The saved copy and its charge commit together or
 * not at all, so a call run again after a crash either finds its copy saved (and charges nothing) or
 * saves and charges it then. A call that fails charges nothing: `releaseReservation` frees its words.
 */

/** A piece written in one go (a batch row, an API call). */
export interface GeneratedCopy {
  /** The copy, trimmed, cut at `maxWords` when given. */
  text: string;
  /** Its words, counted as a chat reply's are: what it is charged. */
  words: number;
  /** The knowledge passages the copy was given and may cite as [n]. */
  citations: KnowledgeCitation[];
  /** The provider's id of the model that wrote it. */
  model: string;
}

/**
 * Why a piece could not be written, in the error shape a chat reply fails with: AI_TIMEOUT (504) or
 * AI_PROVIDER_ERROR (502). A provider that refused for its rate limit (429) says so, with how long it
 * asked to be left alone (its `Retry-After`), so that a queue backs off instead of failing the piece.
 */
export class GenerationError extends AppError {
  constructor(
    readonly reason: TaskFailure,
    readonly rateLimited = false,
    /** How long the provider asked to wait before trying again; undefined when it did not say. */
    readonly retryAfterMs?: number,
  ) {
    const error = defaultFailure(reason);
    super(error.code, error.message, error.status);
  }
}

/** How one piece is written: its reservation, its abort, and for a caller that streams it, its text as it comes. */
export interface CopyOptions {
  maxWords?: number;
  signal: AbortSignal;
  /** Which version of several this is (0 or absent for the first): the demo writer words each differently. */
  variant?: number;
  /** Hears each piece of text as it is kept (already cut at `maxWords`), before the copy is whole. */
  onText?: (text: string) => void;
}

/**
 * Writes a prepared piece in one go: the model's whole answer (with live search when the piece has
 * it), cut at `maxWords`, with its words counted. `signal` aborts the call; the timeouts are the chat's.
 * An empty answer fails like a failed call. Charges nothing: see above for how the caller does.
 */
export async function generateCopy(
  deps: Pick<GenerationDeps, 'timeouts' | 'searchUrl' | 'log'>,
  prepared: PreparedGeneration,
  options: CopyOptions,
): Promise<GeneratedCopy> {
  const { maxWords, signal, variant, onText } = options;
  const ceiling = maxWords === undefined ? undefined : new WordCeiling(maxWords);
  let text = '';
  try {
    const deltas = replyTextStream(
      prepared.liveSearch,
      prepared.chat.model,
      generationCall(prepared, { maxWords, ...(variant ? { variant } : {}) }),
      deps.timeouts,
      signal,
      {
        searchUrl: deps.searchUrl,
        language: prepared.workspace.language,
        onSearchFailure: (error) => deps.log.warn({ err: error }, 'live search failed'),
      },
    );
    for await (const delta of deltas) {
      const kept = ceiling ? ceiling.admit(delta) : delta;
      text += kept;
      if (kept) onText?.(kept);
      // Leaving the loop ends the generator, which stops the model.
      if (ceiling?.reached) break;
    }
  } catch (error) {
    logModelFailure(deps.log, error, 'generation failed');
    const status = providerStatus(error);
    throw new GenerationError(failureReason(error), status === 429, retryAfterMs(error));
  }
  text = (ceiling ? ceiling.final(text) : text).trim();
  if (!text) throw new GenerationError('empty');
  return { text, words: countWords(text), citations: prepared.citations, model: prepared.chat.id };
}

function providerCause(error: unknown): APICallError | undefined {
  const cause = error instanceof ModelStreamError && error.cause !== undefined ? error.cause : error;
  return APICallError.isInstance(cause) ? cause : undefined;
}

function providerStatus(error: unknown): number | undefined {
  return providerCause(error)?.statusCode;
}

/**
 * The wait a rate-limited provider asked for: OpenAI's `retry-after-ms`, else `Retry-After` in seconds
 * or as an HTTP date.
 */
function retryAfterMs(error: unknown): number | undefined {
  const cause = providerCause(error);
  if (cause?.statusCode !== 429) return undefined;
  const headers = cause.responseHeaders ?? {};
  const ms = Number(headers['retry-after-ms']);
  if (headers['retry-after-ms'] && Number.isFinite(ms) && ms >= 0) return ms;
  const value = headers['retry-after']?.trim();
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}
