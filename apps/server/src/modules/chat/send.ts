import type { SendChatRequestBody } from '@redacta/shared';
import { actingKey } from '../../lib/acting-key.ts';
import { AppError } from '../../lib/errors.ts';
import { releaseReservation, reservationTtlMs } from '../usage/reservations.ts';
import { withLiveCopy } from './reply-writer.ts';
import { answerTurn, type HeldReservation, type TurnContext } from './answer-turn.ts';
import { runShares } from './reply-runs.ts';
import { openTemplateRun, shownTemplate } from './template-run.ts';
import { openChatTurn } from './turn.ts';
import { chatTurnLog } from './turn-log.ts';
import type { ChatDeps, ChatStreamContext } from './turn-types.ts';

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
  // One signal for the turn: its sender's Stop and a stopping server both abort it.
  const stop = new AbortController();
  stream.signal.addEventListener('abort', () => stop.abort(), { once: true });
  const releaseStop = deps.live.stoppable(input.projectId, input.userId, stop);
  const turnLog = chatTurnLog(context.log, {
    workspaceId: input.workspaceId,
    projectId: input.projectId,
    regenerate: 'regenerate' in input,
  });
  try {
    await streamChatReply(deps, input, {
      ...context,
      signal: stop.signal,
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
    releaseStop();
    stream.close();
  }
}

async function streamChatReply(
  deps: ChatDeps,
  input: SendChatRequestBody & { userId: string },
  context: TurnContext,
): Promise<void> {
  // A template run sends its template's prompt rendered with the inputs, as if typed.
  const templateRun =
    'template' in input && input.template
      ? await openTemplateRun(deps.db, { ...input, template: input.template })
      : undefined;
  const request = templateRun
    ? { ...input, message: templateRun.message, ranTemplate: templateRun.template }
    : input;
  const turn = await openChatTurn(deps.db, request, {
    ...deps.usage,
    reservationTtlMs: reservationTtlMs(deps.timeouts.replyMs),
  });
  const held: HeldReservation = { reservation: turn.reservation };
  // Everyone following the conversation sees each version as its own reply in progress.
  const versions = runShares(input.variants ?? 1, turn.reservation?.words).length;
  const key = actingKey();
  const live = Array.from({ length: versions }, (_, index) =>
    deps.live.publish(
      input.projectId,
      {
        userEntryId: turn.userEntryId,
        message: turn.message,
        regenerate: 'regenerate' in input,
        ...(turn.template ? { template: shownTemplate(turn.template) } : {}),
        ...(turn.projectName ? { projectName: turn.projectName } : {}),
        ...(versions > 1 ? { variant: index } : {}),
        ...(key ? { apiKey: { id: key.id, name: key.name } } : {}),
      },
      input.userId,
    ),
  );
  let messageIds: (string | null)[] = [];
  try {
    messageIds = await answerTurn(
      deps,
      request,
      { ...context, writer: withLiveCopy(context.writer, live) },
      turn,
      held,
    );
  } finally {
    live.forEach((publisher, index) => publisher.end(messageIds[index] ?? null));
    if (held.reservation) {
      await releaseReservation(deps.db, held.reservation).catch((error: unknown) => {
        context.log.error({ err: error }, 'could not release a word reservation');
      });
    }
  }
}
