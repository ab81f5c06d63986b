import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { SCIM_TOKEN_PREFIX, type CreatedScimToken, type ScimSettings } from '@redacta/shared';
import type { Db, Tx } from '../../db/client.ts';
import { scimTokens, workspaces } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { generateToken, hashSecret } from '../../lib/secrets.ts';
import { lockWorkspace } from '../invitations/index.ts';
import { LAST_USED_RESOLUTION_MS } from '../api-keys/service.ts';
import { requireManager } from '../workspaces/service.ts';
import { recordAudit } from '../audit/index.ts';
import { applyScimRoles } from './roles.ts';

/** Characters of a token the settings page shows: the `rds_` mark and eight of its random ones. */
const SHOWN_PREFIX_LENGTH = SCIM_TOKEN_PREFIX.length + 8;

/** SCIM is part of the Enterprise plan only (docs/product.md, "SCIM provisioning"). */
export const scimAvailable = (plan: string) => plan === 'enterprise';
const PLAN_REQUIRED_MESSAGE = 'SCIM provisioning is part of the Enterprise plan';

/** The SCIM settings of a workspace (its owner and admins only): whether the plan has it, the base URL, the token. */
export async function scimSettings(
  db: Db,
  input: { workspaceId: string; userId: string; baseUrl: string },
): Promise<ScimSettings> {
  await requireManager(db, input.workspaceId, input.userId);
  const [workspace] = await db
    .select({ plan: workspaces.plan })
    .from(workspaces)
    .where(eq(workspaces.id, input.workspaceId));
  const [token] = await db
    .select()
    .from(scimTokens)
    .where(and(eq(scimTokens.workspaceId, input.workspaceId), isNull(scimTokens.revokedAt)));
  return {
    available: scimAvailable(workspace!.plan),
    baseUrl: input.baseUrl,
    adminGroups: await scimAdminGroups(db, input.workspaceId),
    token: token
      ? {
          prefix: token.prefix,
          createdAt: token.createdAt.toISOString(),
          lastUsedAt: token.lastUsedAt?.toISOString() ?? null,
        }
      : null,
  };
}

/**
 * A new SCIM token for an Enterprise workspace (its owner and admins only): 256 random bits after `rds_`, stored
 * as a hash, answered whole this once. The token not revoked until now is revoked in the same
 * transaction, so rotating leaves exactly one that works.
 */
export async function createScimToken(
  db: Db,
  input: { workspaceId: string; userId: string },
): Promise<CreatedScimToken> {
  const token = `${SCIM_TOKEN_PREFIX}${generateToken()}`;
  const prefix = token.slice(0, SHOWN_PREFIX_LENGTH);
  await db.transaction(async (tx) => {
    await requireManager(tx, input.workspaceId, input.userId);
    // Under the workspace's lock, so two rotations at once leave one token, not a unique violation.
    const workspace = await lockWorkspace(tx, input.workspaceId);
    if (!scimAvailable(workspace.plan)) {
      throw new AppError('PLAN_REQUIRED', PLAN_REQUIRED_MESSAGE);
    }
    await tx
      .update(scimTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(scimTokens.workspaceId, input.workspaceId), isNull(scimTokens.revokedAt)));
    const [created] = await tx
      .insert(scimTokens)
      .values({
        workspaceId: input.workspaceId,
        createdBy: input.userId,
        prefix,
        tokenHash: hashSecret(token),
      })
      .returning({ id: scimTokens.id });
    await recordAudit(tx, {
      workspaceId: input.workspaceId,
      action: 'scim.token_created',
      target: { type: 'scim_token', id: created!.id, label: prefix },
    });
  });
  return { token, prefix };
}

