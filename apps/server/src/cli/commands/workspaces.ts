import { and, asc, eq, sql } from 'drizzle-orm';
import { usagePeriod, type Plan } from '@redacta/shared';
import type { Db } from '../../db/client.ts';
import { invitations, memberships, usageCounters, users, workspaces } from '../../db/schema.ts';
import { isPending } from '../../modules/invitations/index.ts';
import { formatTable } from '../table.ts';

export interface WorkspaceSummary {
  id: string;
  name: string;
  plan: Plan;
  ownerEmail: string;
  /** Everyone in the workspace, the owner included. */
  members: number;
  /** Members besides the owner plus pending invitations, against `userSeats`. */
  seatsUsed: number;
  userSeats: number;
  wordsThisMonth: number;
}

/** Every workspace, oldest first, in one query. */
export async function workspaceSummaries(db: Db, now = new Date()): Promise<WorkspaceSummary[]> {
  const count = (query: ReturnType<typeof sql>) => sql<number>`(${query})`.mapWith(Number);
  return db
    .select({
      id: workspaces.id,
      name: workspaces.name,
      plan: workspaces.plan,
      ownerEmail: users.email,
      members: count(
        sql`select count(*) from ${memberships} where ${eq(memberships.workspaceId, workspaces.id)}`,
      ),
      seatsUsed: count(
        sql`select (select count(*) from ${memberships} where ${and(
          eq(memberships.workspaceId, workspaces.id),
          eq(memberships.role, 'member'),
        )}) + (select count(*) from ${invitations} where ${and(eq(invitations.workspaceId, workspaces.id), isPending())})`,
      ),
      userSeats: workspaces.userSeats,
      wordsThisMonth: sql<number>`coalesce(${usageCounters.wordCount}, 0)`.mapWith(Number),
    })
    .from(workspaces)
    .innerJoin(users, eq(users.id, workspaces.ownerId))
    .leftJoin(
      usageCounters,
      and(eq(usageCounters.workspaceId, workspaces.id), eq(usageCounters.period, usagePeriod(now))),
    )
    .orderBy(asc(workspaces.createdAt), asc(workspaces.id));
}

export function workspacesTable(rows: readonly WorkspaceSummary[]): string {
  if (rows.length === 0) return 'No workspaces yet.';
  return formatTable(
    [
      { header: 'ID' },
      { header: 'NAME' },
      { header: 'PLAN' },
      { header: 'OWNER' },
      { header: 'MEMBERS', align: 'right' },
      { header: 'SEATS USED', align: 'right' },
      { header: 'WORDS THIS MONTH', align: 'right' },
    ],
    rows.map((row) => [
      row.id,
      row.name,
      row.plan,
      row.ownerEmail,
      String(row.members),
      `${row.seatsUsed} of ${row.userSeats}`,
      String(row.wordsThisMonth),
    ]),
  );
}
