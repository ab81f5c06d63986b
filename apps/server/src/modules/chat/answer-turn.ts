import { randomInt } from 'node:crypto';
import type { ChatStreamPart, KnowledgeCitation, SendChatRequestBody } from '@redacta/shared';
import { failureReason, logModelFailure, modelCallError } from '../../ai/model-errors.ts';
import { AppError } from '../../lib/errors.ts';
import { providerErrorKind, type ModelLabels } from '../../plugins/metrics-registry.ts';
import type { SourcesPart } from '../ai-tasks/relay.ts';
import { generationCall, prepareGeneration } from '../generation/prepare.ts';
import { replyTextStream } from '../generation/search-stream.ts';
import { REAL_TIME_SEARCH_CATEGORY } from '../prompts/catalogue/types.ts';
import { recordPromptUse } from '../prompts/service.ts';
import type { WordReservation } from '../usage/reservations.ts';
import { finalText, newRun, pumpRun, pumpVersion, runShares, type ReplyRun } from './reply-runs.ts';
import type { ChatDeps, ChatStreamContext } from './turn-types.ts';
import { saveReply } from './service.ts';
import { templateReplyOptions } from './template-run.ts';
import { withdrawChatRequest, type ChatTurn } from './turn.ts';
import type { chatTurnLog } from './turn-log.ts';

type StartPart = Extract<ChatStreamPart, { type: 'start' }>;
type LastPart = Extract<ChatStreamPart, { type: 'finish' | 'error' | 'aborted' }>;

/** The turn's reservation until a saved reply settles it (then null). */
export interface HeldReservation {
  reservation: WordReservation | null;
}

export type TurnContext = ChatStreamContext & {
  /** Fires when the sender stops the reply or a stopping server aborts it. */
  signal: AbortSignal;
  /** Fires when a stopping server aborts the turn (signal fires then too). */
  serverStopping: AbortSignal;
  turnLog: ReturnType<typeof chatTurnLog>;
};

/**
 * Writes the turn's reply, in as many versions as it asked for (one model call each, side by side),
 * and saves each version as a version of the request's reply, in order, so the ‹ n/m › switcher
 * lists them as they were numbered. Each version is charged its own words; the last one saved settles
 * the turn's reservation, and until then the reservation holds every version's share. Returns the
 * saved replies' ids by version (null where nothing was saved). What the reply is written with (the
 * brand voice, knowledge, style rules, controls, live search and the prompt) is prepared as every piece
 * of copy is (generation/prepare.ts); the turn adds its conversation, versions, stream and saving.
 * A template run's reply, regenerated or not, is written in the output parts its request's entry keeps.
 */
