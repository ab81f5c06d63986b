import { eq, is } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { plans, usagePeriod, type Locale, type Plan, type WorkspaceUsage } from '@redacta/shared';
import { memberBudget } from '../budgets/service.ts';
import { callFunction, type Db, type Tx } from '../../db/client.ts';
import { wordReservations } from '../../db/schema.ts';
import { actingKeyId } from '../../lib/acting-key.ts';
import { AppError } from '../../lib/errors.ts';
import { monthlyLimit, noWordsLeft, usageFromCount, type UsageSettings } from './service.ts';

/*
 * The allowance is a ceiling (docs/product.md, "Plans and the word allowance"; ADR 0013): on a plan
 * with a word limit, every AI call reserves the words it may use before the model starts, asks the
 * provider for at most that many tokens, is cut by the server at its reservation, and is charged only
 * what it used. The reservation rule itself is the `reserve_words` database function (migration 0008).
 */

/**
 * What a reservation is for: a chat reply, an improved request, a brand-voice analysis, a document
 * selection transformed (rewritten, translated…), a piece written in one go (a batch row, an API call).
 */
export type ReservationKind = 'chat' | 'improve' | 'analyze' | 'transform' | 'generate';

/**
 * The most words one call of each kind reserves, and so may write, on a plan with a word limit. A
 * transform may be given a long selection (TRANSFORM_TEXT_MAX_LENGTH) and asked to lengthen it.
 */
export const RESERVED_WORDS: Record<ReservationKind, number> = {
  chat: 1000,
  improve: 400,
  analyze: 600,
  transform: 1500,
  generate: 1000,
};

/**
 * Tokens asked of the provider per reserved word, by the language the workspace writes in: generous
 * averages of today's tokenizers (English prose ~1.3 tokens a word, Spanish ~1.6, plus Markdown), so a
 * provider that honours its limit stops near the reservation and the server's own cut does the rest.
 */
export const TOKENS_PER_WORD: Record<Locale, number> = { en: 1.5, es: 2 };

/** The `maxOutputTokens` of a call that reserved `words` in `language`. */
export function maxTokensFor(words: number, language: Locale): number {
  return Math.ceil(words * TOKENS_PER_WORD[language]);
}

/**
 * Chat replies streaming at once per user (in one workspace) and per workspace, by plan; null has
 * no cap. Enterprise capacity is agreed with its operator, not capped here.
 */
export const STREAM_CAPS: Record<Plan, { user: number; workspace: number } | null> = {
  free: { user: 3, workspace: 6 },
  pro_monthly: { user: 10, workspace: 30 },
  pro_yearly: { user: 10, workspace: 30 },
  enterprise: null,
};

/**
 * How long a reservation counts if its process dies without ending it: a minute more than a call may
 * last (`AI_REPLY_TIMEOUT_MS`, after which the call ends as a timeout), so a live call never outlasts
 * its reservation.
 */
export function reservationTtlMs(replyTimeoutMs: number): number {
  return replyTimeoutMs + 60_000;
}

/** `STREAM_CAPS` as JSON for `open_chat_turn`, which learns the workspace's plan only as it runs. */
export const streamCapsJson = JSON.stringify(
  Object.fromEntries(plans.map((plan) => [plan, STREAM_CAPS[plan]])),
);

/** A reservation held by a call: `words` null when the plan has no word limit. */
export interface WordReservation {
  id: string;
  words: number | null;
}

export const reservationSchema = z.object({ id: z.string(), words: z.number().int().nullable() });

const inProgressRefusals = {
  words_held: "Replies in progress hold the rest of this month's words; wait for one to finish",
  user_streams: 'You already have as many replies in progress as your plan allows; wait for one to finish',
  workspace_streams:
    'This workspace already has as many replies in progress as its plan allows; wait for one to finish',
};

/** What every AI call of a member answers once the words charged to them reach their monthly budget. */
export function memberBudgetExhausted(): AppError {
  return new AppError(
    'MEMBER_BUDGET_EXHAUSTED',
    "You have used this month's word budget the workspace owner set for you",
  );
}

/**
 * What a refused reservation answers: NO_WORDS_LEFT once the month's words are used,
 * MEMBER_BUDGET_EXHAUSTED once the member's budget is, or 429 while replies in progress hold what is
 * left or fill a stream cap (words may come back when they end, so the client must not show the
 * out-of-words state).
 */
