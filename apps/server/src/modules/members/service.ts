import { and, asc, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import { isManagerRole, type AssignableRole, type Member, type MembersResponse } from '@redacta/shared';
import type { Db, Tx } from '../../db/client.ts';
import { invitations, memberships, projects, promptUsage, users, workspaces } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { requireMembership, requireOwner } from '../workspaces/service.ts';
import { lockWorkspace, seatsUsed } from '../invitations/index.ts';
import type { WebhookEvents } from '../webhooks/events.ts';
import { personLabel, recordAudit } from '../audit/index.ts';

const memberColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  role: memberships.role,
  joinedAt: memberships.createdAt,
};

function asMember(row: { joinedAt: Date } & Omit<Member, 'joinedAt'>): Member {
  return { ...row, joinedAt: row.joinedAt.toISOString() };
}

/** The owner first, then admins and members by the date they joined, with the workspace's seats. Any member may see it. */
export async function listMembers(db: Db, workspaceId: string, userId: string): Promise<MembersResponse> {
  await requireMembership(db, workspaceId, userId);
  const rows = await db
    .select(memberColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.workspaceId, workspaceId))
    .orderBy(desc(sql`${memberships.role} = 'owner'`), asc(memberships.createdAt), asc(memberships.id));
  const [workspace] = await db
    .select({ userSeats: workspaces.userSeats })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  return {
    members: rows.map(asMember),
    userSeats: workspace!.userSeats,
    seatsUsed: await seatsUsed(db, workspaceId),
  };
}

/** A person's membership row in the workspace, held until `tx` ends (`for update`), or null. */
async function lockedRole(tx: Tx, workspaceId: string, userId: string) {
  const [row] = await tx
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.userId, userId)))
    .for('update');
  return row?.role ?? null;
}

/**
 * The owner removes a member or an admin; an admin removes members only, since admins answer to the
 * owner and not to each other (ADR 0040). Anyone else gets 403 (a non-member 404, as for everything
 * in the workspace); the owner cannot remove themselves (409, they would orphan the workspace).
 */
export async function removeMember(
  db: Db,
  events: WebhookEvents,
  input: { workspaceId: string; userId: string; memberId: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const role = await requireMembership(tx, input.workspaceId, input.userId);
    if (!isManagerRole(role)) {
      throw new AppError('MEMBER_REMOVAL_FORBIDDEN', "You don't have permission to remove a member");
    }
    if (input.memberId === input.userId && role === 'owner') {
      throw new AppError('OWNER_CANNOT_LEAVE', 'The workspace owner cannot be removed from it');
    }
    if (role === 'admin') {
      const target = await lockedRole(tx, input.workspaceId, input.memberId);
      if (target === null) throw notFound('Member');
      if (target !== 'member') {
        throw new AppError('MEMBER_REMOVAL_FORBIDDEN', 'Only the workspace owner can remove an admin');
      }
    }
    await endMembership(tx, events, {
      workspaceId: input.workspaceId,
      memberId: input.memberId,
      reason: 'removed',
    });
  });
}

/**
 * The owner makes a member an admin or an admin a member again (docs/decisions/0040-admin-role.md).
 * Anyone else gets 403 `NOT_WORKSPACE_OWNER`; a person who is not a member, 404; the owner's own role
 * 409 `OWNER_ROLE_FIXED` (ownership moves only by handing the workspace over). The row is held while
 * it changes, so an admin's action in flight finishes under the role it was checked against
 * (`holdManager`) and their next request meets the new one. The same role again changes nothing.
 */
export async function changeMemberRole(
  db: Db,
  input: { workspaceId: string; userId: string; memberId: string; role: AssignableRole },
): Promise<Member> {
  return db.transaction(async (tx) => {
    await requireOwner(tx, input.workspaceId, input.userId);
    if (input.memberId === input.userId) {
      throw new AppError('OWNER_ROLE_FIXED', "The owner's role changes only by handing the workspace over");
    }
    const before = await lockedRole(tx, input.workspaceId, input.memberId);
    if (before === null) throw notFound('Member');
    const member = and(
      eq(memberships.workspaceId, input.workspaceId),
      eq(memberships.userId, input.memberId),
    );
    if (before !== input.role) {
      await tx.update(memberships).set({ role: input.role }).where(member);
      await recordAudit(tx, {
        workspaceId: input.workspaceId,
        action: 'member.role_changed',
        target: { type: 'user', id: input.memberId, label: await personLabel(tx, input.memberId) },
        before: { role: before },
        after: { role: input.role },
      });
    }
    const [row] = await tx
      .select(memberColumns)
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(member);
    return asMember(row!);
  });
}

/** A member or an admin leaves a workspace; its owner cannot (409), or the workspace would have none. */
export async function leaveWorkspace(
  db: Db,
  events: WebhookEvents,
  workspaceId: string,
  userId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const role = await requireMembership(tx, workspaceId, userId);
    if (role === 'owner') {
      throw new AppError('OWNER_CANNOT_LEAVE', 'The workspace owner cannot leave it');
    }
    await endMembership(tx, events, { workspaceId, memberId: userId, reason: 'left' });
  });
}

/**
 * Ends a member's membership (docs/decisions/0009-removed-members-projects.md): the membership goes,
 * their private projects of this workspace pass to the owner and stay private, their recently
 * used prompts of this workspace go, and the invitations they sent that are still open are revoked,
 * so nobody gets back in through an address they invited. Everything else they made stays as it is.
 * Access ends with the membership row, which every request checks. 404 when they are not a member.
 * The workspace's webhooks hear of it as `member.removed`, whether the member was removed or left
 * (deleting one's account leaves every workspace this way, docs/product.md "Your data"). SCIM
 * deprovisioning ends memberships through here too (modules/scim/users.ts). The caller closes the
 * member's live connections once the transaction is committed.
 */
export async function endMembership(
  tx: Tx,
  events: WebhookEvents,
  input: { workspaceId: string; memberId: string; reason: 'removed' | 'left' },
): Promise<void> {
  const { workspaceId, memberId } = input;
  // The same lock as an invitation's seat check and a plan change: a freed seat is counted at once.
  const workspace = await lockWorkspace(tx, workspaceId);
  const ended = await tx
    .delete(memberships)
    .where(
      and(
        eq(memberships.workspaceId, workspaceId),
        eq(memberships.userId, memberId),
        ne(memberships.role, 'owner'),
      ),
    )
    .returning({ role: memberships.role });
  if (ended.length === 0) throw notFound('Member');
  await tx
    .update(projects)
    // The project is handed over, not edited: its place in "recently updated" stays.
    .set({ createdBy: workspace.ownerId, updatedAt: sql`${projects.updatedAt}` })
    .where(
      and(
        eq(projects.workspaceId, workspaceId),
        eq(projects.createdBy, memberId),
        eq(projects.isShared, false),
      ),
    );
  await tx
    .delete(promptUsage)
    .where(and(eq(promptUsage.workspaceId, workspaceId), eq(promptUsage.userId, memberId)));
  await tx
    .update(invitations)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(invitations.workspaceId, workspaceId),
        eq(invitations.invitedBy, memberId),
        isNull(invitations.acceptedAt),
        isNull(invitations.revokedAt),
      ),
    );
  await events.emit(tx, {
    workspaceId,
    type: 'member.removed',
    data: { userId: memberId, reason: input.reason },
  });
  await recordAudit(tx, {
    workspaceId,
    action: input.reason === 'removed' ? 'member.removed' : 'member.left',
    target: { type: 'user', id: memberId, label: await personLabel(tx, memberId) },
    before: { role: ended[0]!.role },
  });
}