export async function answerTurn(
  deps: ChatDeps,
  input: SendChatRequestBody & { userId: string },
  context: TurnContext,
  turn: ChatTurn,
  held: HeldReservation,
): Promise<(string | null)[]> {
  const { db, models, metrics } = deps;
  const { writer, log, turnLog } = context;
  const { userId } = input;
  const { workspace, userEntryId } = turn;
  // The library prompt's use (its place in "Recientes") is recorded beside the model call: it need not
  // delay the first token, and failing to record it should not fail the reply. open_chat_turn has
  // already checked that the prompt is this workspace's. Regenerating a reply is not a new use.
  const promptId = 'promptId' in input ? input.promptId : undefined;
  const promptUse = promptId
    ? recordPromptUse(db, workspace.id, userId, promptId).catch((error: unknown) => {
        log.warn({ err: error }, 'could not record a prompt use');
      })
    : undefined;

  const prepared = await prepareGeneration(
    { ...deps, log },
    {
      workspace,
      message: turn.message,
      history: turn.history,
      context: turn,
      useKnowledge: input.useKnowledge,
      controls: { tone: input.tone, length: input.length, language: input.language },
      // A prompt of the catalogue's real-time search category asks for live search by what it is.
      liveSearch: turn.liveSearch || turn.promptCategory === REAL_TIME_SEARCH_CATEGORY,
      ...templateReplyOptions(turn.template),
      signal: context.signal,
    },
  );
  const { chat, liveSearch, citations: sources } = prepared;
  const labels: ModelLabels = { provider: models.provider, model: chat.id };
  const shares = runShares(input.variants ?? 1, held.reservation?.words);
  const several = shares.length > 1;
  // A regenerated reply is another version: the demo writer words it differently from the first.
  // Versions asked for together are worded differently from each other the same way.
  const regenerated = 'regenerate' in input ? randomInt(1, 2 ** 31 - 4) : 0;

  const modelStartedAt = performance.now();
  const sinceModelCall = () => (performance.now() - modelStartedAt) / 1000;
  const runs: ReplyRun[] = shares.map((words, index) => {
    const call = generationCall(prepared, { maxWords: words, variant: regenerated + index });
    const deltas = replyTextStream(liveSearch, chat.model, call, deps.timeouts, context.signal, {
      searchUrl: deps.searchUrl,
      language: workspace.language,
      onSearchFailure: (error) => log.warn({ err: error }, 'live search failed'),
    });
    return newRun(several ? index : undefined, deltas, words);
  });
  const turnEnd = { model: chat.id, liveSearch: liveSearch === 'available' };
  const start: StartPart = {
    type: 'start',
    userEntryId,
    model: chat.label,
    demo: models.demo,
    ...(turn.projectName ? { projectName: turn.projectName } : {}),
    ...(several ? { variants: runs.length } : {}),
  };

  let first: IteratorResult<string, void>;
  try {
    first = await (several ? Promise.any(runs.map((run) => run.first)) : runs[0]!.first);
  } catch (caught) {
    const error = caught instanceof AggregateError ? caught.errors[0] : caught;
    const reason = failureReason(error);
    if (reason === 'aborted') {
      turnLog.end({ outcome: 'aborted', reason: 'before_first_token', words: 0, ...turnEnd });
      metrics.replyEnded(labels, sinceModelCall(), 0);
      // A stopping server tells its client to send again (another instance answers) and takes a new
      // message back first, so that it is saved once; a reply its sender stopped has nobody waiting
      // for it and its request stays saved, as after any failure before the first token.
      if (context.serverStopping.aborted) {
        if (!('regenerate' in input)) await withdrawChatRequest(db, input.projectId, turn);
        throw new AppError('AI_PROVIDER_ERROR', 'The server is restarting: please send it again', 503);
      }
      // Stopped before its first word: its request stays saved, nothing is charged. Each version
      // asked for ends with its own part, as versions always do.
      const stopped = { type: 'aborted', messageId: null, wordsCharged: 0, remaining: null } as const;
      writer.start(start);
      if (several) {
        runs.forEach((_run, variant) => writer.part({ ...stopped, variant }));
        writer.end();
      } else writer.end(stopped);
      return runs.map(() => null);
    }
    const kind = providerErrorKind(error);
    if (kind) metrics.providerError(labels, kind);
    metrics.replyEnded(labels, sinceModelCall(), 0);
    turnLog.end({ outcome: 'failed', reason, words: 0, ...turnEnd });
    logModelFailure(log, error);
    throw modelCallError(reason);
  }
  if (!first.done) metrics.firstToken(labels, sinceModelCall());

  const sourcesPart: SourcesPart | undefined = sources.length ? { type: 'sources', sources } : undefined;
  if (several) writer.start(start, undefined, sourcesPart);
  const pumps = several
    ? runs.map((run) => pumpVersion(run, writer))
    : [pumpRun(runs[0]!, first, writer, (text) => writer.start(start, text, sourcesPart))];

  let saving: Promise<unknown> = Promise.resolve();
  const saved = runs.map((run, index) => {
    const previous = saving;
    const save = (async () => {
      await pumps[index];
      await previous;
      await promptUse;
      const end = await saveRun(
        deps,
        input,
        context,
        turn,
        held,
        run,
        sources,
        index === runs.length - 1,
        labels,
        sinceModelCall,
      );
      // Each version says what it cost as soon as it is saved; the stream ends after the last one.
      if (several && end.last) writer.part(end.last);
      return end;
    })();
    saving = save;
    return save;
  });
  const ends = await Promise.all(saved);

  const words = ends.reduce((sum, end) => sum + end.charged, 0);
  const outcome = ends.some((end) => end.outcome === 'aborted')
    ? 'aborted'
    : ends.every((end) => end.outcome === 'complete')
      ? 'complete'
      : 'failed';
  const failure = runs.find((run) => run.failure)?.failure;
  const unsaved = ends.some((end) => end.last === undefined);
  turnLog.end({
    outcome,
    ...(failure ? { reason: failure.reason } : unsaved ? { reason: 'not_saved' } : {}),
    words,
    ...turnEnd,
  });
  // Written even when the client has left: the writer keeps what it wrote for an Idempotency-Key's replay.
  if (several) {
    writer.end();
  } else {
    // Without a saved reply the stream ends with no final part: the client treats that as a failure.
    writer.end(ends[0]!.last);
  }
  return ends.map((end) => end.messageId);
}

