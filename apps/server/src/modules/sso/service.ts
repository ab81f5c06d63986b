import { and, count, eq, isNotNull, ne, sql } from 'drizzle-orm';
import {
  normalizeEmail,
  SSO_DOMAINS_PER_WORKSPACE,
  type Locale,
  type SsoDomain,
  type SsoSettings,
  type SsoSettingsBody,
} from '@redacta/shared';
import type { Db, Tx } from '../../db/client.ts';
import {
  invitations,
  memberships,
  users,
  workspaces,
  workspaceSso,
  workspaceSsoDomains,
} from '../../db/schema.ts';
import { AppError, isUniqueViolation, notFound } from '../../lib/errors.ts';
import { generateToken, openSecret, sealSecret } from '../../lib/secrets.ts';
import { isPending, lockWorkspace, seatsUsed } from '../invitations/index.ts';
import type { ProviderProfile } from '../oauth/providers.ts';
import { createProviderUser } from '../oauth/service.ts';
import type { WebhookEvents } from '../webhooks/events.ts';
import { requireManager } from '../workspaces/service.ts';
import { publishesToken, txtRecordFor } from './dns.ts';
import { domainOf, ssoForEmail } from './enforcement.ts';
import { checkIssuerAddress, discover, type OidcProvider } from './oidc.ts';
import { recordAudit } from '../audit/index.ts';

/** What the server's configuration decides for single sign-on. */
export interface SsoContext {
  /** Seals the client secrets (JWT_SECRET). */
  serverSecret: string;
  allowLoopback: boolean;
  dnsServers: string[] | undefined;
  /** `APP_URL/api/auth/sso/callback`. */
  redirectUri: string;
}

const SECRET_PURPOSE = 'sso-client-secret';
export const PLAN_REQUIRED_MESSAGE = 'Single sign-on is part of the Enterprise plan';

/** Every SSO setting is its workspace owner's and admins', and only on the Enterprise plan. */
async function requireEnterpriseManager(db: Db | Tx, workspaceId: string, userId: string): Promise<void> {
  await requireManager(db, workspaceId, userId);
  const [workspace] = await db
    .select({ plan: workspaces.plan })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  if (workspace?.plan !== 'enterprise') throw new AppError('PLAN_REQUIRED', PLAN_REQUIRED_MESSAGE);
}

const toDomain = (row: typeof workspaceSsoDomains.$inferSelect): SsoDomain => ({
  domain: row.domain,
  txtRecord: txtRecordFor(row.verificationToken),
  verifiedAt: row.verifiedAt?.toISOString() ?? null,
});

async function readSettings(db: Db | Tx, context: SsoContext, workspaceId: string): Promise<SsoSettings> {
  const [provider] = await db.select().from(workspaceSso).where(eq(workspaceSso.workspaceId, workspaceId));
  const domains = await db
    .select()
    .from(workspaceSsoDomains)
    .where(eq(workspaceSsoDomains.workspaceId, workspaceId))
    .orderBy(workspaceSsoDomains.domain);
  return {
    provider: provider
      ? { issuer: provider.issuer, clientId: provider.clientId, hasClientSecret: true }
      : null,
    enforced: provider?.enforced ?? false,
    defaultRole: provider?.defaultRole ?? 'member',
    domains: domains.map(toDomain),
    redirectUri: context.redirectUri,
  };
}

export async function getSsoSettings(db: Db, context: SsoContext, workspaceId: string, userId: string) {
  await requireEnterpriseManager(db, workspaceId, userId);
  return readSettings(db, context, workspaceId);
}

const verifiedDomainCount = async (tx: Tx, workspaceId: string) => {
  const [row] = await tx
    .select({ n: count() })
    .from(workspaceSsoDomains)
    .where(and(eq(workspaceSsoDomains.workspaceId, workspaceId), isNotNull(workspaceSsoDomains.verifiedAt)));
  return row!.n;
};

/**
 * Saves the provider after reading its discovery document (through the outbound guard), so a typo
 * is refused now rather than at someone's sign-in. Enforcement needs a verified domain: checked under
 * the workspace's lock, which removing a domain takes too, so the two cannot cross.
 */
