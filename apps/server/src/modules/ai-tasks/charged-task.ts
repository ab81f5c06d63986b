import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { countWords, type Locale } from '@redacta/shared';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { ChatModel, Models } from '../../ai/models.ts';
import type { LanguageModelV3CallOptions } from '@ai-sdk/provider';
import { demoWriterOptions, type DemoCallOptions, type DemoTask } from '../../ai/demo/writer.ts';
import { modelAnswer, type StreamEnding, type StreamTimeouts } from '../../ai/model-stream.ts';
import { failureReason, logModelFailure, modelCallError } from '../../ai/model-errors.ts';
import type { UsageSettings } from '../usage/service.ts';
import {
  maxTokensFor,
  releaseReservation,
  reservationTtlMs,
  reserveWords,
  settleReservation,
} from '../usage/reservations.ts';
import { aiWorkspace, modelFor, type AiWorkspace } from './workspace.ts';

/** What every AI call of a workspace needs: the database, the models, the allowance and the timeouts. */
export interface AiDeps {
  db: Db;
  models: Models;
  usage: UsageSettings;
  timeouts: StreamTimeouts & { replyMs: number };
}

/** The AI dependencies of an app, from its configuration, for the routes that make AI calls. */
export function aiDeps(app: FastifyInstance): AiDeps {
  return {
    db: app.db,
    models: app.models,
    usage: { freePlanWords: app.config.FREE_PLAN_WORDS, onCharge: app.budgetNoticer },
    timeouts: {
      firstTokenMs: app.config.AI_FIRST_TOKEN_TIMEOUT_MS,
      idleMs: app.config.AI_IDLE_TIMEOUT_MS,
      replyMs: app.config.AI_REPLY_TIMEOUT_MS,
    },
  };
}

/** How a call runs: `signal` aborts it (the client left), `log` hears about failures. */
export interface CallContext {
  signal: AbortSignal;
  log: FastifyBaseLogger;
}

/** A charged task fails because its model call failed, or because the model answered nothing. */
export type TaskFailure = StreamEnding | 'empty';

export interface ChargedTask {
  workspaceId: string;
  userId: string;
  /** The project the call works in, which its charge is counted to; none outside a project. */
  projectId?: string;
  /** Which task it is, for the logs and for the demo writer (real models see only the prompt). */
  task: Exclude<DemoTask, 'chat'>;
  /** The task's instructions (the system prompt) for a workspace writing in `language`. */
  instructions: (language: Locale) => string;
  /** The text the task works on, sent as the user's message. */
  text: string;
  /** What the demo writer, which cannot read the instructions, needs besides the task and language. */
  demo?: Omit<DemoCallOptions, 'language' | 'task'>;
  /** The error a failure answers with; by default AI_TIMEOUT or AI_PROVIDER_ERROR. */
  failure?: (reason: TaskFailure) => AppError;
}

export interface ChargedAnswer {
  /** The model's answer, trimmed. */
  text: string;
  wordsCharged: number;
  /** Words left this month after the charge; null on an unlimited plan. */
  remaining: number | null;
}

export type Charge = Omit<ChargedAnswer, 'text'>;

/** A charged call ready to run: its model and call, the words it may write, and how it ends. */
export interface ChargedCall {
  workspace: AiWorkspace;
  chat: ChatModel;
  call: Omit<LanguageModelV3CallOptions, 'abortSignal'>;
  /** The words the call may write on a plan with a word limit (its reservation); none when unlimited. */
  maxWords: number | undefined;
  /** Charges the words of `text`, the answer as kept, and ends the reservation. */
  settle(text: string): Promise<Charge>;
  /** Ends the reservation of a call that charged nothing (it failed, or answered nothing). */
  release(): Promise<void>;
}

export const defaultFailure = (reason: TaskFailure) =>
  reason === 'empty'
    ? new AppError('AI_PROVIDER_ERROR', 'The AI model returned an empty answer')
    : modelCallError(reason);

/**
 * Opens a model call that the workspace pays for in words (improve, brand-voice analysis, document
 * transforms): the user must belong to the workspace (404); on a plan with a word limit the call
 * reserves the words it may use (NO_WORDS_LEFT when none can be) and the provider is asked for at
 * most that many tokens. The caller cuts the answer at `maxWords`, then settles or releases.
 */
export async function openChargedCall(deps: AiDeps, task: ChargedTask): Promise<ChargedCall> {
  const workspace = await aiWorkspace(deps.db, task.workspaceId, task.userId);
  const reservation = await reserveWords(
    deps.db,
    workspace,
    { userId: task.userId, kind: task.task, ttlMs: reservationTtlMs(deps.timeouts.replyMs) },
    deps.usage,
  );
  return {
    workspace,
    chat: modelFor(deps.models, workspace),
    call: {
      prompt: [
        { role: 'system', content: task.instructions(workspace.language) },
        { role: 'user', content: [{ type: 'text', text: task.text }] },
      ],
      providerOptions: demoWriterOptions({ ...task.demo, language: workspace.language, task: task.task }),
      ...(reservation?.words ? { maxOutputTokens: maxTokensFor(reservation.words, workspace.language) } : {}),
    },
    maxWords: reservation?.words ?? undefined,
    async settle(text) {
      const wordsCharged = countWords(text);
      const usage = await settleReservation(deps.db, workspace, reservation, wordsCharged, deps.usage, {
        userId: task.userId,
        projectId: task.projectId,
        kind: task.task,
      });
      return { wordsCharged, remaining: usage.remaining };
    },
    async release() {
      if (reservation) await releaseReservation(deps.db, reservation);
    },
  };
}

/**
 * A charged call answered in one response (improve, brand-voice analysis): the answer is cut at the
 * reservation and exactly its words are charged. A failed call or an empty answer charges nothing and
 * frees its reservation.
 */
export async function runChargedTask(
  deps: AiDeps,
  task: ChargedTask,
  context: CallContext,
): Promise<ChargedAnswer> {
  const charged = await openChargedCall(deps, task);
  const failure = task.failure ?? defaultFailure;
  let text = '';
  try {
    text = await modelAnswer(
      charged.chat.model,
      charged.call,
      deps.timeouts,
      context.signal,
      charged.maxWords,
    );
  } catch (error) {
    logModelFailure(context.log, error, `AI task "${task.task}" failed`);
    throw failure(failureReason(error));
  } finally {
    // Without an answer (a failure, or nothing written) nothing is charged: the words are free again.
    if (!text) await charged.release();
  }
  if (!text) throw failure('empty');
  return { text, ...(await charged.settle(text)) };
}
