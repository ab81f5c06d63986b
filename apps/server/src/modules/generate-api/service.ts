import {
  countWords,
  parseOutput,
  type GenerateBody,
  type GenerateResponse,
  type GenerateStreamPart,
  type GeneratedOutput,
  type TemplateOutput,
} from '@redacta/shared';
import { AppError } from '../../lib/errors.ts';
import type { OpenStreams } from '../../lib/open-streams.ts';
import type { AiDeps } from '../ai-tasks/charged-task.ts';
import { aiWorkspace } from '../ai-tasks/workspace.ts';
import type { ReplyWriter, SourcesPart } from '../ai-tasks/relay.ts';
import { runShares } from '../chat/reply-runs.ts';
import { openTemplateRun, templateReplyOptions, type KeptTemplate } from '../chat/template-run.ts';
import { generateCopy, GenerationError, type GeneratedCopy } from '../generation/generate.ts';
import { prepareGeneration, type GenerationDeps } from '../generation/prepare.ts';
import { loadWorkspaceContext } from '../generation/workspace-context.ts';
import {
  releaseReservation,
  reservationTtlMs,
  reserveWords,
  settleReservation,
  type ChargeOwner,
  type WordReservation,
} from '../usage/reservations.ts';

export interface GenerateApiDeps extends GenerationDeps, Pick<AiDeps, 'usage'> {
  /** Where each generation is registered while it runs, so that a stopping server can drain it. */
  openStreams: OpenStreams;
}

type StartPart = Extract<GenerateStreamPart, { type: 'start' }>;
type LastPart = Extract<GenerateStreamPart, { type: 'finish' | 'error' | 'aborted' }>;
export type GenerateWriter = ReplyWriter<StartPart, LastPart>;

export type GenerateInput = GenerateBody & { workspaceId: string; userId: string };

export interface GenerateContext {
  /** Fires when the client leaves: the model stops. */
  signal: AbortSignal;
  /** Given: the answer streams through it (NDJSON) and nothing is returned. */
  writer?: GenerateWriter;
}

/**
 * `POST /workspace/{id}/generate`: copy for a program, written by the pipeline every piece goes
 * through (generation/prepare.ts, generate.ts) and saved nowhere. Any member of the workspace may
 * (404 otherwise). A template is rendered with its inputs as a chat's template run is (400 naming a
 * field that does not suit, 404 for a template that is neither built-in nor the workspace's) and its
 * output parts are read back. Charged as a chat turn is: on a plan with a word limit every version's
 * words are reserved before the model is called (403 NO_WORDS_LEFT, 429 REPLIES_IN_PROGRESS), each
 * version is cut at its share, and the words kept are charged once, with the end of the reservation.
 *
 * In JSON the answer comes whole, or not at all: a version that fails fails the request (502/504)
 * and nothing is charged. Streamed, a failure before the first text is an ordinary error response
 * too; after it, the stream ends with `error` (or `aborted` when the server stops it) and the words
 * already sent are charged.
 */
export async function generateForProgram(
  deps: GenerateApiDeps,
  input: GenerateInput,
  context: GenerateContext,
): Promise<GenerateResponse | undefined> {
  const stream = deps.openStreams.open();
  try {
    return await generate(deps, input, {
      ...context,
      signal: AbortSignal.any([context.signal, stream.signal]),
      serverStopping: stream.signal,
    });
  } finally {
    stream.close();
  }
}

