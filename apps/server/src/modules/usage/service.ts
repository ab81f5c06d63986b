import { and, eq } from 'drizzle-orm';
import { nextMonthlyReset, plans, usagePeriod, type Plan, type WorkspaceUsage } from '@redacta/shared';
import type { Db, Tx } from '../../db/client.ts';
import { usageCounters } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';

export interface UsageSettings {
  freePlanWords: number;
  now?: () => Date;
  /**
   * Told of each charge once it is committed, with whom it counts to: the budget notices
   * (modules/budgets/notices.ts). Never awaited.
   */
  onCharge?: (charge: { workspaceId: string; userId: string }) => void;
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