export async function saveSsoSettings(
  db: Db,
  context: SsoContext,
  input: { workspaceId: string; userId: string; body: SsoSettingsBody },
): Promise<SsoSettings> {
  const { workspaceId, userId, body } = input;
  await requireEnterpriseManager(db, workspaceId, userId);
  checkIssuerAddress(body.issuer, context.allowLoopback);
  await discover(body.issuer, context.allowLoopback);
  return db.transaction(async (tx) => {
    await lockWorkspace(tx, workspaceId);
    const [saved] = await tx.select().from(workspaceSso).where(eq(workspaceSso.workspaceId, workspaceId));
    if (!body.clientSecret && !saved) {
      const message = 'Enter the client secret';
      throw new AppError('VALIDATION_FAILED', message, 400, [{ path: 'clientSecret', message }]);
    }
    if (body.enforced && (await verifiedDomainCount(tx, workspaceId)) === 0) {
      throw new AppError(
        'SSO_DOMAIN_NOT_VERIFIED',
        'Verify at least one domain before requiring single sign-on',
        409,
      );
    }
    const values = {
      issuer: body.issuer.replace(/\/$/, ''),
      clientId: body.clientId,
      clientSecretSealed: body.clientSecret
        ? sealSecret(context.serverSecret, SECRET_PURPOSE, body.clientSecret)
        : saved!.clientSecretSealed,
      enforced: body.enforced,
      defaultRole: body.defaultRole ?? saved?.defaultRole ?? 'member',
    };
    await tx
      .insert(workspaceSso)
      .values({ workspaceId, ...values })
      .onConflictDoUpdate({ target: workspaceSso.workspaceId, set: { ...values, updatedAt: new Date() } });
    // The secret is never written to the log: only whether it changed.
    await recordAudit(tx, {
      workspaceId,
      action: 'sso.settings_changed',
      target: { type: 'sso', id: workspaceId, label: values.issuer },
      before: saved
        ? {
            issuer: saved.issuer,
            clientId: saved.clientId,
            enforced: saved.enforced,
            defaultRole: saved.defaultRole,
          }
        : null,
      after: {
        issuer: values.issuer,
        clientId: values.clientId,
        enforced: values.enforced,
        defaultRole: values.defaultRole,
        clientSecretChanged: Boolean(body.clientSecret),
      },
    });
    return readSettings(tx, context, workspaceId);
  });
}

const domainTaken = (domain: string) =>
  new AppError('SSO_DOMAIN_TAKEN', `${domain} is already verified by another workspace`, 409);

/** Whether a workspace other than `workspaceId` has verified the domain. */
async function verifiedElsewhere(tx: Db | Tx, workspaceId: string, domain: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: workspaceSsoDomains.id })
    .from(workspaceSsoDomains)
    .where(
      and(
        eq(workspaceSsoDomains.domain, domain),
        ne(workspaceSsoDomains.workspaceId, workspaceId),
        isNotNull(workspaceSsoDomains.verifiedAt),
      ),
    );
  return Boolean(row);
}

/**
 * Claims a domain for the workspace with a new verification token. A domain another workspace has
 * verified cannot be claimed; one only claimed elsewhere can, since a claim proves nothing until its
 * TXT record is found. Claiming a domain the workspace already claims answers that claim.
 */
export async function claimDomain(
  db: Db,
  input: { workspaceId: string; userId: string; domain: string },
): Promise<SsoDomain> {
  const { workspaceId, userId, domain } = input;
  await requireEnterpriseManager(db, workspaceId, userId);
  return db.transaction(async (tx) => {
    await lockWorkspace(tx, workspaceId);
    if (await verifiedElsewhere(tx, workspaceId, domain)) throw domainTaken(domain);
    const [existing] = await tx
      .select()
      .from(workspaceSsoDomains)
      .where(and(eq(workspaceSsoDomains.workspaceId, workspaceId), eq(workspaceSsoDomains.domain, domain)));
    if (existing) return toDomain(existing);
    const [claimed] = await tx
      .select({ n: count() })
      .from(workspaceSsoDomains)
      .where(eq(workspaceSsoDomains.workspaceId, workspaceId));
    if (claimed!.n >= SSO_DOMAINS_PER_WORKSPACE) {
      throw new AppError('CONFLICT', `A workspace claims at most ${SSO_DOMAINS_PER_WORKSPACE} domains`);
    }
    const [row] = await tx
      .insert(workspaceSsoDomains)
      .values({ workspaceId, domain, verificationToken: generateToken() })
      .returning();
    await recordAudit(tx, {
      workspaceId,
      action: 'sso.domain_claimed',
      target: { type: 'domain', id: row!.id, label: domain },
    });
    return toDomain(row!);
  });
}

