import { and, asc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import {
  nameProblemMessage,
  isPaidPlan,
  isProPlan,
  isManagerRole,
  memberRoles,
  usagePeriod,
  type Locale,
  type Workspace,
} from '@redacta/shared';
import type { Db, Tx } from '../../db/client.ts';
import { memberships, subscriptions, usageCounters, users, workspaces } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { actingKey } from '../../lib/acting-key.ts';
import { usageFor, usageFromCount, type UsageSettings } from '../usage/service.ts';
import { recordAudit } from '../audit/index.ts';

const personalWorkspaceName: Record<Locale, string> = {
  es: 'Mi espacio de trabajo',
  en: 'My workspace',
};

/** Registration: every new user gets a free workspace they own. Run inside the sign-up transaction. */
export async function createPersonalWorkspace(
  tx: Db | Tx,
  owner: { id: string; email: string; locale: Locale },
): Promise<{ id: string; name: string }> {
  const [workspace] = await createPersonalWorkspaces(tx, [owner]);
  return workspace!;
}

/** The same for several new users at once, in two statements: each one's workspace, in their order. */
export async function createPersonalWorkspaces(
  tx: Db | Tx,
  owners: { id: string; email: string; locale: Locale }[],
): Promise<{ id: string; name: string }[]> {
  const created = await tx
    .insert(workspaces)
    .values(owners.map((owner) => ({ name: personalWorkspaceName[owner.locale], ownerId: owner.id })))
    .returning({ id: workspaces.id, name: workspaces.name, ownerId: workspaces.ownerId });
  await tx.insert(memberships).values(
    created.map((workspace) => ({
      workspaceId: workspace.id,
      userId: workspace.ownerId,
      role: 'owner' as const,
    })),
  );
  const byOwner = new Map(created.map(({ ownerId, ...workspace }) => [ownerId, workspace]));
  return owners.map((owner) => byOwner.get(owner.id)!);
}

const workspaceRole = z.enum(memberRoles);
export type WorkspaceRole = z.infer<typeof workspaceRole>;

/**
 * Who belongs to a workspace, and as what: the `member_role` database function (migration 0005), a
 * table of one row for a member and none for anyone else. It is the one statement of membership —
 * the chat's `open_chat_turn` calls it too — so a query that needs it joins `from` and selects `role`.
 * An API key's request belongs to the key's workspace only: in any other, its creator is no one.
 */
export function memberRole(
  workspaceId: string | AnyPgColumn,
  userId: string | AnyPgColumn,
): { from: SQL; role: SQL.Aliased<WorkspaceRole> } {
  const key = actingKey();
  const member = key
    ? sql`CASE WHEN ${workspaceId} = ${key.workspaceId}::uuid THEN ${userId}::uuid END`
    : sql`${userId}`;
  return {
    from: sql`member_role(p_workspace_id => ${workspaceId}, p_user_id => ${member}) as membership`,
    role: sql`membership.role`.mapWith(workspaceRole.parse).as('role'),
  };
}

/** For lists read from `memberships` directly: an API key's request sees its own workspace only. */
function inKeyWorkspace(workspaceId: AnyPgColumn): SQL | undefined {
  const key = actingKey();
  return key ? eq(workspaceId, key.workspaceId) : undefined;
}

/**
 * The tenancy gate every workspace route goes through: the user's role in the workspace, or
 * 404 when it does not exist *or* the user is not a member (no hint that it exists). A check
 * reached through a project, folder, voice or prompt names that thing in the 404 instead.
 */
export async function requireMembership(
  db: Db | Tx,
  workspaceId: string,
  userId: string,
  absent = 'Workspace',
): Promise<WorkspaceRole> {
  const membership = memberRole(workspaceId, userId);
  const [row] = await db.select({ role: membership.role }).from(membership.from);
  if (!row) throw notFound(absent);
  return row.role;
}

/** What only the owner does: billing, the workspace's export and deletion, and people's roles. */
export async function requireOwner(db: Db | Tx, workspaceId: string, userId: string): Promise<void> {
  const role = await requireMembership(db, workspaceId, userId);
  if (role !== 'owner') throw new AppError('NOT_WORKSPACE_OWNER', 'Only the workspace owner can do this');
}

/**
 * What the owner and admins do: the workspace's people and governance (docs/product.md, "Who may do
 * what"; docs/decisions/0040-admin-role.md). A member gets 403 `NOT_WORKSPACE_OWNER`, as before
 * admins existed, so clients that know the code keep their message.
 */
export async function requireManager(
  db: Db | Tx,
  workspaceId: string,
  userId: string,
): Promise<WorkspaceRole> {
  const role = await requireMembership(db, workspaceId, userId);
  if (!isManagerRole(role)) {
    throw new AppError('NOT_WORKSPACE_OWNER', 'Only the workspace owner or an admin can do this');
  }
  return role;
}

/**
 * `requireManager` for a change made in `tx`: the user's membership row is held (`for share`) until
 * the transaction ends, so a role change made meanwhile (which takes the row `for update`) waits for
 * the change the old role allowed, and whatever comes after it is checked against the new role.
 */
export async function holdManager(tx: Tx, workspaceId: string, userId: string): Promise<WorkspaceRole> {
  await tx
    .select({ id: memberships.id })
    .from(memberships)
    .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.userId, userId)))
    .for('share');
  return requireManager(tx, workspaceId, userId);
}

