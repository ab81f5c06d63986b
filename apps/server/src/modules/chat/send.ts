import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  CHAT_STREAM_CONTENT_TYPE,
  countWords,
  type ChatStreamPart,
  type SendChatRequestBody,
} from '@redacta/shared';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { Models } from '../../ai/models.ts';
import { buildImprovePrompt } from '../../ai/prompts.ts';
import { redactaOptions } from '../../ai/demo-writer.ts';
import { liveSearchMode } from '../../ai/live-search.ts';
import { chargeWords, requireWordsLeft, type UsageSettings } from '../usage/service.ts';
import { ModelStreamError, modelAnswer, type StreamTimeouts } from './model-stream.ts';
import { abortWhenClientLeaves } from '../../lib/client-abort.ts';
import { REAL_TIME_SEARCH_CATEGORY } from '../prompts/catalogue/types.ts';
import { replyTextStream } from './search-stream.ts';
import { buildChatPrompt, chatWorkspace, modelFor, saveReply } from './service.ts';
import { openChatTurn } from './turn.ts';
import { recordPromptUse } from '../prompts/service.ts';

export interface ChatDeps {
  db: Db;
  models: Models;
  usage: UsageSettings;
  timeouts: StreamTimeouts;
  /** The SearXNG instance behind the web_search tool; without it live search is not connected. */
  searchUrl?: string;
}

/**
 * `POST /chat/send-request-stream`: a new message, or the last reply regenerated (its request answered
 * again; the new reply becomes the shown version of that request's reply). Everything that can refuse
 * the request (membership, project, reply, brand voice, allowance) and the wait for the first token
 * happen before the response starts, so they are ordinary error responses; from the first token on the
 * response is an NDJSON stream of ChatStreamPart and a failure is its last part. The reply is saved
 * once, however it ends.
 */
