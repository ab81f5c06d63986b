import { and, asc, eq, sql } from 'drizzle-orm';
import { normalizeEmail, type ScimUserFields } from '@redacta/shared';
import type { Tx } from '../../db/client.ts';
import { invitations, memberships, scimUsers, users } from '../../db/schema.ts';
import { isPending, lockWorkspace, seatsUsed } from '../invitations/index.ts';
import { endMembership } from '../members/service.ts';
import { createPersonalWorkspace } from '../workspaces/service.ts';
import { isScimId, scimError, scimNotFound } from './errors.ts';
import type { ScimDeps } from './deps.ts';
import { recordAudit } from '../audit/index.ts';
import { scimRoleOf } from './roles.ts';

/** A SCIM User as this server keeps it: the account's e-mail is its `userName`. */
export interface ScimUserRecord {
  id: string;
  userName: string;
  externalId?: string;
  active: boolean;
  name: { givenName?: string; familyName?: string };
  emails: { value: string; primary: boolean; type: 'work' }[];
  meta: { created: Date; lastModified: Date };
}

function usersOf(db: ScimDeps['db'] | Tx, workspaceId: string) {
  return db
    .select({ scim: scimUsers, user: users, role: memberships.role })
    .from(scimUsers)
    .innerJoin(users, eq(users.id, scimUsers.userId))
    .leftJoin(
      memberships,
      and(eq(memberships.workspaceId, scimUsers.workspaceId), eq(memberships.userId, scimUsers.userId)),
    )
    .where(eq(scimUsers.workspaceId, workspaceId))
    .$dynamic();
}

type UserRow = Awaited<ReturnType<typeof usersOf>>[number];

function toRecord({ scim, user, role }: UserRow): ScimUserRecord {
  const name: ScimUserRecord['name'] = {};
  if (user.firstName) name.givenName = user.firstName;
  if (user.lastName) name.familyName = user.lastName;
  return {
    id: scim.id,
    userName: user.email,
    ...(scim.externalId ? { externalId: scim.externalId } : {}),
    // Active is being a member: the membership is the one source of access.
    active: role !== null,
    name,
    emails: [{ value: user.email, primary: true, type: 'work' }],
    meta: { created: scim.createdAt, lastModified: scim.updatedAt },
  };
}

/**
 * Every SCIM User of the workspace, oldest first; the protocol layer (protocol.ts) filters them and scimmy pages them (a
 * workspace's people are bounded by its seats, so reading them all stays small).
 */
export async function listScimUsers(deps: ScimDeps, workspaceId: string): Promise<ScimUserRecord[]> {
  const rows = await usersOf(deps.db, workspaceId).orderBy(asc(scimUsers.createdAt), asc(scimUsers.id));
  return rows.map(toRecord);
}

/** One SCIM User of the workspace; another workspace's, or an unknown id, is 404. */
export async function getScimUser(deps: ScimDeps, workspaceId: string, id: string): Promise<ScimUserRecord> {
  if (!isScimId(id)) throw scimNotFound('User');
  const [row] = await usersOf(deps.db, workspaceId).where(
    and(eq(scimUsers.workspaceId, workspaceId), eq(scimUsers.id, id)),
  );
  if (!row) throw scimNotFound('User');
  return toRecord(row);
}

/**
 * The person becomes a member, if they are not one yet, within the workspace's seats (docs/product.md,
 * "SCIM provisioning"). An invitation still open for their address is used up by it: the seat it held
 * passes to the member. Runs under the workspace's lock, as every write that takes a seat.
 */
async function join(
  tx: Tx,
  deps: ScimDeps,
  workspace: { id: string; userSeats: number },
  user: { id: string; email: string },
): Promise<void> {
  const [member] = await tx
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.workspaceId, workspace.id), eq(memberships.userId, user.id)));
  if (member) return;
  await tx
    .update(invitations)
    .set({ acceptedAt: new Date() })
    .where(
      and(
        eq(invitations.workspaceId, workspace.id),
        sql`lower(${invitations.email}) = ${user.email}`,
        isPending(),
      ),
    );
  const used = await seatsUsed(tx, workspace.id);
  if (used >= workspace.userSeats) {
    throw scimError(
      409,
      `No seats left: the workspace uses ${used} of its ${workspace.userSeats} seats; add seats or deactivate someone first`,
    );
  }
  // Someone reactivated is still in the groups they were in, an admin group among them perhaps.
  const role = await scimRoleOf(tx, workspace.id, user.id);
  const [joined] = await tx
    .insert(memberships)
    .values({ workspaceId: workspace.id, userId: user.id, role })
    .returning({ createdAt: memberships.createdAt });
  await deps.events.emit(tx, {
    workspaceId: workspace.id,
    type: 'member.joined',
    data: { userId: user.id, email: user.email, role, joinedAt: joined!.createdAt.toISOString() },
  });
  await recordAudit(tx, {
    workspaceId: workspace.id,
    action: 'scim.member_joined',
    target: { type: 'user', id: user.id, label: user.email },
    after: { role },
  });
}

/**
 * The person stops being a member, through the same path as the owner removing them (their private
 * projects pass to the owner, their open invitations are revoked, webhooks hear `member.removed`).
 * The workspace's owner cannot be deactivated: the workspace would have none. Returns whether a
 * membership ended, so the caller closes their live connections once committed.
 */
