import { and, eq, isNotNull } from 'drizzle-orm';
import { normalizeEmail } from '@redacta/shared';
import type { Db, Tx } from '../../db/client.ts';
import { users, workspaces, workspaceSso, workspaceSsoDomains } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';

/** The domain part of an address, lower case. */
export const domainOf = (email: string) => normalizeEmail(email).split('@').pop() ?? '';

/**
 * The Enterprise workspace whose single sign-on covers an address: the one that verified its domain
 * and saved a provider. One at most, by the partial unique index.
 */
export async function ssoForEmail(db: Db | Tx, email: string) {
  const [row] = await db
    .select({
      workspaceId: workspaceSso.workspaceId,
      ownerId: workspaces.ownerId,
      enforced: workspaceSso.enforced,
      issuer: workspaceSso.issuer,
      clientId: workspaceSso.clientId,
      clientSecretSealed: workspaceSso.clientSecretSealed,
    })
    .from(workspaceSsoDomains)
    .innerJoin(workspaceSso, eq(workspaceSso.workspaceId, workspaceSsoDomains.workspaceId))
    .innerJoin(workspaces, eq(workspaces.id, workspaceSsoDomains.workspaceId))
    .where(
      and(
        eq(workspaceSsoDomains.domain, domainOf(email)),
        isNotNull(workspaceSsoDomains.verifiedAt),
        eq(workspaces.plan, 'enterprise'),
      ),
    );
  return row ?? null;
}

/**
 * The one enforcement rule, called by every other way in (the e-mail code when it is asked for and
 * when it is used, Google, Facebook): an address in a verified domain of a workspace that requires
 * single sign-on is refused, saying why. The workspace's owner is exempt, so a broken provider never
 * locks out the one person who can fix its settings.
 */
export async function refuseWhereSsoRequired(db: Db | Tx, email: string): Promise<void> {
  const sso = await ssoForEmail(db, email);
  if (!sso?.enforced) return;
  const [owner] = await db.select({ email: users.email }).from(users).where(eq(users.id, sso.ownerId));
  if (owner && normalizeEmail(owner.email) === normalizeEmail(email)) return;
  throw new AppError(
    'SSO_REQUIRED',
    `Addresses at ${domainOf(email)} sign in with their organisation's single sign-on: use "Continue with SSO"`,
    403,
  );
}
