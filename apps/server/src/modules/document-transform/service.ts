import { and, eq } from 'drizzle-orm';
import type { TransformBody, TransformRequest, TransformStreamPart } from '@redacta/shared';
import type { Db } from '../../db/client.ts';
import { brandVoices } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import type { OpenStreams } from '../../lib/open-streams.ts';
import { modelTextStream } from '../../ai/model-stream.ts';
import { failureReason, logModelFailure, modelCallError } from '../../ai/model-errors.ts';
import { buildTransformPrompt } from '../../ai/transform-prompt.ts';
import { readStyleRules } from '../style-rules/service.ts';
import { WordCeiling } from '../../ai/word-ceiling.ts';
import {
  defaultFailure,
  openChargedCall,
  type AiDeps,
  type CallContext,
  type Charge,
} from '../ai-tasks/charged-task.ts';
import { relayText, type ReplyWriter } from '../ai-tasks/relay.ts';
import { requireProjectAccess } from '../projects/access.ts';

export interface TransformDeps extends AiDeps {
  /** Where each transform is registered while it runs, so that a stopping server can drain it. */
  openStreams: OpenStreams;
}

type StartPart = Extract<TransformStreamPart, { type: 'start' }>;
type LastPart = Extract<TransformStreamPart, { type: 'finish' | 'error' | 'aborted' }>;
export type TransformWriter = ReplyWriter<StartPart, LastPart>;

export interface TransformContext extends CallContext {
  writer: TransformWriter;
}

/** The brand voice of a workspace by id; another workspace's voice, or none, is 404. */
async function workspaceBrandVoice(db: Db, workspaceId: string, id: string) {
  const [voice] = await db
    .select({ name: brandVoices.name, voice: brandVoices.voice })
    .from(brandVoices)
    .where(and(eq(brandVoices.id, id), eq(brandVoices.workspaceId, workspaceId)));
  if (!voice) throw notFound('Brand voice');
  return voice;
}

/**
 * `POST /document/transform`: the text selected in a project's document, transformed by the model
 * (rewritten, shortened, lengthened, in another tone, translated, corrected, as instructed, or without
 * a banned phrase: the style checker's fix for one) in the
 * active brand voice, streamed back as NDJSON. Whoever can see the project may use it (404 otherwise,
 * and for a workspace that is not the project's). It is charged like every AI call: on a plan with a
 * word limit it reserves its words first (403 NO_WORDS_LEFT when none are left), is cut at the
 * reservation, and is charged the words it kept however it ends; a failure before the first token is
 * an ordinary error response and charges nothing. The client leaving (Stop) aborts the model; the words
 * that arrived are charged. The result is not saved: the client accepts it into the live document.
 */
export async function transformSelection(
  deps: TransformDeps,
  input: TransformBody & { userId: string },
  context: TransformContext,
): Promise<void> {
  const stream = deps.openStreams.open();
  try {
    await streamTransform(deps, input, {
      ...context,
      signal: AbortSignal.any([context.signal, stream.signal]),
    });
  } finally {
    stream.close();
  }
}

async function streamTransform(
  deps: TransformDeps,
  input: TransformBody & { userId: string },
  context: TransformContext,
): Promise<void> {
  const { workspaceId, projectId, brandVoiceId, text, userId, ...transform } = input;
  const { project } = await requireProjectAccess(deps.db, projectId, userId);
  if (project.workspaceId !== workspaceId) throw notFound('Project');
  const brandVoice = brandVoiceId ? await workspaceBrandVoice(deps.db, workspaceId, brandVoiceId) : null;
  const request = transform as TransformRequest;
  const styleRules = await readStyleRules(deps.db, workspaceId);
  const charged = await openChargedCall(deps, {
    workspaceId,
    userId,
    projectId,
    task: 'transform',
    instructions: (language) =>
      buildTransformPrompt({ language, transform: request, brandVoice, styleRules }),
    text,
    demo: { brandVoice, transform: request },
  });
  const { writer, log } = context;
  const deltas = modelTextStream(charged.chat.model, charged.call, deps.timeouts, context.signal);
  let first: IteratorResult<string, void>;
  try {
    first = await deltas.next();
  } catch (error) {
    await charged.release();
    const reason = failureReason(error);
    if (reason === 'aborted') {
      writer.drop();
      return;
    }
    logModelFailure(log, error, 'document transform failed');
    throw modelCallError(reason);
  }
  if (first.done) {
    await charged.release();
    throw defaultFailure('empty');
  }

  const start: StartPart = { type: 'start', model: charged.chat.label, demo: deps.models.demo };
  const ceiling = charged.maxWords ? new WordCeiling(charged.maxWords) : undefined;
  const relayed = await relayText(deltas, first, writer, start, ceiling);
  if (relayed.failure) logModelFailure(log, relayed.failure, 'document transform failed mid-way');
  let charge: Charge | undefined;
  try {
    if (relayed.text) charge = await charged.settle(relayed.text);
    else await charged.release();
  } catch (error) {
    log.error({ err: error }, 'could not charge a document transform');
  }
  if (writer.gone) {
    writer.drop();
    return;
  }
  if (!charge) {
    // Without its charge the stream ends with no final part: the client treats that as a failure.
    writer.end();
  } else if (!relayed.failure) {
    writer.end({ type: 'finish', ...charge });
  } else if (relayed.failure.reason === 'aborted') {
    writer.end({ type: 'aborted', ...charge });
  } else {
    const error = modelCallError(relayed.failure.reason);
    writer.end({
      type: 'error',
      code: error.code === 'AI_TIMEOUT' ? 'AI_TIMEOUT' : 'AI_PROVIDER_ERROR',
      message: error.message,
      ...charge,
    });
  }
}
