import { and, eq, sql, type SQL } from 'drizzle-orm';
import { nextMonthlyReset, usagePeriod, type Plan, type WorkspaceUsage } from '@redacta/shared';
import type { Db, Tx } from '../../db/client.ts';
import { usageCounters } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';

export interface UsageSettings {
  freePlanWords: number;
  now?: () => Date;
}

/** Words allowed this month: the free allowance, or null (unlimited) on Pro and Enterprise (DESIGN §4). */
export function monthlyLimit(plan: Plan, settings: UsageSettings): number | null {
  return plan === 'free' ? settings.freePlanWords : null;
}

/**
 * `monthlyLimit`'s rule as SQL, for a statement that gates a write on the allowance: true while the
 * plan is unlimited or the month's count is under the free allowance.
 */
export function wordsLeftSql(plan: SQL, wordCount: SQL, settings: UsageSettings): SQL {
  return sql`(${plan} <> 'free' or ${wordCount} < ${settings.freePlanWords})`;
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
 * beside it use up the rest: the overshoot is bounded by the replies already running (issue 3).
 */
export async function requireWordsLeft(
  db: Db | Tx,
  workspace: { id: string; plan: Plan },
  settings: UsageSettings,
): Promise<void> {
  // An unlimited plan has nothing to check: no counter read on a chat's way to its first token.
  if (monthlyLimit(workspace.plan, settings) === null) return;
  const usage = await usageFor(db, workspace, settings);
  if (usage.remaining === 0) {
    throw new AppError('NO_WORDS_LEFT', 'You have no words remaining this month');
  }
}

/**
 * The one statement that adds words to this month's counter (insert or increment) and returns the
 * new count: concurrent charges never lose or double an update, and a new month starts a new row
 * (no reset job). Other statements embed it as a CTE to charge atomically with their own write.
 */
export function chargeStatement(db: Db | Tx, workspaceId: string, words: number, now: Date) {
  return db
    .insert(usageCounters)
    .values({ workspaceId, period: usagePeriod(now), wordCount: words })
    .onConflictDoUpdate({
      target: [usageCounters.workspaceId, usageCounters.period],
      set: { wordCount: sql`${usageCounters.wordCount} + excluded.word_count` },
    })
    .returning({ wordCount: usageCounters.wordCount });
}

/** Charges words to the workspace; returns its usage after the charge. */
export async function chargeWords(
  db: Db | Tx,
  workspace: { id: string; plan: Plan },
  words: number,
  settings: UsageSettings,
): Promise<WorkspaceUsage> {
  const now = settings.now?.() ?? new Date();
  const [counter] = await chargeStatement(db, workspace.id, words, now);
  return usageFromCount(workspace, counter!.wordCount, settings, now);
}
