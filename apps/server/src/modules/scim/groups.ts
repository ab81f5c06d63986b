import { and, asc, eq, inArray } from 'drizzle-orm';
import type { ScimGroupFields } from '@redacta/shared';
import type { Tx } from '../../db/client.ts';
import { scimGroupMembers, scimGroups, scimUsers, users } from '../../db/schema.ts';
import { lockWorkspace } from '../invitations/index.ts';
import { isScimId, scimError, scimNotFound } from './errors.ts';
import type { ScimDeps } from './deps.ts';
import { recordAudit } from '../audit/index.ts';
import { applyScimRoles } from './roles.ts';

/**
 * A SCIM Group as this server keeps it. Access follows each user's `active`, not their groups; a
 * group whose name the workspace lists makes its members admins (roles.ts, ADR 0040), any other
 * grants the member role only. The owner's role is never a group's to change.
 */
export interface ScimGroupRecord {
  id: string;
  displayName: string;
  externalId?: string;
  members: { value: string; display: string; type: 'User' }[];
  meta: { created: Date; lastModified: Date };
}

async function groupRecords(
  db: ScimDeps['db'],
  workspaceId: string,
  id?: string,
): Promise<ScimGroupRecord[]> {
  const groups = await db
    .select()
    .from(scimGroups)
    .where(and(eq(scimGroups.workspaceId, workspaceId), id ? eq(scimGroups.id, id) : undefined))
    .orderBy(asc(scimGroups.createdAt), asc(scimGroups.id));
  if (groups.length === 0) return [];
  const members = await db
    .select({ groupId: scimGroupMembers.groupId, id: scimUsers.id, email: users.email })
    .from(scimGroupMembers)
    .innerJoin(scimUsers, eq(scimUsers.id, scimGroupMembers.scimUserId))
    .innerJoin(users, eq(users.id, scimUsers.userId))
    .where(
      inArray(
        scimGroupMembers.groupId,
        groups.map((group) => group.id),
      ),
    )
    .orderBy(asc(users.email));
  return groups.map((group) => ({
    id: group.id,
    displayName: group.displayName,
    ...(group.externalId ? { externalId: group.externalId } : {}),
    members: members
      .filter((member) => member.groupId === group.id)
      .map((member) => ({ value: member.id, display: member.email, type: 'User' as const })),
    meta: { created: group.createdAt, lastModified: group.updatedAt },
  }));
}

/** Every SCIM Group of the workspace, oldest first; the protocol layer (protocol.ts) filters them and scimmy pages them. */
export const listScimGroups = (deps: ScimDeps, workspaceId: string) => groupRecords(deps.db, workspaceId);

/** One SCIM Group of the workspace; another workspace's, or an unknown id, is 404. */
export async function getScimGroup(
  deps: ScimDeps,
  workspaceId: string,
  id: string,
): Promise<ScimGroupRecord> {
  if (!isScimId(id)) throw scimNotFound('Group');
  const [group] = await groupRecords(deps.db, workspaceId, id);
  if (!group) throw scimNotFound('Group');
  return group;
}

/** The SCIM Users in a group now. */
async function memberIdsOf(tx: Tx, groupId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: scimGroupMembers.scimUserId })
    .from(scimGroupMembers)
    .where(eq(scimGroupMembers.groupId, groupId));
  return rows.map((row) => row.id);
}

/**
 * Sets a group's members to exactly `memberIds`, each a SCIM User of the same workspace (400
 * otherwise), and gives whoever joined or left it the role their groups now give.
 */
async function setMembers(tx: Tx, workspaceId: string, groupId: string, memberIds: string[]) {
  const wanted = [...new Set(memberIds)];
  if (wanted.some((id) => !isScimId(id)))
    throw scimError(400, 'A group member is not a known User', 'invalidValue');
  const known =
    wanted.length === 0
      ? []
      : await tx
          .select({ id: scimUsers.id })
          .from(scimUsers)
          .where(and(eq(scimUsers.workspaceId, workspaceId), inArray(scimUsers.id, wanted)));
  if (known.length !== wanted.length)
    throw scimError(400, 'A group member is not a known User', 'invalidValue');
  const before = await memberIdsOf(tx, groupId);
  await tx.delete(scimGroupMembers).where(eq(scimGroupMembers.groupId, groupId));
  if (wanted.length > 0) {
    await tx.insert(scimGroupMembers).values(wanted.map((scimUserId) => ({ groupId, scimUserId })));
  }
  // A renamed group may have become, or stopped being, an admin group: everyone in it before or after.
  await applyScimRoles(tx, workspaceId, [...new Set([...before, ...wanted])]);
}

