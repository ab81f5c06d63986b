import { z } from 'zod';

/** A mistake in the command's arguments: the operator is told plainly, with exit code 2 and no stack. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** A workspace id argument must look like one: anything else is the operator's typo (exit code 2). */
export function assertWorkspaceId(value: string): void {
  if (!z.uuid().safeParse(value).success) {
    throw new UsageError(`"${value}" is not a workspace id (see: npm run admin -- workspaces)`);
  }
}
