import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AccountDeletionPlan, OwnedWorkspaceDecision } from '@redacta/shared';
import type { Tx } from '../../db/client.ts';
import {
  authCodes,
  documentVersions,
  invitations,
  memberships,
  refreshTokens,
  users,
  workspaces,
} from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { consumeCode } from '../auth/codes.ts';
import { sendCode } from '../auth/service.ts';
import { eraseFromAuditLog, personLabel, recordAudit } from '../audit/index.ts';
import { endMembership } from '../members/service.ts';
import type { WebhookEvents } from '../webhooks/events.ts';
import { assertNothingRenews, removeWorkspace } from '../workspaces/deletion.ts';
import { deletionPlan } from './deletion-plan.ts';

async function accountOf(app: FastifyInstance, userId: string) {
  const [user] = await app.db
    .select({ email: users.email, locale: users.locale })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw new AppError('UNAUTHENTICATED', 'Sign in to continue');
  return user;
}

/**
 * Mails the code that confirms deleting the account. Its purpose is its own (`delete_account`), so a
 * sign-in code, which a shared inbox or a forwarded mail may have shown, cannot delete an account.
 */
export async function requestDeletionCode(app: FastifyInstance, userId: string): Promise<void> {
  const user = await accountOf(app, userId);
  await sendCode(app, { email: user.email, purpose: 'delete_account', locale: user.locale, userId });
}

/**
 * Checks the decisions against what the person owns: every owned workspace with other members needs
 * one (409 `OWNED_WORKSPACES_UNDECIDED`, naming each in `issues`), a decision for a workspace they do
 * not own is 404 as for anyone else, and the new owner must be one of its members (400).
 */
function checkDecisions(plan: AccountDeletionPlan, decisions: OwnedWorkspaceDecision[]) {
  const byWorkspace = new Map<string, OwnedWorkspaceDecision>();
  for (const decision of decisions) {
    if (byWorkspace.has(decision.workspaceId)) {
      throw new AppError('VALIDATION_FAILED', 'Decide once for each workspace', 400);
    }
    byWorkspace.set(decision.workspaceId, decision);
  }
  for (const decision of decisions) {
    const workspace = plan.ownedWorkspaces.find((owned) => owned.id === decision.workspaceId);
    if (!workspace) throw notFound('Workspace');
    if (
      decision.action === 'transfer' &&
      !workspace.members.some((member) => member.id === decision.newOwnerId)
    ) {
      throw new AppError(
        'VALIDATION_FAILED',
        `The new owner of ${workspace.name} must be one of its members`,
        400,
        [{ path: workspace.id, message: 'The new owner must be a member of the workspace' }],
      );
    }
  }
  const undecided = plan.ownedWorkspaces.filter(
    (workspace) => workspace.members.length > 0 && !byWorkspace.has(workspace.id),
  );
  if (undecided.length > 0) {
    throw new AppError(
      'OWNED_WORKSPACES_UNDECIDED',
      `Hand over or delete the workspaces you own that have members: ${undecided.map((w) => w.name).join(', ')}`,
      409,
      undecided.map((workspace) => ({ path: workspace.id, message: workspace.name })),
    );
  }
  return byWorkspace;
}

/**
 * Makes a member the owner of a workspace its owner is leaving by deleting their account: the old
 * owner becomes a member for a moment and then leaves as any member does (their private projects
 * there pass to the new owner, their open invitations are revoked).
 */
async function handOver(
  tx: Tx,
  events: WebhookEvents,
  input: { workspaceId: string; from: string; to: string },
) {
  await recordAudit(tx, {
    workspaceId: input.workspaceId,
    action: 'workspace.owner_changed',
    target: { type: 'workspace', id: input.workspaceId },
    before: { ownerId: input.from, owner: await personLabel(tx, input.from) },
    after: { ownerId: input.to, owner: await personLabel(tx, input.to) },
  });
  await tx.update(workspaces).set({ ownerId: input.to }).where(eq(workspaces.id, input.workspaceId));
  await tx
    .update(memberships)
    .set({ role: sql`case when ${memberships.userId} = ${input.to}::uuid then 'owner' else 'member' end` })
    .where(
      and(
        eq(memberships.workspaceId, input.workspaceId),
        sql`${memberships.userId} in (${input.to}::uuid, ${input.from}::uuid)`,
      ),
    );
  await endMembership(tx, events, { workspaceId: input.workspaceId, memberId: input.from, reason: 'left' });
}

