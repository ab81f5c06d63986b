/**
 * Why the live document server refused or closed this editor's connection, as it names it in the
 * authentication-failed reason or the close reason:
 * - `token-expired`: the access token ran out; a renewed one reconnects, nothing typed is lost;
 * - `forbidden`: the project is no longer visible to this user (removed, left, turned private, deleted);
 * - `invalid-update` / `too-large` / `storage-full`: one change was refused (invalid, past the document's
 *   size limit, past the workspace's storage) and the server kept its previous state.
 */
export type Refusal = 'token-expired' | 'forbidden' | 'invalid-update' | 'too-large' | 'storage-full';

const refusals: readonly Refusal[] = [
  'token-expired',
  'forbidden',
  'invalid-update',
  'too-large',
  'storage-full',
];

/** The refusal a reason carries (alone or as its first word), or null for an ordinary disconnection. */
export function refusalOf(reason: string | undefined | null): Refusal | null {
  if (!reason) return null;
  const word = reason
    .trim()
    .toLowerCase()
    .split(/[\s:;,]/, 1)[0];
  return refusals.find((refusal) => refusal === word) ?? null;
}
