import { AppError } from './errors.ts';

/**
 * Creates something under the id its client chose (`id`), so a create sent twice makes one thing: a
 * repeat finds it and gets it back. A row under that id that is not the same user's create in the
 * same place (`isOwn`) is a CONFLICT, never shown. Without an id, `create` simply runs.
 *
 * Two copies racing both miss the first look; the loser's insert then fails on the primary key (or
 * on whatever the winner's insert took), so after any failure a row now found under the id answers
 * instead of the error.
 */
export async function createOnce<T>(
  id: string | undefined,
  steps: {
    find: (id: string) => Promise<T | undefined>;
    isOwn: (row: T) => boolean;
    create: () => Promise<T>;
  },
): Promise<{ row: T; created: boolean }> {
  const existing = async (clientId: string) => {
    const row = await steps.find(clientId);
    if (row === undefined) return undefined;
    if (!steps.isOwn(row))
      throw new AppError('CONFLICT', 'This id is already used; send the create with another');
    return { row, created: false };
  };
  if (id) {
    const found = await existing(id);
    if (found) return found;
  }
  try {
    return { row: await steps.create(), created: true };
  } catch (error) {
    const found = id ? await existing(id) : undefined;
    if (found) return found;
    throw error;
  }
}
