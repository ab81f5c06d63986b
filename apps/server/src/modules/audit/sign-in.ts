import { eq } from 'drizzle-orm';
import { normalizeEmail } from '@redacta/shared';
import type { Db } from '../../db/client.ts';
import { memberships, users } from '../../db/schema.ts';
import { recordAuditInEach } from './record.ts';

/** How someone signed in, or tried to. */
export type SignInMethod = 'email' | 'google' | 'facebook' | 'sso';

async function workspacesOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ workspaceId: memberships.workspaceId })
    .from(memberships)
    .where(eq(memberships.userId, userId));
  return rows.map((row) => row.workspaceId);
}

/**
 * A sign-in belongs to no workspace: it is recorded in every workspace the person is a member of at
 * that moment, so each owner sees who came in to theirs.
 */
export async function recordSignIn(db: Db, input: { userId: string; method: SignInMethod }) {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, input.userId));
  await recordAuditInEach(db, await workspacesOf(db, input.userId), {
    action: 'auth.signed_in',
    target: { type: 'user', id: input.userId, label: user?.email ?? null },
    after: { method: input.method },
    actor: { kind: 'user', userId: input.userId },
  });
}

/**
 * A failed sign-in is recorded as a sign-in is, in every workspace the address tried is a member of,
 * with why it failed (the error code the person got). An address with no account belongs to no
 * workspace, and nobody's log holds it.
 */
export async function recordFailedSignIn(
  db: Db,
  input: { email: string; method: SignInMethod; reason: string },
) {
  const email = normalizeEmail(input.email);
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!user) return;
  await recordAuditInEach(db, await workspacesOf(db, user.id), {
    action: 'auth.sign_in_failed',
    target: { type: 'user', id: user.id, label: email },
    after: { method: input.method, reason: input.reason },
    actor: { kind: 'user', userId: user.id, label: email },
  });
}
