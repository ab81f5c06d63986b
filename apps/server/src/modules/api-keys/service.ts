import { and, count, desc, eq, gt, isNull, lt, or } from 'drizzle-orm';
import {
  API_KEY_PREFIX,
  API_KEYS_PER_WORKSPACE,
  type ApiKey,
  type ApiKeyScope,
  type CreateApiKeyBody,
  type CreatedApiKey,
} from '@redacta/shared';
import type { Db } from '../../db/client.ts';
import { apiKeys, users } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { generateToken, hashSecret } from '../../lib/secrets.ts';
import { displayName } from '../invitations/service.ts';
import { lockWorkspace } from '../invitations/index.ts';
import { memberRole, requireManager, type WorkspaceRole } from '../workspaces/service.ts';
import { recordAudit } from '../audit/index.ts';

/** Characters of a key the list shows: the `rdk_` mark and eight of its random ones. */
const SHOWN_PREFIX_LENGTH = API_KEY_PREFIX.length + 8;
/** A key's last use is written when the one stored is older than this, not on every request. */
export const LAST_USED_RESOLUTION_MS = 60_000;

/** Whether a bearer token is an API key rather than a session's access token. */
export const isApiKey = (token: string) => token.startsWith(API_KEY_PREFIX);

/** A key as the auth plugin hands it to the request: who acts, where, with what. */
export interface ApiKeyPrincipal {
  id: string;
  name: string;
  workspaceId: string;
  userId: string;
  scopes: ApiKeyScope[];
  /** The creator's current role in the key's workspace. */
  role: WorkspaceRole;
}

/**
 * A new key for the workspace (its owner and admins only): 256 random bits after `rdk_`, stored as a hash,
 * answered whole this once.
 */
export async function createApiKey(
  db: Db,
  input: { workspaceId: string; userId: string; body: CreateApiKeyBody },
): Promise<CreatedApiKey> {
  const key = `${API_KEY_PREFIX}${generateToken()}`;
  const prefix = key.slice(0, SHOWN_PREFIX_LENGTH);
  const { workspaceId, userId, body } = input;
  const created = await db.transaction(async (tx) => {
    await requireManager(tx, workspaceId, userId);
    // Under the workspace's lock, so two creates at once cannot both take the last place.
    await lockWorkspace(tx, workspaceId);
    const [kept] = await tx
      .select({ n: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.workspaceId, workspaceId), isNull(apiKeys.revokedAt)));
    if (kept!.n >= API_KEYS_PER_WORKSPACE) {
      throw new AppError('CONFLICT', `A workspace keeps at most ${API_KEYS_PER_WORKSPACE} API keys`);
    }
    const [row] = await tx
      .insert(apiKeys)
      .values({
        workspaceId,
        createdBy: userId,
        name: body.name,
        prefix,
        keyHash: hashSecret(key),
        scopes: body.scopes,
        expiresAt: body.expiresAt ? new Date(body.expiresAt) : null,
      })
      .returning({ id: apiKeys.id });
    await recordAudit(tx, {
      workspaceId,
      action: 'api_key.created',
      target: { type: 'api_key', id: row!.id, label: body.name },
      after: { scopes: body.scopes, expiresAt: body.expiresAt ?? null },
    });
    return row!;
  });
  return { id: created.id, key, prefix };
}

/** The workspace's keys not revoked, newest first (its owner and admins only). */
export async function listApiKeys(db: Db, workspaceId: string, userId: string): Promise<ApiKey[]> {
  await requireManager(db, workspaceId, userId);
  const rows = await db
    .select({
      key: apiKeys,
      creator: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
    })
    .from(apiKeys)
    .leftJoin(users, eq(users.id, apiKeys.createdBy))
    .where(and(eq(apiKeys.workspaceId, workspaceId), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map(({ key, creator }) => ({
    id: key.id,
    name: key.name,
    prefix: key.prefix,
    scopes: key.scopes,
    createdAt: key.createdAt.toISOString(),
    lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
    expiresAt: key.expiresAt?.toISOString() ?? null,
    createdBy: creator ? { id: creator.id, name: displayName(creator) } : null,
  }));
}

/**
 * Revokes a key (its workspace's owner and admins only; another workspace's key is 404). Every request reads
 * the key's row, so the next one with it is refused.
 */
export async function revokeApiKey(db: Db, keyId: string, userId: string): Promise<void> {
  const [key] = await db
    .select({ workspaceId: apiKeys.workspaceId, name: apiKeys.name })
    .from(apiKeys)
    .where(and(eq(apiKeys.id, keyId), isNull(apiKeys.revokedAt)));
  if (!key) throw notFound('API key');
  await requireManager(db, key.workspaceId, userId);
  await db.transaction(async (tx) => {
    const [revoked] = await tx
      .update(apiKeys)
      .set({ revokedAt: new Date() })
      .where(and(eq(apiKeys.id, keyId), isNull(apiKeys.revokedAt)))
      .returning({ id: apiKeys.id });
    // Revoked by another request meanwhile: that one recorded it.
    if (!revoked) return;
    await recordAudit(tx, {
      workspaceId: key.workspaceId,
      action: 'api_key.revoked',
      target: { type: 'api_key', id: keyId, label: key.name },
    });
  });
}

/**
 * The key a request presents, with its creator's current role in its workspace; null when it is
 * unknown, revoked, expired, or its creator no longer belongs to the workspace. Its last use is
 * written when the stored one is a minute old or more.
 */
export async function resolveApiKey(
  db: Db,
  presented: string,
  now = new Date(),
): Promise<ApiKeyPrincipal | null> {
  const membership = memberRole(apiKeys.workspaceId, apiKeys.createdBy);
  const [row] = await db
    .select({ key: apiKeys, role: membership.role })
    .from(apiKeys)
    .crossJoin(membership.from)
    .where(
      and(
        eq(apiKeys.keyHash, hashSecret(presented)),
        isNull(apiKeys.revokedAt),
        or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, now)),
      ),
    );
  if (!row) return null;
  const { key, role } = row;
  const stale = new Date(now.getTime() - LAST_USED_RESOLUTION_MS);
  if (!key.lastUsedAt || key.lastUsedAt <= stale) {
    // Conditional, so instances that race on the same minute write it once.
    await db
      .update(apiKeys)
      .set({ lastUsedAt: now })
      .where(and(eq(apiKeys.id, key.id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, stale))));
  }
  return {
    id: key.id,
    name: key.name,
    workspaceId: key.workspaceId,
    userId: key.createdBy,
    scopes: key.scopes,
    role,
  };
}