export async function sendChatStream(
  deps: ChatDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  body: SendChatRequestBody,
): Promise<void> {
  const { db, models } = deps;
  const userId = request.userId;
  const turn = await openChatTurn(db, { ...body, userId }, deps.usage);
  const { workspace, brandVoice, userEntryId } = turn;
  // The library prompt's use (its place in "Recientes") is recorded beside the model call: it need not
  // delay the first token, and failing to record it should not fail the reply. open_chat_turn has
  // already checked that the prompt is this workspace's. Regenerating a reply is not a new use.
  const promptId = 'promptId' in body ? body.promptId : undefined;
  const promptUse = promptId
    ? recordPromptUse(db, workspace.id, userId, promptId).catch((error: unknown) => {
        request.log.warn({ err: error }, 'could not record a prompt use');
      })
    : undefined;

  const chat = modelFor(models, workspace);
  const liveSearch = liveSearchMode({
    searchUrl: deps.searchUrl,
    // A prompt of the catalogue's real-time search category asks for live search by what it is.
    requested: turn.liveSearch || turn.promptCategory === REAL_TIME_SEARCH_CATEGORY,
    message: turn.message,
  });
  const prompt = buildChatPrompt({
    history: turn.history,
    message: turn.message,
    language: workspace.language,
    brandVoice,
    liveSearch,
  });

  const client = abortWhenClientLeaves(reply);
  const call = { prompt, providerOptions: redactaOptions({ language: workspace.language, task: 'chat' }) };
  const deltas = replyTextStream(liveSearch, chat.model, call, deps.timeouts, client.signal, {
    searchUrl: deps.searchUrl,
    language: workspace.language,
    onSearchFailure: (error) => request.log.warn({ err: error }, 'live search failed'),
  });

  let first: IteratorResult<string, void>;
  try {
    first = await deltas.next();
  } catch (error) {
    client.release();
    if (error instanceof ModelStreamError && error.reason === 'aborted') {
      // The client left before the first token: nobody to answer; its request stays saved.
      reply.hijack();
      reply.raw.end();
      return;
    }
    throw toAppError(request, error);
  }

  reply.hijack();
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) reply.raw.setHeader(name, value);
  }
  reply.raw.writeHead(200, {
    'content-type': `${CHAT_STREAM_CONTENT_TYPE}; charset=utf-8`,
    'cache-control': 'no-cache, no-transform',
    'x-accel-buffering': 'no',
    'x-request-id': request.id,
  });
  const line = (part: ChatStreamPart) => `${JSON.stringify(part)}\n`;
  // The same bytes as line({ type: 'text', text }), without building an object per chunk.
  const textLine = (text: string) => `{"type":"text","text":${JSON.stringify(text)}}\n`;
  // The start and the first text go out in one write: one packet, and the client sees both at once.
  const start = line({
    type: 'start',
    userEntryId,
    model: chat.label,
    demo: models.demo,
    ...(turn.projectName ? { projectName: turn.projectName } : {}),
  });

  let text = '';
  let failure: ModelStreamError | undefined;
  if (first.done) reply.raw.write(start);
  else {
    text = first.value;
    reply.raw.write(start + textLine(first.value));
    try {
      for await (const delta of deltas) {
        text += delta;
        reply.raw.write(textLine(delta));
      }
    } catch (error) {
      failure =
        error instanceof ModelStreamError ? error : new ModelStreamError('provider', 'The model failed');
    }
  }
  client.release();

  const status = !failure ? 'complete' : failure.reason === 'aborted' ? 'aborted' : 'failed';
  if (failure && failure.reason !== 'aborted') {
    request.log.warn({ err: failure.cause ?? failure, reason: failure.reason }, 'chat stream failed mid-way');
  }
  await promptUse;
  let saved: Awaited<ReturnType<typeof saveReply>> | undefined;
  try {
    saved = await saveReply(
      db,
      {
        workspace,
        projectId: body.projectId,
        userId,
        requestId: userEntryId,
        modelId: chat.id,
        demo: models.demo,
        brandVoiceId: brandVoice?.id,
        text,
        status,
      },
      deps.usage,
    );
  } catch (error) {
    request.log.error({ err: error }, 'could not save a chat reply');
  }
  // Hijacked responses skip Fastify's completion log: say how the reply ended.
  request.log.info(
    { status, reason: failure?.reason, words: saved?.wordsCharged, model: chat.id, liveSearch },
    'chat reply ended',
  );
  if (failure?.reason === 'aborted' || reply.raw.destroyed) {
    // The client left: make sure its connection is gone too, so nothing waits on it.
    reply.raw.destroy();
    return;
  }
  if (saved && !failure) {
    reply.raw.end(line({ type: 'finish', ...saved }));
  } else if (saved && failure) {
    const appError = toAppError(request, failure, false);
    reply.raw.end(
      line({
        type: 'error',
        code: appError.code === 'AI_TIMEOUT' ? 'AI_TIMEOUT' : 'AI_PROVIDER_ERROR',
        message: appError.message,
        ...saved,
      }),
    );
  } else {
    // Without `saved` the stream ends with no final part: the client treats that as a failure.
    reply.raw.end();
  }
}

/** `POST /chat/improve`: the draft rewritten by the model as a clearer request; its words are charged. */
export async function improvePrompt(
  deps: ChatDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  body: { workspaceId: string; text: string },
) {
  const { db, models } = deps;
  const workspace = await chatWorkspace(db, body.workspaceId, request.userId);
  await requireWordsLeft(db, workspace, deps.usage);
  const chat = modelFor(models, workspace);
  let text: string;
  try {
    text = await modelAnswer(
      chat.model,
      {
        prompt: [
          { role: 'system', content: buildImprovePrompt({ language: workspace.language }) },
          { role: 'user', content: [{ type: 'text', text: body.text }] },
        ],
        providerOptions: redactaOptions({ language: workspace.language, task: 'improve' }),
      },
      deps.timeouts,
      reply,
    );
  } catch (error) {
    throw toAppError(request, error);
  }
  if (!text) throw new AppError('AI_PROVIDER_ERROR', 'The AI model returned an empty answer');
  const wordsCharged = countWords(text);
  const usage = await chargeWords(db, workspace, wordsCharged, deps.usage);
  return { text, wordsCharged, remaining: usage.remaining };
}

function toAppError(request: FastifyRequest, error: unknown, log = true): AppError {
  const reason = error instanceof ModelStreamError ? error.reason : 'provider';
  if (log && reason !== 'aborted') {
    request.log.warn({ err: (error as { cause?: unknown }).cause ?? error, reason }, 'AI call failed');
  }
  if (reason === 'timeout') return new AppError('AI_TIMEOUT', 'The AI model took too long to answer');
  if (reason === 'aborted') return new AppError('AI_PROVIDER_ERROR', 'The request was cancelled');
  return new AppError('AI_PROVIDER_ERROR', 'The AI provider failed to answer; please try again');
}
