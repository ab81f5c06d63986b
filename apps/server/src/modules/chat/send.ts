import { randomInt } from 'node:crypto';
import type { ChatStreamPart, SendChatRequestBody } from '@redacta/shared';
import { demoWriterOptions } from '../../ai/demo/writer.ts';
import { liveSearchMode } from '../../ai/live-search.ts';
import { ModelStreamError } from '../../ai/model-stream.ts';
import { failureReason, logModelFailure, modelCallError } from '../../ai/model-errors.ts';
import { WordCeiling } from '../../ai/word-ceiling.ts';
import { AppError } from '../../lib/errors.ts';
import type { OpenStreams } from '../../lib/open-streams.ts';
import { providerErrorKind, type ChatMetrics, type ModelLabels } from '../../plugins/metrics-registry.ts';
import type { AiDeps, CallContext } from '../ai-tasks/charged-task.ts';
import { modelFor } from '../ai-tasks/workspace.ts';
import { chatKnowledge, saveReplySources } from '../knowledge/chat-sources.ts';
import type { Embedder } from '../knowledge/embeddings.ts';
import { REAL_TIME_SEARCH_CATEGORY } from '../prompts/catalogue/types.ts';
import { recordPromptUse } from '../prompts/service.ts';
import {
  maxTokensFor,
  releaseReservation,
  reservationTtlMs,
  type WordReservation,
} from '../usage/reservations.ts';
import type { LiveConversations } from './live/hub.ts';
import { withLiveCopy } from './reply-writer.ts';
import { senderName } from './live/sender.ts';
import { replyTextStream } from './search-stream.ts';
import { buildChatPrompt, saveReply } from './service.ts';
import { openChatTurn, withdrawChatRequest, type ChatTurn } from './turn.ts';
import { chatTurnLog } from './turn-log.ts';

export interface ChatDeps extends AiDeps {
  /** The SearXNG instance behind the web_search tool; without it live search is not connected. */
  searchUrl?: string;
  /** Where each chat request is registered while it runs, so that a stopping server can drain it. */
  openStreams: OpenStreams;
  metrics: ChatMetrics;
  /** Everyone with the project open follows the reply; its sender may stop it from any tab. */
  live: LiveConversations;
  /** Embeds a message to search the knowledge by meaning too; null: full-text search alone. */
  knowledgeEmbedder: Embedder | null;
}

type StartPart = Extract<ChatStreamPart, { type: 'start' }>;
type SourcesPart = Extract<ChatStreamPart, { type: 'sources' }>;
type LastPart = Extract<ChatStreamPart, { type: 'finish' | 'error' }>;

/**
 * Where a chat reply goes, part by part (the route writes them to the HTTP response). Called in order:
 * `start` once, `text` any number of times, then `end` or `drop`; or only `drop`.
 */
export interface ChatReplyWriter {
  /**
   * The reply starts: its start part, then its knowledge sources when it has some, then its first text
   * when there is one, in one write.
   */
  start(start: StartPart, firstText?: string, sources?: SourcesPart): void;
  text(text: string): void;
  /** The last part; without one the client knows the reply failed. */
  end(last?: LastPart): void;
  /** The client left (before or during the reply): its connection is closed, nothing more is sent. */
  drop(): void;
  /** Whether the client's connection is already gone. */
  readonly gone: boolean;
}

export interface ChatStreamContext extends Omit<CallContext, 'signal'> {
  writer: ChatReplyWriter;
}

/**
 * `POST /chat/send-request-stream`: a new message, or the last reply regenerated (its request answered
 * again; the new reply becomes the shown version of that request's reply). Everything that can refuse
 * the request (membership, project, reply, brand voice, allowance) and the wait for the first token
 * happen before the response starts, so they are ordinary error responses; from the first token on the
 * response is an NDJSON stream of ChatStreamPart and a failure is its last part. The reply is saved
 * once, however it ends.
 *
 * On a plan with a word limit the reply reserves its words before the model call (open_chat_turn):
 * the provider is asked for at most that many tokens, the server stops the reply at the reservation
 * if the provider goes on, and saving charges the words kept and ends the reservation. A turn that
 * saves no reply (refused after the reservation, failed or aborted before its first token, its save
 * failed) releases the reservation; a reply ends as a timeout after AI_REPLY_TIMEOUT_MS, before its
 * reservation could expire.
 *
 * The reply does not depend on the client's connection (docs/decisions/0016-live-conversation.md):
 * everyone with the project open follows it through the live conversation (live/), so a client that
 * reloads or loses its connection picks it up there, and the reply goes on to its end, charged once.
 * It stops early only when its sender stops it (`POST /project/{id}/conversation/stop`, any tab, any
 * instance) or the server stops.
 *
 * The request is one of the server's open streams until its reply is saved: a stopping server waits
 * for it, and aborts it when the grace runs out, which then ends exactly as if its sender had stopped it.
 * Every turn writes one log line when it ends (turn-log.ts).
 */
