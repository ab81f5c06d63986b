import { and, eq } from 'drizzle-orm';
import { nextMonthlyReset, usagePeriod, type Plan, type WorkspaceUsage } from '@redacta/shared';
import type { Db, Tx } from '../../db/client.ts';
import { usageCounters } from '../../db/schema.ts';

export interface UsageSettings {
  freePlanWords: number;
  now?: () => Date;
}

/** Words allowed this month: the free allowance, or null (unlimited) on Pro and Enterprise (DESIGN §4). */
export function monthlyLimit(plan: Plan, settings: UsageSettings): number | null {
  return plan === 'free' ? settings.freePlanWords : null;
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