/**
 * Deletes a person's account (docs/product.md, "Your data") with the code `requestDeletionCode`
 * mailed. The decisions are checked before the code is spent, so a refused request leaves the code
 * working; then, in one transaction: each owned workspace is handed over or deleted as decided (one
 * without other members is deleted), the person leaves every other workspace as a member leaves, and
 * the user row goes. What they wrote in shared projects stays without an author (the columns are
 * `on delete set null`; the web shows "Former member"); what is theirs alone goes with the row by
 * cascade. Their address is removed from sign-in codes and invitations, and their id from the
 * document versions' editors, and they are erased from every audit log (their entries stay, by
 * "Former member"). Answers the sessions to revoke and the workspaces deleted.
 */
export async function deleteAccount(
  app: FastifyInstance,
  userId: string,
  input: { code: string; workspaces: OwnedWorkspaceDecision[] },
): Promise<{ sessionIds: string[]; deletedWorkspaceIds: string[] }> {
  const user = await accountOf(app, userId);
  const checked = await deletionPlan(app.db, userId);
  const decided = checkDecisions(checked, input.workspaces);
  // What would refuse inside the transaction is refused before the code is spent, too.
  for (const workspace of checked.ownedWorkspaces) {
    if (decided.get(workspace.id)?.action !== 'transfer') await assertNothingRenews(app.db, workspace.id);
  }
  await consumeCode(app.db, { email: user.email, purpose: 'delete_account', userId, code: input.code });

  return app.db.transaction(async (tx) => {
    // Members may have joined or left since the check: decided again on what the transaction sees.
    const plan = await deletionPlan(tx, userId);
    const decisions = checkDecisions(plan, input.workspaces);
    const deletedWorkspaceIds: string[] = [];
    for (const workspace of plan.ownedWorkspaces) {
      const decision = decisions.get(workspace.id);
      if (decision?.action === 'transfer') {
        await handOver(tx, app.webhookEvents, {
          workspaceId: workspace.id,
          from: userId,
          to: decision.newOwnerId,
        });
      } else {
        await removeWorkspace(tx, workspace.id);
        deletedWorkspaceIds.push(workspace.id);
      }
    }
    const joined = await tx
      .select({ workspaceId: memberships.workspaceId })
      .from(memberships)
      .where(eq(memberships.userId, userId));
    for (const { workspaceId } of joined) {
      await endMembership(tx, app.webhookEvents, { workspaceId, memberId: userId, reason: 'left' });
    }
    const label = await personLabel(tx, userId);
    const sessions = await tx
      .selectDistinct({ familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(eq(refreshTokens.userId, userId));
    await tx
      .update(documentVersions)
      .set({ editorIds: sql`array_remove(${documentVersions.editorIds}, ${userId}::uuid)` })
      .where(sql`${userId}::uuid = any(${documentVersions.editorIds})`);
    await tx.delete(authCodes).where(eq(authCodes.email, user.email));
    await tx.delete(invitations).where(eq(invitations.email, user.email));
    await tx.delete(users).where(eq(users.id, userId));
    // Every workspace the person leaves keeps a record that the account itself went, not only that
    // they left it; a deleted workspace's log keeps its own `workspace.deleted`. Last, as audit
    // entries are, and then the person is erased from every log, these entries included.
    const kept = [...plan.ownedWorkspaces.map((w) => w.id), ...joined.map((j) => j.workspaceId)];
    for (const workspaceId of kept.filter((id) => !deletedWorkspaceIds.includes(id)).sort()) {
      await recordAudit(tx, {
        workspaceId,
        action: 'account.deleted',
        target: { type: 'user', id: userId, label },
        actor: { kind: 'user', userId, label },
      });
    }
    await eraseFromAuditLog(tx, { userId, names: [label, user.email] });
    return { sessionIds: sessions.map((session) => session.familyId), deletedWorkspaceIds };
  });
}
