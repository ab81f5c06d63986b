import { and, eq } from 'drizzle-orm';
import { BUDGET_NOTICE_THRESHOLDS, type MemberBudget } from '@redacta/shared';
import { z } from 'zod';
import { callFunction, type Db, type Tx } from '../../db/client.ts';
import { memberships } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { holdManager, requireMembership } from '../workspaces/service.ts';
import { personLabel, recordAudit } from '../audit/index.ts';

/*
 * Budgets per member (docs/product.md, "Usage per member and budgets"; ADR 0037). The cap itself is
 * enforced in one place, the `reserve_words` database function (migration 0030), under the same lock
 * as the plan's allowance; this module sets it and reports it.
 */

/**
 * `PUT /workspace/{id}/member/{userId}/budget`: the owner sets (or, with null, removes) anyone's
 * monthly word budget, their own included; an admin sets members' only — not their own nor another
 * admin's nor the owner's, since a cap its holder could lift is none (ADR 0040). A member gets 403; a
 * user who is not a member of the workspace, 404. A lower budget than what the member already used
 * this month stops their next call.
 */
export async function setMemberBudget(
  db: Db,
  input: { workspaceId: string; ownerId: string; userId: string; monthlyWords: number | null },
): Promise<{ userId: string; monthlyWords: number | null }> {
  const member = and(eq(memberships.workspaceId, input.workspaceId), eq(memberships.userId, input.userId));
  return db.transaction(async (tx) => {
    const role = await holdManager(tx, input.workspaceId, input.ownerId);
    const [before] = await tx
      .select({ monthlyWords: memberships.monthlyWordBudget, role: memberships.role })
      .from(memberships)
      .where(member)
      .for('update');
    if (!before) throw notFound('Member');
    if (role === 'admin' && before.role !== 'member') {
      throw new AppError(
        'NOT_WORKSPACE_OWNER',
        "Only the workspace owner sets an admin's or the owner's budget",
      );
    }
    const [updated] = await tx
      .update(memberships)
      .set({ monthlyWordBudget: input.monthlyWords })
      .where(member)
      .returning({ userId: memberships.userId, monthlyWords: memberships.monthlyWordBudget });
    await recordAudit(tx, {
      workspaceId: input.workspaceId,
      action: 'budget.changed',
      target: { type: 'user', id: input.userId, label: await personLabel(tx, input.userId) },
      before: { monthlyWords: before.monthlyWords },
      after: { monthlyWords: input.monthlyWords },
    });
    return updated!;
  });
}

/** The highest notice threshold (80, 100 % of the budget) `used` has reached, or null below 80 %. */
export function reachedThreshold(used: number, monthlyWords: number): MemberBudget['reached'] {
  const reached = BUDGET_NOTICE_THRESHOLDS.filter((threshold) => used * 100 >= threshold * monthlyWords);
  return reached.at(-1) ?? null;
}

const budgetUseSchema = z.object({ monthlyWords: z.number().int(), used: z.number().int() }).nullable();

/** A member's budget in `period` and what is left of it, or null when they have none. */
export async function memberBudget(
  db: Db | Tx,
  workspaceId: string,
  userId: string,
  period: string,
): Promise<MemberBudget | null> {
  const member = await callFunction(
    db,
    'member_budget_use',
    { p_workspace_id: workspaceId, p_user_id: userId, p_period: period },
    budgetUseSchema,
  );
  if (!member) return null;
  return {
    ...member,
    remaining: Math.max(0, member.monthlyWords - member.used),
    reached: reachedThreshold(member.used, member.monthlyWords),
  };
}

/** The asking member's own budget, for the usage answer (404 for anyone outside the workspace). */
export async function ownBudget(db: Db, workspaceId: string, userId: string, period: string) {
  await requireMembership(db, workspaceId, userId);
  return memberBudget(db, workspaceId, userId, period);
}
