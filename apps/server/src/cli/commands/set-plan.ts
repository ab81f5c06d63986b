import { eq } from 'drizzle-orm';
import type { Plan } from '@redacta/shared';
import type { Db } from '../../db/client.ts';
import { workspaces } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { changeWorkspacePlan, seatsForPlan, type PlanChange } from '../../modules/plans/service.ts';
import { assertWorkspaceId, UsageError } from '../usage-error.ts';

/** The plan names the command takes, and the plan each one is. */
export const planArguments = {
  free: 'free',
  'pro-monthly': 'pro_monthly',
  'pro-yearly': 'pro_yearly',
  enterprise: 'enterprise',
} as const satisfies Record<string, Plan>;
export type PlanArgument = keyof typeof planArguments;

const planLabels: Record<Plan, string> = {
  free: 'Free',
  pro_monthly: 'Pro (monthly)',
  pro_yearly: 'Pro (yearly)',
  enterprise: 'Enterprise',
};

/**
 * The plan change the arguments ask for, checked before the database is opened: a workspace id,
 * and `--seats` as the plan reads it (Pro: extra seats beyond the included ones; Enterprise: every
 * seat besides the owner, required; free: none).
 */
export function planChangeFrom(workspaceId: string, planArgument: PlanArgument, seats?: number): PlanChange {
  assertWorkspaceId(workspaceId);
  const plan = planArguments[planArgument];
  let change: PlanChange;
  if (plan === 'free') {
    if (seats !== undefined) throw new UsageError('The free plan has no seats: leave out --seats');
    change = { workspaceId, plan };
  } else if (plan === 'enterprise') {
    if (seats === undefined) {
      throw new UsageError('An Enterprise plan needs --seats <n>: the seats besides the owner');
    }
    change = { workspaceId, plan, enterpriseSeats: seats };
  } else {
    change = { workspaceId, plan, extraSeats: seats ?? 0 };
  }
  try {
    seatsForPlan(plan, change);
  } catch (error) {
    if (error instanceof AppError) throw new UsageError(error.message.replace(/^The /, 'The number of '));
    throw error;
  }
  return change;
}

/** Applies the change through the one plan-changing function and says what it did. */
export async function setPlan(db: Db, change: PlanChange): Promise<string> {
  let result;
  try {
    result = await changeWorkspacePlan(db, { ...change, actor: { kind: 'system', label: 'Operator' } });
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') {
      throw new UsageError(
        `No workspace has the id ${change.workspaceId} (see: npm run admin -- workspaces)`,
      );
    }
    throw error;
  }
  const [workspace] = await db
    .select({ name: workspaces.name })
    .from(workspaces)
    .where(eq(workspaces.id, change.workspaceId));
  const seats = result.userSeats === 1 ? '1 seat' : `${result.userSeats} seats`;
  const lines = [
    `"${workspace!.name}" (${change.workspaceId}) is now on ${planLabels[result.plan]}, ${seats} besides the owner.`,
  ];
  if (result.revokedInvitations > 0) {
    const count =
      result.revokedInvitations === 1
        ? '1 pending invitation was'
        : `${result.revokedInvitations} pending invitations were`;
    lines.push(`${count} revoked: the plan has no seat left for them.`);
  }
  return lines.join('\n');
}