async function claimedDomain(db: Db | Tx, workspaceId: string, domain: string) {
  const [row] = await db
    .select()
    .from(workspaceSsoDomains)
    .where(and(eq(workspaceSsoDomains.workspaceId, workspaceId), eq(workspaceSsoDomains.domain, domain)));
  if (!row) throw notFound('Domain');
  return row;
}

/**
 * Looks for the claim's TXT record now and marks the domain verified when it is published. The
 * partial unique index keeps one verified claim per domain even when two workspaces verify at once.
 */
export async function verifyDomain(
  db: Db,
  context: SsoContext,
  input: { workspaceId: string; userId: string; domain: string },
): Promise<SsoDomain> {
  const { workspaceId, userId, domain } = input;
  await requireEnterpriseManager(db, workspaceId, userId);
  const claim = await claimedDomain(db, workspaceId, domain);
  if (claim.verifiedAt) return toDomain(claim);
  if (await verifiedElsewhere(db, workspaceId, domain)) throw domainTaken(domain);
  if (!(await publishesToken(context.dnsServers, domain, claim.verificationToken))) {
    throw new AppError(
      'SSO_DOMAIN_NOT_VERIFIED',
      `No TXT record "${txtRecordFor(claim.verificationToken)}" was found at ${domain} or _redacta.${domain}`,
      409,
    );
  }
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .update(workspaceSsoDomains)
        .set({ verifiedAt: new Date() })
        .where(eq(workspaceSsoDomains.id, claim.id))
        .returning();
      if (!row) throw notFound('Domain');
      await recordAudit(tx, {
        workspaceId,
        action: 'sso.domain_verified',
        target: { type: 'domain', id: row.id, label: domain },
      });
      return toDomain(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw domainTaken(domain);
    throw error;
  }
}

/**
 * Gives a domain up. With its last verified domain gone, enforcement has nothing to apply to and is
 * turned off in the same transaction, so the settings never say "required" for no domain.
 */
export async function releaseDomain(
  db: Db,
  input: { workspaceId: string; userId: string; domain: string },
): Promise<void> {
  const { workspaceId, userId, domain } = input;
  await requireEnterpriseManager(db, workspaceId, userId);
  await db.transaction(async (tx) => {
    await lockWorkspace(tx, workspaceId);
    const claim = await claimedDomain(tx, workspaceId, domain);
    await tx.delete(workspaceSsoDomains).where(eq(workspaceSsoDomains.id, claim.id));
    const enforcementEnded =
      (await verifiedDomainCount(tx, workspaceId)) === 0
        ? await tx
            .update(workspaceSso)
            .set({ enforced: false, updatedAt: new Date() })
            .where(and(eq(workspaceSso.workspaceId, workspaceId), eq(workspaceSso.enforced, true)))
            .returning({ workspaceId: workspaceSso.workspaceId })
        : [];
    await recordAudit(tx, {
      workspaceId,
      action: 'sso.domain_released',
      target: { type: 'domain', id: claim.id, label: domain },
      ...(enforcementEnded.length > 0 ? { before: { enforced: true }, after: { enforced: false } } : {}),
    });
  });
}

/** The provider that signs an address in, with its secret opened; null when no workspace covers it. */
export async function providerForEmail(
  db: Db,
  context: SsoContext,
  email: string,
): Promise<{ workspaceId: string; provider: OidcProvider } | null> {
  const sso = await ssoForEmail(db, email);
  if (!sso) return null;
  return { workspaceId: sso.workspaceId, provider: await providerOf(db, context, sso.workspaceId) };
}

