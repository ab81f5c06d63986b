import type { FastifyBaseLogger } from 'fastify';

/**
 * How a chat turn ended: its reply complete, aborted (the client left, or a stopping server ran out
 * of grace), failed (the provider, a timeout, or our own error), or refused before any model call
 * (no access, no words left, not the last reply).
 */
export type TurnOutcome = 'complete' | 'aborted' | 'failed' | 'refused';

export interface TurnEnd {
  outcome: TurnOutcome;
  /** Why it did not complete: an error code for a refusal, the failure's reason otherwise. */
  reason?: string;
  /** The model id that answered; unknown for a refused turn. */
  model?: string;
  /** Words saved and charged. */
  words: number;
  liveSearch?: boolean;
}

/**
 * The one log line of a chat turn, written once when it ends (a streamed reply leaves Fastify's own
 * completion log). It names the workspace, project and model, counts words and time, and carries no
 * text of the conversation: messages and replies are the users' content, not the operator's.
 */
export function chatTurnLog(
  log: FastifyBaseLogger,
  turn: { workspaceId: string; projectId: string; regenerate: boolean },
) {
  const startedAt = performance.now();
  let written = false;
  return {
    get written() {
      return written;
    },
    end(end: TurnEnd) {
      if (written) return;
      written = true;
      log.info(
        {
          workspaceId: turn.workspaceId,
          projectId: turn.projectId,
          regenerate: turn.regenerate,
          ...end,
          durationMs: Math.round(performance.now() - startedAt),
        },
        'chat turn ended',
      );
    },
  };
}
