import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { AppError } from './errors.ts';

/** A table whose rows a member creates in a workspace: where `createOnce` looks for a repeat. */
export interface OwnedRows {
  table: PgTable;
  id: PgColumn;
  workspaceId: PgColumn;
  /** Who created the row. */
  creator: PgColumn;
}

/**
 * Creates a row under the id its client chose (`id`), so a create sent twice makes one thing: a
 * repeat finds it and answers its id. A row under that id that is not the same user's create in the
 * same workspace is a CONFLICT, never shown. Without an id, `create` simply runs. Answers the row's id.
 *
 * Two copies racing both miss the first look; the loser's insert then fails on the primary key (or
 * on whatever the winner's insert took), so after any failure a row now found under the id answers
 * instead of the error.
 */
export async function createOnce(
  db: Db,
  rows: OwnedRows,
  id: string | undefined,
  owner: { workspaceId: string; userId: string },
  create: () => Promise<{ id: string }>,
): Promise<string> {
  const existing = async (clientId: string) => {
    const [row] = await db
      .select({ workspaceId: rows.workspaceId, creator: rows.creator })
      .from(rows.table)
      .where(eq(rows.id, clientId));
    if (row === undefined) return undefined;
    if (row.workspaceId !== owner.workspaceId || row.creator !== owner.userId)
      throw new AppError('CONFLICT', 'This id is already used; send the create with another');
    return clientId;
  };
  if (id) {
    const found = await existing(id);
    if (found) return found;
  }
  try {
    return (await create()).id;
  } catch (error) {
    const found = id ? await existing(id) : undefined;
    if (found) return found;
    throw error;
  }
}