export async function providerOf(db: Db, context: SsoContext, workspaceId: string): Promise<OidcProvider> {
  const [row] = await db.select().from(workspaceSso).where(eq(workspaceSso.workspaceId, workspaceId));
  if (!row) throw new AppError('SSO_NOT_CONFIGURED', 'Single sign-on is not set up for this workspace', 404);
  return {
    issuer: row.issuer,
    clientId: row.clientId,
    clientSecret: openSecret(context.serverSecret, SECRET_PURPOSE, row.clientSecretSealed),
  };
}

/**
 * After the provider vouched for someone: their address must be verified by the provider and in a
 * domain this workspace verified (and still Enterprise). The person is found by address or created
 * with their personal workspace, as every first sign-in is, and joins this workspace as a member if
 * they are not in it: that takes a seat like an accepted invitation (counted under the workspace's
 * lock; none left is SEATS_EXHAUSTED), and uses up an invitation pending for the address so it does
 * not hold a second seat. One transaction; a race with another first sign-in is run again.
 */
export async function joinThroughSso(
  db: Db,
  events: WebhookEvents,
  input: { workspaceId: string; profile: ProviderProfile; locale: Locale },
): Promise<{ userId: string }> {
  try {
    return await joinOnce(db, events, input);
  } catch (error) {
    if (isUniqueViolation(error)) return joinOnce(db, events, input);
    throw error;
  }
}

function joinOnce(
  db: Db,
  events: WebhookEvents,
  { workspaceId, profile, locale }: { workspaceId: string; profile: ProviderProfile; locale: Locale },
) {
  return db.transaction(async (tx) => {
    if (!profile.email || !profile.emailVerified) {
      throw new AppError('OAUTH_FAILED', 'The provider did not vouch for a verified e-mail address', 400);
    }
    const email = normalizeEmail(profile.email);
    const sso = await ssoForEmail(tx, email);
    if (sso?.workspaceId !== workspaceId) {
      throw new AppError(
        'SSO_NOT_CONFIGURED',
        `${domainOf(email)} is not a verified domain of this workspace`,
        403,
      );
    }
    const workspace = await lockWorkspace(tx, workspaceId);
    let [user] = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(eq(users.email, email));
    user ??= await createProviderUser(tx, { email, profile, locale });
    const userId = user.id;
    const [member] = await tx
      .select({ id: memberships.id })
      .from(memberships)
      .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.userId, userId)));
    if (member) return { userId };

    const pending = and(
      eq(invitations.workspaceId, workspaceId),
      eq(sql`lower(${invitations.email})`, email),
      isPending(),
    );
    const [invited] = await tx.select({ id: invitations.id }).from(invitations).where(pending);
    // An invitation pending for the address already holds its seat.
    if (!invited && (await seatsUsed(tx, workspaceId)) + 1 > workspace.userSeats) {
      throw new AppError('SEATS_EXHAUSTED', 'The workspace has no free seat for a new member');
    }
    // The role the workspace chose for first sign-ins (member unless its settings say admin).
    const [{ role } = { role: 'member' as const }] = await tx
      .select({ role: workspaceSso.defaultRole })
      .from(workspaceSso)
      .where(eq(workspaceSso.workspaceId, workspaceId));
    const [joined] = await tx
      .insert(memberships)
      .values({ workspaceId, userId, role })
      .returning({ createdAt: memberships.createdAt });
    if (invited)
      await tx.update(invitations).set({ acceptedAt: new Date() }).where(eq(invitations.id, invited.id));
    await events.emit(tx, {
      workspaceId,
      type: 'member.joined',
      data: { userId, email: user.email, role, joinedAt: joined!.createdAt.toISOString() },
    });
    await recordAudit(tx, {
      workspaceId,
      action: 'sso.member_joined',
      target: { type: 'member', id: userId, label: user.email },
      after: { role },
      actor: { kind: 'user', userId },
    });
    return { userId };
  });
}
