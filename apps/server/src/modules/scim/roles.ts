import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AssignableRole } from '@redacta/shared';
import type { Tx } from '../../db/client.ts';
import { memberships, scimGroupMembers, scimGroups, scimUsers, workspaces } from '../../db/schema.ts';
import { personLabel, recordAudit } from '../audit/index.ts';

/*
 * SCIM's groups map to roles (docs/product.md, "SCIM provisioning"; ADR 0040): a person the
 * workspace's SCIM provisions is an admin while they are in a group whose name the workspace lists
 * as granting admin, and a member otherwise. The owner's role is never SCIM's to change. Roles are
 * worked out again for the people a group write touches and for everyone when the list changes;
 * between those, the owner may still change a SCIM person's role by hand.
 */

/** Whether the SCIM User is in a group the workspace lists (names compared ignoring case). */
const inAdminGroup = sql<boolean>`exists (
  select 1 from ${scimGroupMembers} gm
  join ${scimGroups} g on g.id = gm.group_id
  where gm.scim_user_id = ${scimUsers.id}
    and lower(g.display_name) in (select lower(name) from unnest(${workspaces.scimAdminGroups}) as name)
)`;

/** The role SCIM's groups give the person in the workspace: member when SCIM does not know them. */
export async function scimRoleOf(tx: Tx, workspaceId: string, userId: string): Promise<AssignableRole> {
  const [row] = await tx
    .select({ admin: inAdminGroup })
    .from(scimUsers)
    .innerJoin(workspaces, eq(workspaces.id, scimUsers.workspaceId))
    .where(and(eq(scimUsers.workspaceId, workspaceId), eq(scimUsers.userId, userId)));
  return row?.admin ? 'admin' : 'member';
}

/**
 * Gives each of the SCIM Users (all of the workspace's when `scimUserIds` is absent) who is a member
 * the role their groups give, recording each change as `member.role_changed` (by "SCIM" when the
 * provider's request made it). Runs under the workspace's lock, inside the write that changed groups.
 */
export async function applyScimRoles(tx: Tx, workspaceId: string, scimUserIds?: string[]): Promise<void> {
  if (scimUserIds?.length === 0) return;
  const rows = await tx
    .select({ userId: scimUsers.userId, role: memberships.role, admin: inAdminGroup })
    .from(scimUsers)
    .innerJoin(workspaces, eq(workspaces.id, scimUsers.workspaceId))
    .innerJoin(
      memberships,
      and(eq(memberships.workspaceId, scimUsers.workspaceId), eq(memberships.userId, scimUsers.userId)),
    )
    .where(
      and(
        eq(scimUsers.workspaceId, workspaceId),
        scimUserIds ? inArray(scimUsers.id, scimUserIds) : undefined,
      ),
    )
    .for('update', { of: memberships });
  for (const row of rows) {
    const role: AssignableRole = row.admin ? 'admin' : 'member';
    if (row.role === 'owner' || row.role === role) continue;
    await tx
      .update(memberships)
      .set({ role })
      .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.userId, row.userId)));
    await recordAudit(tx, {
      workspaceId,
      action: 'member.role_changed',
      target: { type: 'user', id: row.userId, label: await personLabel(tx, row.userId) },
      before: { role: row.role },
      after: { role },
    });
  }
}