export function reservationRefused(
  refused: 'no_words' | 'budget' | keyof typeof inProgressRefusals,
): AppError {
  if (refused === 'no_words') return noWordsLeft();
  if (refused === 'budget') return memberBudgetExhausted();
  return new AppError('REPLIES_IN_PROGRESS', inProgressRefusals[refused], 429);
}

/** Every answer `reserve_words` refuses with (migration 0030). */
export const reservationRefusals = [
  'no_words',
  'budget',
  'words_held',
  'user_streams',
  'workspace_streams',
] as const;

const reserveAnswerSchema = z.union([reservationSchema, z.object({ refused: z.enum(reservationRefusals) })]);

/**
 * Reserves the words of a call other than a chat reply (improve, analysis, transform, a piece written in
 * one go) on a plan with a word limit or for a member with a budget, or NO_WORDS_LEFT /
 * MEMBER_BUDGET_EXHAUSTED when none can be; null on an unlimited plan for a member without a budget,
 * who has nothing to reserve (and no call of `reserve_words`).
 */
export async function reserveWords(
  db: Db,
  workspace: { id: string; plan: Plan },
  call: {
    userId: string;
    kind: Exclude<ReservationKind, 'chat'>;
    ttlMs: number;
    /** Versions written at once, each of which may write the kind's words (1 when absent). */
    versions?: number;
  },
  settings: UsageSettings,
): Promise<WordReservation | null> {
  const limit = monthlyLimit(workspace.plan, settings);
  const period = usagePeriod(settings.now?.() ?? new Date());
  // A member with a monthly budget reserves words even on a plan without a limit.
  if (limit === null && !(await memberBudget(db, workspace.id, call.userId, period))) return null;
  const answer = await callFunction(
    db,
    'reserve_words',
    {
      p_workspace_id: workspace.id,
      p_user_id: call.userId,
      p_kind: call.kind,
      p_period: period,
      p_word_limit: limit,
      p_words: RESERVED_WORDS[call.kind] * (call.versions ?? 1),
      p_user_streams: null,
      p_workspace_streams: null,
      p_ttl_ms: call.ttlMs,
    },
    reserveAnswerSchema,
  );
  if ('refused' in answer) throw reservationRefused(answer.refused);
  return answer;
}

/** Whom a charge counts to and where: the person (an API key's creator), the project if any, the kind. */
export interface ChargeOwner {
  userId: string;
  projectId?: string | null;
  kind: Exclude<ReservationKind, 'chat'>;
  /** The API key the call was made with; by default the acting key of the request, if any. */
  apiKeyId?: string | null;
}

/**
 * Charges the words a call used and ends its reservation, in one call of `settle_word_reservation`,
 * which records the charge to `owner` (usage per member); without a reservation (an unlimited plan) it
 * only charges. Returns the usage after the charge. Given a transaction, the charge is part of it,
 * and the caller calls `settings.onCharge` once it commits; otherwise this does.
 */
export async function settleReservation(
  db: Db | Tx,
  workspace: { id: string; plan: Plan },
  reservation: WordReservation | null,
  words: number,
  settings: UsageSettings,
  owner: ChargeOwner,
): Promise<WorkspaceUsage> {
  const now = settings.now?.() ?? new Date();
  const wordCount = await callFunction(
    db,
    'settle_word_reservation',
    {
      p_reservation_id: reservation?.id,
      p_workspace_id: workspace.id,
      p_period: usagePeriod(now),
      p_words: words,
      p_user_id: owner.userId,
      p_project_id: owner.projectId ?? null,
      p_api_key_id: owner.apiKeyId === undefined ? actingKeyId() : owner.apiKeyId,
      p_kind: owner.kind,
    },
    z.number().int(),
  );
  // Inside the caller's transaction the charge is not committed yet: the caller tells of it after.
  if (!is(db, PgTransaction) && words > 0)
    settings.onCharge?.({ workspaceId: workspace.id, userId: owner.userId });
  return usageFromCount(workspace, wordCount, settings, now);
}

/** Ends a reservation whose call charged nothing (it failed, or never started): its words are free again. */
export async function releaseReservation(db: Db | Tx, reservation: WordReservation): Promise<void> {
  await db.delete(wordReservations).where(eq(wordReservations.id, reservation.id));
}
