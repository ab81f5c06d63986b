import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { nextMonthlyReset, plans, usagePeriod, type Plan, type WorkspaceUsage } from '@redacta/shared';
import { callFunction, type Db, type Tx } from '../../db/client.ts';
import { usageCounters } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';

export interface UsageSettings {
  freePlanWords: number;
  now?: () => Date;
}

/**
 * Words allowed this month: the free allowance, or null (unlimited) on Pro and Enterprise
 * (docs/product.md, "Plans and the word allowance"). The one statement of this rule: the chat's
 * `open_chat_turn` database function is handed its answer for every plan (`monthlyLimits`).
 */
export function monthlyLimit(plan: Plan, settings: UsageSettings): number | null {
  return plan === 'free' ? settings.freePlanWords : null;
}

/**
 * `monthlyLimit` of every plan, as JSON for a database function that learns the workspace's plan
 * only as it runs (`p_word_limits` of `open_chat_turn`, migration 0005).
 */
export function monthlyLimits(settings: UsageSettings): string {
  return JSON.stringify(Object.fromEntries(plans.map((plan) => [plan, monthlyLimit(plan, settings)])));
}

/** What every AI call answers once the month's allowance is used up: counted words reached the limit. */
export function noWordsLeft(): AppError {
  return new AppError('NO_WORDS_LEFT', 'You have no words remaining this month');
}

/** The usage answer for a workspace whose counter for this month reads `wordCount`. */
export function usageFromCount(
  workspace: { id: string; plan: Plan },
  wordCount: number,
  settings: UsageSettings,
  now: Date,
): WorkspaceUsage {
  const limit = monthlyLimit(workspace.plan, settings);
  return {
    workspaceId: workspace.id,
    wordCount,
    limit,
    remaining: limit === null ? null : Math.max(0, limit - wordCount),
    resetsAt: nextMonthlyReset(now).toISOString(),
  };
}

export async function usageFor(
  db: Db | Tx,
  workspace: { id: string; plan: Plan },
  settings: UsageSettings,
): Promise<WorkspaceUsage> {
  const now = settings.now?.() ?? new Date();
  const [counter] = await db
    .select({ wordCount: usageCounters.wordCount })
    .from(usageCounters)
    .where(and(eq(usageCounters.workspaceId, workspace.id), eq(usageCounters.period, usagePeriod(now))));
  return usageFromCount(workspace, counter?.wordCount ?? 0, settings, now);
}

/**
 * The allowance check before any AI call: reads this month's counter and refuses with
 * NO_WORDS_LEFT when nothing remains. A request that passes may finish even if replies running
 * beside it use up the rest: the overshoot is bounded by the replies already running.
 */
export async function requireWordsLeft(
  db: Db | Tx,
  workspace: { id: string; plan: Plan },
  settings: UsageSettings,
): Promise<void> {
  // An unlimited plan has nothing to check: no counter read on a chat's way to its first token.
  if (monthlyLimit(workspace.plan, settings) === null) return;
  const usage = await usageFor(db, workspace, settings);
  if (usage.remaining === 0) throw noWordsLeft();
}

/**
 * Charges words to the workspace; returns its usage after the charge. The `charge_words` database
 * function (migration 0003) is the one place a counter changes: concurrent charges never lose or
 * double an update, and a new month starts a new row (no reset job).
 */
export async function chargeWords(
  db: Db,
  workspace: { id: string; plan: Plan },
  words: number,
  settings: UsageSettings,
): Promise<WorkspaceUsage> {
  const now = settings.now?.() ?? new Date();
  const wordCount = await callFunction(
    db,
    'charge_words',
    { p_workspace_id: workspace.id, p_period: usagePeriod(now), p_words: words },
    z.number().int(),
  );
  return usageFromCount(workspace, wordCount, settings, now);
}