interface RunEnd {
  outcome: 'complete' | 'aborted' | 'failed';
  charged: number;
  messageId: string | null;
  /** The version's last part; undefined when nothing could be saved. */
  last: LastPart | undefined;
}

/** Saves one version however it ended, charged its words; the turn's last version settles the reservation. */
async function saveRun(
  deps: ChatDeps,
  input: SendChatRequestBody & { userId: string },
  context: TurnContext,
  turn: ChatTurn,
  held: HeldReservation,
  run: ReplyRun,
  sources: KnowledgeCitation[],
  settles: boolean,
  labels: ModelLabels,
  sinceModelCall: () => number,
): Promise<RunEnd> {
  const { metrics } = deps;
  const { failure } = run;
  const status = !failure ? 'complete' : failure.reason === 'aborted' ? 'aborted' : 'failed';
  const kind = failure && providerErrorKind(failure);
  if (kind) metrics.providerError(labels, kind);
  if (failure) logModelFailure(context.log, failure, 'chat stream failed mid-way');
  const variant = run.variant === undefined ? {} : { variant: run.variant };
  const error = failure && modelCallError(failure.reason);
  const code = error?.code === 'AI_TIMEOUT' ? 'AI_TIMEOUT' : 'AI_PROVIDER_ERROR';
  if (run.silent) {
    metrics.replyEnded(labels, sinceModelCall(), 0);
    const nothing = { messageId: null, wordsCharged: 0, remaining: null };
    const last: LastPart =
      status === 'aborted'
        ? { type: 'aborted', ...variant, ...nothing }
        : { type: 'error', ...variant, code, message: error?.message ?? '', ...nothing };
    return { outcome: status, charged: 0, messageId: null, last };
  }
  let saved: Awaited<ReturnType<typeof saveReply>> | undefined;
  try {
    saved = await saveReply(
      deps.db,
      {
        workspace: turn.workspace,
        projectId: input.projectId,
        userId: input.userId,
        requestId: turn.userEntryId,
        modelId: labels.model,
        demo: deps.models.demo,
        brandVoiceId: turn.brandVoice?.id,
        text: finalText(run),
        status,
        reservationId: settles ? held.reservation?.id : undefined,
        sources,
      },
      deps.usage,
      deps.webhookEvents,
    );
    if (settles) held.reservation = null;
  } catch (caught) {
    context.log.error({ err: caught }, 'could not save a chat reply');
  }
  const charged = saved?.wordsCharged ?? 0;
  metrics.replyEnded(labels, sinceModelCall(), charged);
  if (!saved) return { outcome: 'failed', charged, messageId: null, last: undefined };
  const last: LastPart =
    status === 'aborted'
      ? { type: 'aborted', ...variant, ...saved }
      : error
        ? { type: 'error', ...variant, code, message: error.message, ...saved }
        : { type: 'finish', ...variant, ...saved };
  return { outcome: status, charged, messageId: saved.messageId, last };
}
