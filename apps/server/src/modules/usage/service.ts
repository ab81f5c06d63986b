import { and, eq, inArray } from 'drizzle-orm';
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

/** This month's usage for several workspaces in one query. */
export async function usageForMany(
  db: Db | Tx,
  list: { id: string; plan: Plan }[],
  settings: UsageSettings,
): Promise<Map<string, WorkspaceUsage>> {
  const now = settings.now?.() ?? new Date();
  const period = usagePeriod(now);
  const counters = list.length
    ? await db
        .select({ workspaceId: usageCounters.workspaceId, wordCount: usageCounters.wordCount })
        .from(usageCounters)
        .where(
          and(
            inArray(
              usageCounters.workspaceId,
              list.map((w) => w.id),
            ),
            eq(usageCounters.period, period),
          ),
        )
    : [];
  const resetsAt = nextMonthlyReset(now).toISOString();
  return new Map(
    list.map((workspace) => {
      const wordCount = counters.find((c) => c.workspaceId === workspace.id)?.wordCount ?? 0;
      const limit = monthlyLimit(workspace.plan, settings);
      const remaining = limit === null ? null : Math.max(0, limit - wordCount);
      return [workspace.id, { workspaceId: workspace.id, wordCount, limit, remaining, resetsAt }];
    }),
  );
}

export async function usageFor(
  db: Db | Tx,
  workspace: { id: string; plan: Plan },
  settings: UsageSettings,
): Promise<WorkspaceUsage> {
  return (await usageForMany(db, [workspace], settings)).get(workspace.id)!;
}