export async function sendChatStream(
  deps: ChatDeps,
  input: SendChatRequestBody & { userId: string },
  context: ChatStreamContext,
): Promise<void> {
  const stream = deps.openStreams.open();
  const stopper = deps.live.stoppable(input.projectId, input.userId);
  const turnLog = chatTurnLog(context.log, {
    workspaceId: input.workspaceId,
    projectId: input.projectId,
    regenerate: 'regenerate' in input,
  });
  try {
    await streamChatReply(deps, input, {
      ...context,
      signal: AbortSignal.any([stopper.signal, stream.signal]),
      serverStopping: stream.signal,
      turnLog,
    });
  } catch (error) {
    // Only a refusal (or our own failure) before the model call reaches here unlogged.
    turnLog.end(
      error instanceof AppError
        ? { outcome: 'refused', reason: error.code, words: 0 }
        : { outcome: 'failed', reason: 'error', words: 0 },
    );
    throw error;
  } finally {
    stopper.release();
    stream.close();
  }
}

async function streamChatReply(
  deps: ChatDeps,
  input: SendChatRequestBody & { userId: string },
  context: TurnContext,
): Promise<void> {
  // Read beside the turn, off its way to the first token: the others see the sender's name on the request.
  const sender = senderName(deps.db, input.userId).then(
    (name) => ({ id: input.userId, name }),
    (error: unknown) => {
      context.log.warn({ err: error }, "could not read a chat request's sender");
      return { id: input.userId, name: '' };
    },
  );
  const turn = await openChatTurn(deps.db, input, {
    ...deps.usage,
    reservationTtlMs: reservationTtlMs(deps.timeouts.replyMs),
  });
  const held: HeldReservation = { reservation: turn.reservation };
  const live = deps.live.publish(
    input.projectId,
    { userEntryId: turn.userEntryId, message: turn.message, regenerate: 'regenerate' in input },
    sender,
  );
  let messageId: string | null = null;
  try {
    messageId = await answerTurn(
      deps,
      input,
      { ...context, writer: withLiveCopy(context.writer, live) },
      turn,
      held,
    );
  } finally {
    live.end(messageId);
    if (held.reservation) {
      await releaseReservation(deps.db, held.reservation).catch((error: unknown) => {
        context.log.error({ err: error }, 'could not release a word reservation');
      });
    }
  }
}

/** The turn's reservation until a saved reply settles it (then null). */
interface HeldReservation {
  reservation: WordReservation | null;
}

type TurnContext = ChatStreamContext & {
  /** Fires when the sender stops the reply or a stopping server aborts it. */
  signal: AbortSignal;
  /** Fires when a stopping server aborts the turn (signal fires then too). */
  serverStopping: AbortSignal;
  turnLog: ReturnType<typeof chatTurnLog>;
};