/** Revokes the workspace's SCIM token (its owner and admins only); 404 when there is none. */
export async function revokeScimToken(db: Db, input: { workspaceId: string; userId: string }): Promise<void> {
  await requireManager(db, input.workspaceId, input.userId);
  await db.transaction(async (tx) => {
    const [revoked] = await tx
      .update(scimTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(scimTokens.workspaceId, input.workspaceId), isNull(scimTokens.revokedAt)))
      .returning({ id: scimTokens.id, prefix: scimTokens.prefix });
    if (!revoked) throw notFound('SCIM token');
    await recordAudit(tx, {
      workspaceId: input.workspaceId,
      action: 'scim.token_revoked',
      target: { type: 'scim_token', id: revoked.id, label: revoked.prefix },
    });
  });
}

/** What a SCIM token presented resolves to. */
export type ScimTokenResolution =
  { kind: 'workspace'; workspaceId: string } | { kind: 'unknown' } | { kind: 'plan-required' };

/**
 * The workspace a SCIM request's token belongs to: unknown when it is not a token or revoked, refused
 * when the workspace is no longer Enterprise (the token stays, and works again if the plan returns).
 * Its last use is written when the stored one is a minute old or more.
 */
export async function resolveScimToken(
  db: Db,
  presented: string,
  now = new Date(),
): Promise<ScimTokenResolution> {
  if (!presented.startsWith(SCIM_TOKEN_PREFIX)) return { kind: 'unknown' };
  const [row] = await db
    .select({ token: scimTokens, plan: workspaces.plan })
    .from(scimTokens)
    .innerJoin(workspaces, eq(workspaces.id, scimTokens.workspaceId))
    .where(and(eq(scimTokens.tokenHash, hashSecret(presented)), isNull(scimTokens.revokedAt)));
  if (!row) return { kind: 'unknown' };
  if (!scimAvailable(row.plan)) return { kind: 'plan-required' };
  const stale = new Date(now.getTime() - LAST_USED_RESOLUTION_MS);
  if (!row.token.lastUsedAt || row.token.lastUsedAt <= stale) {
    await db
      .update(scimTokens)
      .set({ lastUsedAt: now })
      .where(
        and(
          eq(scimTokens.id, row.token.id),
          or(isNull(scimTokens.lastUsedAt), lt(scimTokens.lastUsedAt, stale)),
        ),
      );
  }
  return { kind: 'workspace', workspaceId: row.token.workspaceId };
}

/** The group names that grant admin, as the settings page shows them. */
export async function scimAdminGroups(
  db: Db | Tx,
  workspaceId: string,
): Promise<ScimSettings['adminGroups']> {
  const [row] = await db
    .select({ adminGroups: workspaces.scimAdminGroups })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  return row?.adminGroups ?? [];
}

/**
 * `PUT /workspace/{id}/scim/admin-groups` (the owner and admins, in Settings → SCIM; Enterprise only): which group
 * names grant admin. Every SCIM-provisioned member's role follows the new list at once, and the
 * change is recorded as `scim.admin_groups_changed`. Names are kept as typed, once each ignoring case.
 */
export async function setScimAdminGroups(
  db: Db,
  input: { workspaceId: string; userId: string; adminGroups: string[] },
): Promise<void> {
  await requireManager(db, input.workspaceId, input.userId);
  const seen = new Set<string>();
  const adminGroups = input.adminGroups
    .map((name) => name.trim())
    .filter((name) => {
      const key = name.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  await db.transaction(async (tx) => {
    const workspace = await lockWorkspace(tx, input.workspaceId);
    if (!scimAvailable(workspace.plan)) throw new AppError('PLAN_REQUIRED', PLAN_REQUIRED_MESSAGE);
    const before = await scimAdminGroups(tx, input.workspaceId);
    await tx
      .update(workspaces)
      .set({ scimAdminGroups: adminGroups })
      .where(eq(workspaces.id, input.workspaceId));
    await recordAudit(tx, {
      workspaceId: input.workspaceId,
      action: 'scim.admin_groups_changed',
      target: { type: 'workspace', id: input.workspaceId },
      before: { adminGroups: before },
      after: { adminGroups },
    });
    await applyScimRoles(tx, input.workspaceId);
  });
}
