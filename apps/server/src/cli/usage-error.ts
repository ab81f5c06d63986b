/** A mistake in the command's arguments: the operator is told plainly, with exit code 2 and no stack. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}