async function leave(tx: Tx, deps: ScimDeps, workspaceId: string, userId: string): Promise<boolean> {
  const [member] = await tx
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.userId, userId)));
  if (!member) return false;
  if (member.role === 'owner') {
    throw scimError(409, 'The workspace owner cannot be deactivated or deleted through SCIM');
  }
  await endMembership(tx, deps.events, { workspaceId, memberId: userId, reason: 'removed' });
  return true;
}

/** Names the provider sent replace the account's; a name it leaves out is kept. */
function nameChanges(fields: ScimUserFields) {
  return {
    ...(fields.givenName !== undefined ? { firstName: fields.givenName } : {}),
    ...(fields.familyName !== undefined ? { lastName: fields.familyName } : {}),
  };
}

/**
 * Provisions a person: the account is created (with its personal workspace, as every account has)
 * when the address is new, and joins this workspace when `active` (an existing member linked as
 * inactive is removed). An address this workspace's SCIM
 * already knows is 409 uniqueness.
 */
export async function createScimUser(
  deps: ScimDeps,
  workspaceId: string,
  fields: ScimUserFields,
): Promise<ScimUserRecord> {
  const email = normalizeEmail(fields.userName);
  const created = await deps.db.transaction(async (tx) => {
    const workspace = await lockWorkspace(tx, workspaceId);
    let [user] = await tx.select().from(users).where(eq(users.email, email));
    if (user) {
      const [known] = await tx
        .select({ id: scimUsers.id })
        .from(scimUsers)
        .where(and(eq(scimUsers.workspaceId, workspaceId), eq(scimUsers.userId, user.id)));
      if (known) throw scimError(409, `A user with userName ${email} already exists`, 'uniqueness');
      const names = nameChanges(fields);
      if (Object.keys(names).length > 0) await tx.update(users).set(names).where(eq(users.id, user.id));
    } else {
      [user] = await tx
        .insert(users)
        .values({ email, locale: 'es', ...nameChanges(fields) })
        .returning();
      await createPersonalWorkspace(tx, { id: user!.id, email, locale: 'es' });
    }
    // A member linked as inactive stops being one: `active` is membership, here as on every write.
    let removed = false;
    if (fields.active) await join(tx, deps, workspace, user!);
    else removed = await leave(tx, deps, workspaceId, user!.id);
    const [row] = await tx
      .insert(scimUsers)
      .values({ workspaceId, userId: user!.id, externalId: fields.externalId ?? null })
      .returning({ id: scimUsers.id });
    return { id: row!.id, removedUserId: removed ? user!.id : null };
  });
  if (created.removedUserId) await deps.closeAccess({ workspaceId, userId: created.removedUserId });
  return getScimUser(deps, workspaceId, created.id);
}

/**
 * Replaces a SCIM User (PUT, and every PATCH once applied): names, external id and `active`. Turning
 * `active` off removes the member at once and closes their live documents and conversations;
 * turning it on adds them back within the seats. The address is the account's sign-in and cannot
 * change here (400 mutability).
 */
export async function replaceScimUser(
  deps: ScimDeps,
  workspaceId: string,
  id: string,
  fields: ScimUserFields,
): Promise<ScimUserRecord> {
  const current = await getScimUser(deps, workspaceId, id);
  if (normalizeEmail(fields.userName) !== current.userName) {
    throw scimError(400, 'userName is the account e-mail and cannot change', 'mutability');
  }
  const removedUserId = await deps.db.transaction(async (tx) => {
    const workspace = await lockWorkspace(tx, workspaceId);
    const [row] = await tx
      .select({ userId: scimUsers.userId, email: users.email })
      .from(scimUsers)
      .innerJoin(users, eq(users.id, scimUsers.userId))
      .where(and(eq(scimUsers.workspaceId, workspaceId), eq(scimUsers.id, id)));
    if (!row) throw scimNotFound('User');
    const names = nameChanges(fields);
    if (Object.keys(names).length > 0) await tx.update(users).set(names).where(eq(users.id, row.userId));
    await tx
      .update(scimUsers)
      .set({ externalId: fields.externalId ?? null, updatedAt: new Date() })
      .where(eq(scimUsers.id, id));
    if (fields.active) {
      await join(tx, deps, workspace, { id: row.userId, email: row.email });
      return null;
    }
    return (await leave(tx, deps, workspaceId, row.userId)) ? row.userId : null;
  });
  if (removedUserId) await deps.closeAccess({ workspaceId, userId: removedUserId });
  return getScimUser(deps, workspaceId, id);
}

/**
 * Deletes a SCIM User: the person stops being a member as on deactivation, and the workspace's SCIM
 * forgets them (their account stays; it may be theirs in other workspaces).
 */
export async function deleteScimUser(deps: ScimDeps, workspaceId: string, id: string): Promise<void> {
  if (!isScimId(id)) throw scimNotFound('User');
  const removedUserId = await deps.db.transaction(async (tx) => {
    await lockWorkspace(tx, workspaceId);
    const [row] = await tx
      .delete(scimUsers)
      .where(and(eq(scimUsers.workspaceId, workspaceId), eq(scimUsers.id, id)))
      .returning({ userId: scimUsers.userId });
    if (!row) throw scimNotFound('User');
    return (await leave(tx, deps, workspaceId, row.userId)) ? row.userId : null;
  });
  if (removedUserId) await deps.closeAccess({ workspaceId, userId: removedUserId });
}