async function generate(
  deps: GenerateApiDeps,
  input: GenerateInput,
  context: GenerateContext & { serverStopping: AbortSignal },
): Promise<GenerateResponse | undefined> {
  const { db, models } = deps;
  const { signal, writer } = context;
  const workspace = await aiWorkspace(db, input.workspaceId, input.userId);
  const request = input.template
    ? await openTemplateRun(db, { ...input, template: input.template })
    : { message: input.prompt ?? '', template: null };
  const workspaceContext = await loadWorkspaceContext(
    db,
    workspace.id,
    input.brandVoiceId ? { id: input.brandVoiceId } : 'default',
  );
  const chargedTo: ChargeOwner = { userId: input.userId, kind: 'generate' };
  const held: { reservation: WordReservation | null } = {
    reservation: await reserveWords(
      db,
      workspace,
      {
        userId: input.userId,
        kind: 'generate',
        ttlMs: reservationTtlMs(deps.timeouts.replyMs),
        versions: input.variants ?? 1,
      },
      deps.usage,
    ),
  };
  try {
    const prepared = await prepareGeneration(deps, {
      workspace,
      message: request.message,
      context: workspaceContext,
      useKnowledge: input.useKnowledge,
      controls: { tone: input.tone, length: input.length, language: input.language },
      ...templateReplyOptions(request.template),
      signal,
    });
    const shares = runShares(input.variants ?? 1, held.reservation?.words);
    const several = shares.length > 1;
    const start: StartPart = {
      type: 'start',
      model: prepared.chat.label,
      demo: models.demo,
      ...(several ? { variants: shares.length } : {}),
    };
    const sources: SourcesPart | undefined = prepared.citations.length
      ? { type: 'sources', sources: prepared.citations }
      : undefined;
    // What each version has sent so far: a stream that ends early is charged these words.
    const sent = shares.map(() => '');
    let started = false;
    const settled = await Promise.allSettled(
      shares.map((maxWords, index) =>
        generateCopy(deps, prepared, {
          signal,
          ...(maxWords === undefined ? {} : { maxWords }),
          variant: index,
          onText: (text) => {
            sent[index] += text;
            if (!writer) return;
            if (!started) {
              started = true;
              writer.start(start, several ? undefined : text, sources);
              if (several) writer.text(text, index);
            } else writer.text(text, several ? index : undefined);
          },
        }),
      ),
    );

    const copies = settled.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    if (copies.length === shares.length) {
      const outputs = copies.map((copy) => output(copy, request.template));
      const words = outputs.reduce((sum, { words }) => sum + words, 0);
      const usage = await settleReservation(db, workspace, held.reservation, words, deps.usage, chargedTo);
      held.reservation = null;
      const answer: GenerateResponse = {
        outputs,
        words,
        citations: prepared.citations,
        remaining: usage.remaining,
        model: prepared.chat.label,
        demo: models.demo,
      };
      if (!writer) return answer;
      if (!started) writer.start(start, undefined, sources);
      writer.end({ type: 'finish', ...answer });
      return undefined;
    }

    const failure = settled.find((result) => result.status === 'rejected')!.reason as unknown;
    if (!writer || !started) {
      // Nothing was sent: an ordinary error response, and nothing charged.
      if (context.serverStopping.aborted) {
        throw new AppError('AI_PROVIDER_ERROR', 'The server is restarting: please send it again', 503);
      }
      throw failure;
    }
    const wordsCharged = sent.reduce((sum, text) => sum + countWords(text), 0);
    const usage = await settleReservation(
      db,
      workspace,
      held.reservation,
      wordsCharged,
      deps.usage,
      chargedTo,
    );
    held.reservation = null;
    const charge = { wordsCharged, remaining: usage.remaining };
    if (signal.aborted) {
      writer.end({ type: 'aborted', ...charge });
      return undefined;
    }
    const error = failure instanceof GenerationError ? failure : new GenerationError('provider');
    writer.end({
      type: 'error',
      code: error.code === 'AI_TIMEOUT' ? 'AI_TIMEOUT' : 'AI_PROVIDER_ERROR',
      message: error.message,
      ...charge,
    });
    return undefined;
  } finally {
    if (held.reservation) {
      await releaseReservation(db, held.reservation).catch((error: unknown) => {
        deps.log.error({ err: error }, 'could not release a word reservation');
      });
    }
  }
}

/** One version as the answer lists it: with a template's parts read back when it has some. */
function output(copy: GeneratedCopy, template: KeptTemplate | null): GeneratedOutput {
  const parts: TemplateOutput | undefined = template?.output;
  return {
    text: copy.text,
    words: copy.words,
    ...(parts ? { parts: parseOutput(copy.text, parts).outputs } : {}),
  };
}
