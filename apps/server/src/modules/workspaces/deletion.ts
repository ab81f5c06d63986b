import { and, eq, ne } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { memberships, subscriptions, users, workspaces } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { isLive } from '../billing/subscription-state.ts';
import { recordWorkspaceDeleted } from '../audit/index.ts';
import { lockWorkspace } from '../invitations/index.ts';
import { createPersonalWorkspace, requireMembership } from './service.ts';

/**
 * A subscription that still renews keeps its workspace (409 `SUBSCRIPTION_EXISTS`): the owner
 * cancels it first, so nobody pays for a workspace that is gone. One ending with its period does not.
 */
export async function assertNothingRenews(db: Db | Tx, workspaceId: string): Promise<void> {
  const [subscription] = await db
    .select({ status: subscriptions.status, cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd })
    .from(subscriptions)
    .where(eq(subscriptions.workspaceId, workspaceId));
  if (subscription && isLive(subscription.status) && !subscription.cancelAtPeriodEnd) {
    throw new AppError(
      'SUBSCRIPTION_EXISTS',
      'This workspace has a subscription that renews; cancel it before deleting the workspace',
    );
  }
}

/**
 * Removes a workspace with everything in it (docs/product.md, "Your data"), inside the caller's
 * transaction: its row goes and the database's cascades take every project, document, conversation,
 * voice, prompt, template, knowledge file, batch, key, webhook and subscription row with it. Access
 * ends with the memberships, which every request checks. A member left without any workspace by it
 * gets a new personal one, as at sign-up, so nobody is ever without a place to work. The audit log
 * stays, with a last `workspace.deleted` entry, for as long as the plan kept it. A subscription
 * that renews refuses it (`assertNothingRenews`). The caller closes the workspace's live connections once committed.
 */
export async function removeWorkspace(tx: Tx, workspaceId: string): Promise<void> {
  await lockWorkspace(tx, workspaceId);
  await assertNothingRenews(tx, workspaceId);
  const members = await tx
    .select({ id: users.id, email: users.email, locale: users.locale })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.workspaceId, workspaceId), ne(memberships.role, 'owner')));
  const [gone] = await tx
    .delete(workspaces)
    .where(eq(workspaces.id, workspaceId))
    .returning({ id: workspaces.id, name: workspaces.name, plan: workspaces.plan });
  for (const member of members) {
    const [another] = await tx
      .select({ id: memberships.id })
      .from(memberships)
      .where(eq(memberships.userId, member.id))
      .limit(1);
    if (!another) await createPersonalWorkspace(tx, member);
  }
  await recordWorkspaceDeleted(tx, gone!);
}

/**
 * The owner deletes a workspace, typing its name to confirm (400 `WORKSPACE_NAME_MISMATCH`
 * otherwise). A member gets 403 `NOT_WORKSPACE_OWNER`, anyone else 404. The only workspace its
 * owner belongs to cannot go this way (409 `LAST_WORKSPACE`): an account always has one, and deleting
 * the account is what takes the last one.
 */
export async function deleteWorkspace(
  db: Db,
  input: { workspaceId: string; userId: string; name: string },
): Promise<void> {
  return db.transaction(async (tx) => {
    const role = await requireMembership(tx, input.workspaceId, input.userId);
    if (role !== 'owner') {
      throw new AppError('NOT_WORKSPACE_OWNER', 'Only the owner can delete the workspace');
    }
    const [workspace] = await tx
      .select({ name: workspaces.name })
      .from(workspaces)
      .where(eq(workspaces.id, input.workspaceId));
    if (workspace!.name.trim() !== input.name.trim()) {
      throw new AppError('WORKSPACE_NAME_MISMATCH', "The name typed is not the workspace's name");
    }
    const [other] = await tx
      .select({ id: memberships.id })
      .from(memberships)
      .where(and(eq(memberships.userId, input.userId), ne(memberships.workspaceId, input.workspaceId)))
      .limit(1);
    if (!other) {
      throw new AppError('LAST_WORKSPACE', 'This is your only workspace; delete your account to delete it');
    }
    return removeWorkspace(tx, input.workspaceId);
  });
}
