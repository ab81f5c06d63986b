import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { AccountDeletionPlan } from '@redacta/shared';
import type { Db, Tx } from '../../db/client.ts';
import { memberships, users, workspaces } from '../../db/schema.ts';

/**
 * The workspaces a person owns, each with its other members (by joining date): what deleting the
 * account must decide (docs/product.md, "Your data"). One without other members goes with the account.
 */
export async function deletionPlan(db: Db | Tx, userId: string): Promise<AccountDeletionPlan> {
  const owned = await db
    .select({ id: workspaces.id, name: workspaces.name })
    .from(workspaces)
    .where(eq(workspaces.ownerId, userId))
    .orderBy(asc(workspaces.createdAt), asc(workspaces.id));
  if (owned.length === 0) return { ownedWorkspaces: [] };
  const members = await db
    .select({
      workspaceId: memberships.workspaceId,
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        inArray(
          memberships.workspaceId,
          owned.map((workspace) => workspace.id),
        ),
        ne(memberships.userId, userId),
      ),
    )
    .orderBy(asc(memberships.createdAt), asc(memberships.id));
  return {
    ownedWorkspaces: owned.map((workspace) => ({
      ...workspace,
      members: members
        .filter((member) => member.workspaceId === workspace.id)
        .map(({ workspaceId: _workspaceId, ...member }) => member),
    })),
  };
}