async function answerTurn(
  deps: ChatDeps,
  input: SendChatRequestBody & { userId: string },
  context: TurnContext,
  turn: ChatTurn,
  held: HeldReservation,
): Promise<string | null> {
  const { db, models, metrics } = deps;
  const { writer, log, turnLog } = context;
  const { userId } = input;
  const { workspace, brandVoice, userEntryId } = turn;
  const words = held.reservation?.words;
  const ceiling = words ? new WordCeiling(words) : undefined;
  // The library prompt's use (its place in "Recientes") is recorded beside the model call: it need not
  // delay the first token, and failing to record it should not fail the reply. open_chat_turn has
  // already checked that the prompt is this workspace's. Regenerating a reply is not a new use.
  const promptId = 'promptId' in input ? input.promptId : undefined;
  const promptUse = promptId
    ? recordPromptUse(db, workspace.id, userId, promptId).catch((error: unknown) => {
        log.warn({ err: error }, 'could not record a prompt use');
      })
    : undefined;

  const chat = modelFor(models, workspace);
  const labels: ModelLabels = { provider: models.provider, model: chat.id };
  const liveSearch = liveSearchMode({
    searchUrl: deps.searchUrl,
    // A prompt of the catalogue's real-time search category asks for live search by what it is.
    requested: turn.liveSearch || turn.promptCategory === REAL_TIME_SEARCH_CATEGORY,
    message: turn.message,
  });
  const sources = await chatKnowledge(
    db,
    {
      workspaceId: workspace.id,
      message: turn.message,
      useKnowledge: 'useKnowledge' in input ? input.useKnowledge !== false : true,
    },
    { embedder: deps.knowledgeEmbedder, log, signal: context.signal },
  );
  const prompt = buildChatPrompt({
    history: turn.history,
    message: turn.message,
    language: workspace.language,
    brandVoice,
    liveSearch,
    knowledge: sources.map(({ n, name, excerpt }) => ({ n, name, text: excerpt })),
  });

  const call = {
    prompt,
    // The voice is in the system prompt for real models; the demo writer is handed it here.
    // A regenerated reply is another version: the demo writer words it differently from the first.
    providerOptions: demoWriterOptions({
      language: workspace.language,
      task: 'chat',
      brandVoice,
      ...('regenerate' in input ? { variant: randomInt(1, 2 ** 31) } : {}),
      ...(sources.length ? { knowledge: sources.map(({ n, excerpt }) => ({ n, text: excerpt })) } : {}),
    }),
    ...(ceiling ? { maxOutputTokens: maxTokensFor(ceiling.limit, workspace.language) } : {}),
  };
  const modelStartedAt = performance.now();
  const sinceModelCall = () => (performance.now() - modelStartedAt) / 1000;
  const deltas = replyTextStream(liveSearch, chat.model, call, deps.timeouts, context.signal, {
    searchUrl: deps.searchUrl,
    language: workspace.language,
    onSearchFailure: (error) => log.warn({ err: error }, 'live search failed'),
  });
  const turnEnd = { model: chat.id, liveSearch: liveSearch === 'available' };

  let first: IteratorResult<string, void>;
  try {
    first = await deltas.next();
  } catch (error) {
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
      writer.drop();
      return null;
    }
    const kind = providerErrorKind(error);
    if (kind) metrics.providerError(labels, kind);
    metrics.replyEnded(labels, sinceModelCall(), 0);
    turnLog.end({ outcome: 'failed', reason, words: 0, ...turnEnd });
    logModelFailure(log, error);
    throw modelCallError(reason);
  }
  if (!first.done) metrics.firstToken(labels, sinceModelCall());

  const start: StartPart = {
    type: 'start',
    userEntryId,
    model: chat.label,
    demo: models.demo,
    ...(turn.projectName ? { projectName: turn.projectName } : {}),
  };
  const sourcesPart: SourcesPart | undefined = sources.length ? { type: 'sources', sources } : undefined;
  let text = '';
  let failure: ModelStreamError | undefined;
  if (first.done) writer.start(start, undefined, sourcesPart);
  else {
    text = ceiling ? ceiling.admit(first.value) : first.value;
    writer.start(start, text, sourcesPart);
    try {
      if (ceiling?.reached) await deltas.return();
      else {
        // Leaving the loop at the ceiling ends the generator, which aborts the provider's stream.
        for await (const delta of deltas) {
          const kept = ceiling ? ceiling.admit(delta) : delta;
          if (kept) {
            text += kept;
            writer.text(kept);
          }
          if (ceiling?.reached) break;
        }
      }
    } catch (error) {
      failure =
        error instanceof ModelStreamError ? error : new ModelStreamError('provider', 'The model failed');
    }
  }

  const status = !failure ? 'complete' : failure.reason === 'aborted' ? 'aborted' : 'failed';
  const kind = failure && providerErrorKind(failure);
  if (kind) metrics.providerError(labels, kind);
  if (failure) logModelFailure(log, failure, 'chat stream failed mid-way');
  const replySeconds = sinceModelCall();
  await promptUse;
  let saved: Awaited<ReturnType<typeof saveReply>> | undefined;
  try {
    saved = await saveReply(
      db,
      {
        workspace,
        projectId: input.projectId,
        userId,
        requestId: userEntryId,
        modelId: chat.id,
        demo: models.demo,
        brandVoiceId: brandVoice?.id,
        text: ceiling ? ceiling.final(text) : text,
        status,
        reservationId: held.reservation?.id,
      },
      deps.usage,
    );
    held.reservation = null;
  } catch (error) {
    log.error({ err: error }, 'could not save a chat reply');
  }
  if (saved && sources.length) {
    await saveReplySources(db, saved.messageId, sources).catch((error: unknown) => {
      log.error({ err: error }, "could not save a chat reply's knowledge sources");
    });
  }
  const charged = saved?.wordsCharged ?? 0;
  metrics.replyEnded(labels, replySeconds, charged);
  turnLog.end({
    outcome: saved ? status : 'failed',
    ...(failure ? { reason: failure.reason } : saved ? {} : { reason: 'not_saved' }),
    words: charged,
    ...turnEnd,
  });
  const messageId = saved?.messageId ?? null;
  if (failure?.reason === 'aborted' || writer.gone) {
    // Stopped, or the client left: make sure its connection is gone too, so nothing waits on it.
    writer.drop();
    return messageId;
  }
  if (saved && !failure) {
    writer.end({ type: 'finish', ...saved });
  } else if (saved && failure) {
    const error = modelCallError(failure.reason);
    writer.end({
      type: 'error',
      code: error.code === 'AI_TIMEOUT' ? 'AI_TIMEOUT' : 'AI_PROVIDER_ERROR',
      message: error.message,
      ...saved,
    });
  } else {
    // Without `saved` the stream ends with no final part: the client treats that as a failure.
    writer.end();
  }
  return messageId;
}