/** A workspace as the list shows it, but for what the projects module adds (the route joins them). */
export type WorkspaceSummary = Omit<Workspace, 'newestProjectId'>;

/**
 * Every workspace the user belongs to, oldest first, with owner, members, plan and this month's
 * usage: two queries whatever the number of workspaces (the list is loaded at every session start).
 */
export async function listWorkspaces(
  db: Db,
  userId: string,
  settings: UsageSettings,
): Promise<WorkspaceSummary[]> {
  const now = settings.now?.() ?? new Date();
  const rows = await db
    .select({
      workspace: workspaces,
      owner: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
      subscription: subscriptions,
      wordCount: usageCounters.wordCount,
    })
    .from(memberships)
    .innerJoin(workspaces, eq(workspaces.id, memberships.workspaceId))
    .innerJoin(users, eq(users.id, workspaces.ownerId))
    .leftJoin(subscriptions, eq(subscriptions.workspaceId, workspaces.id))
    .leftJoin(
      usageCounters,
      and(eq(usageCounters.workspaceId, workspaces.id), eq(usageCounters.period, usagePeriod(now))),
    )
    .where(and(eq(memberships.userId, userId), inKeyWorkspace(memberships.workspaceId)))
    .orderBy(asc(workspaces.createdAt), asc(workspaces.id));
  if (rows.length === 0) return [];

  const members = await db
    .select({
      workspaceId: memberships.workspaceId,
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      role: memberships.role,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        inArray(
          memberships.workspaceId,
          rows.map((row) => row.workspace.id),
        ),
        ne(memberships.role, 'owner'),
      ),
    )
    .orderBy(asc(memberships.createdAt));

  return rows.map(({ workspace, owner, subscription, wordCount }) => ({
    id: workspace.id,
    name: workspace.name,
    createdAt: workspace.createdAt.toISOString(),
    ownerId: workspace.ownerId,
    owner,
    plan: workspace.plan,
    isPro: isProPlan(workspace.plan),
    isEnterprise: workspace.plan === 'enterprise',
    enterprisePlan: workspace.plan === 'enterprise',
    isGpt4TurnedOn: isPaidPlan(workspace.plan) && workspace.isGpt4TurnedOn,
    userSeats: workspace.userSeats,
    invitedUsers: members
      .filter((member) => member.workspaceId === workspace.id)
      .map(({ id, firstName, lastName, email }) => ({ id, firstName, lastName, email })),
    adminIds: members
      .filter((member) => member.workspaceId === workspace.id && member.role === 'admin')
      .map((member) => member.id),
    premiumSubscription: subscription
      ? {
          paymentType: subscription.paymentType,
          status: subscription.status,
          currentPeriodEnd: subscription.currentPeriodEnd?.toISOString() ?? null,
          cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
        }
      : null,
    cancelAtPeriodEnd: subscription?.cancelAtPeriodEnd ?? false,
    workspaceUsage: usageFromCount(workspace, wordCount ?? 0, settings, now),
  }));
}

export async function renameWorkspace(db: Db, workspaceId: string, userId: string, name: string) {
  const problem = nameProblemMessage('workspace', name);
  if (problem) throw new AppError('VALIDATION_FAILED', `Enter a valid workspace name: ${problem}`);
  await requireManager(db, workspaceId, userId);
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ name: workspaces.name })
      .from(workspaces)
      .where(eq(workspaces.id, workspaceId))
      .for('update');
    const [renamed] = await tx
      .update(workspaces)
      .set({ name: name.trim() })
      .where(eq(workspaces.id, workspaceId))
      .returning({ id: workspaces.id, name: workspaces.name });
    await recordAudit(tx, {
      workspaceId,
      action: 'workspace.renamed',
      target: { type: 'workspace', id: workspaceId, label: renamed!.name },
      before: { name: before!.name },
      after: { name: renamed!.name },
    });
    return renamed!;
  });
}

export async function workspaceUsage(db: Db, workspaceId: string, userId: string, settings: UsageSettings) {
  await requireMembership(db, workspaceId, userId);
  const [workspace] = await db
    .select({ id: workspaces.id, plan: workspaces.plan })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  return usageFor(db, workspace!, settings);
}