async function requireUniqueName(tx: Tx, workspaceId: string, displayName: string, exceptId?: string) {
  const [taken] = await tx
    .select({ id: scimGroups.id })
    .from(scimGroups)
    .where(and(eq(scimGroups.workspaceId, workspaceId), eq(scimGroups.displayName, displayName)));
  if (taken && taken.id !== exceptId) {
    throw scimError(409, `A group named ${displayName} already exists`, 'uniqueness');
  }
}

/** Creates a group with its members; a name the workspace already has is 409 uniqueness. */
export async function createScimGroup(
  deps: ScimDeps,
  workspaceId: string,
  fields: ScimGroupFields,
): Promise<ScimGroupRecord> {
  const id = await deps.db.transaction(async (tx) => {
    // The workspace's lock orders this against another create of the same name and against user deletes.
    await lockWorkspace(tx, workspaceId);
    await requireUniqueName(tx, workspaceId, fields.displayName);
    const [group] = await tx
      .insert(scimGroups)
      .values({ workspaceId, displayName: fields.displayName, externalId: fields.externalId ?? null })
      .returning({ id: scimGroups.id });
    await setMembers(tx, workspaceId, group!.id, fields.memberIds);
    await recordAudit(tx, {
      workspaceId,
      action: 'scim.group_created',
      target: { type: 'scim_group', id: group!.id, label: fields.displayName },
      after: { members: fields.memberIds.length },
    });
    return group!.id;
  });
  return getScimGroup(deps, workspaceId, id);
}

/** Replaces a group's name, external id and members (PUT, and every PATCH once applied). */
export async function replaceScimGroup(
  deps: ScimDeps,
  workspaceId: string,
  id: string,
  fields: ScimGroupFields,
): Promise<ScimGroupRecord> {
  if (!isScimId(id)) throw scimNotFound('Group');
  await deps.db.transaction(async (tx) => {
    await lockWorkspace(tx, workspaceId);
    const [group] = await tx
      .select({ id: scimGroups.id, displayName: scimGroups.displayName })
      .from(scimGroups)
      .where(and(eq(scimGroups.workspaceId, workspaceId), eq(scimGroups.id, id)));
    if (!group) throw scimNotFound('Group');
    await requireUniqueName(tx, workspaceId, fields.displayName, id);
    await tx
      .update(scimGroups)
      .set({ displayName: fields.displayName, externalId: fields.externalId ?? null, updatedAt: new Date() })
      .where(eq(scimGroups.id, id));
    await setMembers(tx, workspaceId, id, fields.memberIds);
    await recordAudit(tx, {
      workspaceId,
      action: 'scim.group_changed',
      target: { type: 'scim_group', id, label: fields.displayName },
      before: { displayName: group.displayName },
      after: { displayName: fields.displayName, members: fields.memberIds.length },
    });
  });
  return getScimGroup(deps, workspaceId, id);
}

/**
 * Deletes a group; its members stay members, and an admin group's members are admins only while
 * another admin group still holds them.
 */
export async function deleteScimGroup(deps: ScimDeps, workspaceId: string, id: string): Promise<void> {
  if (!isScimId(id)) throw scimNotFound('Group');
  await deps.db.transaction(async (tx) => {
    await lockWorkspace(tx, workspaceId);
    const before = await memberIdsOf(tx, id);
    const [deleted] = await tx
      .delete(scimGroups)
      .where(and(eq(scimGroups.workspaceId, workspaceId), eq(scimGroups.id, id)))
      .returning({ id: scimGroups.id, displayName: scimGroups.displayName });
    if (!deleted) throw scimNotFound('Group');
    await recordAudit(tx, {
      workspaceId,
      action: 'scim.group_deleted',
      target: { type: 'scim_group', id, label: deleted.displayName },
    });
    await applyScimRoles(tx, workspaceId, before);
  });
}
