import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { memberships, users } from '../../db/schema.ts';
import { formatTable } from '../table.ts';

export interface UserSummary {
  id: string;
  email: string;
  name: string;
  createdAt: string;
  /** Workspaces they belong to, their own included. */
  workspaces: number;
}

/** Every user, oldest first, in one query. */
export async function userSummaries(db: Db): Promise<UserSummary[]> {
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      createdAt: users.createdAt,
      workspaces:
        sql<number>`(select count(*) from ${memberships} where ${eq(memberships.userId, users.id)})`.mapWith(
          Number,
        ),
    })
    .from(users)
    .orderBy(asc(users.createdAt), asc(users.id));
  return rows.map(({ firstName, lastName, createdAt, ...row }) => ({
    ...row,
    name: [firstName, lastName].filter(Boolean).join(' '),
    createdAt: createdAt.toISOString(),
  }));
}

export function usersTable(rows: readonly UserSummary[]): string {
  if (rows.length === 0) return 'No users yet.';
  return formatTable(
    [
      { header: 'ID' },
      { header: 'E-MAIL' },
      { header: 'NAME' },
      { header: 'CREATED' },
      { header: 'WORKSPACES', align: 'right' },
    ],
    rows.map((row) => [row.id, row.email, row.name, row.createdAt.slice(0, 10), String(row.workspaces)]),
  );
}
