import { createHash } from 'node:crypto';
import { and, eq, isNull, lte, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { idempotencyKeys } from '../../db/schema.ts';

/** How long a key's first answer is kept and replayed. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60_000;

/** Whose key it is: a user (through a session or one of their API keys) in a workspace. */
export interface IdempotencyScope {
  userId: string;
  /** The API key the request acts with; null for a person's session. */
  apiKeyId: string | null;
  /** The workspace the request names; null for a route that names none in its request. */
  workspaceId: string | null;
}

/** What a request with a key finds: the key is now its own, or it was seen before. */
export type Claim =
  | { kind: 'claimed'; id: string }
  | { kind: 'replay'; status: number; contentType: string | null; body: string }
  /** The first request with this key is still running. */
  | { kind: 'running' }
  /** The key was used for a different request. */
  | { kind: 'mismatch' };

/** A finished answer, as it is replayed. */
export interface StoredAnswer {
  status: number;
  contentType: string | null;
  body: string;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** JSON with every object's keys sorted, so that two equal requests have one fingerprint. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The fingerprint a key's request is recognised by: sha256 of its canonical JSON. */
export const fingerprint = (request: unknown) => sha256(canonicalJson(request));

function sameKey(scope: IdempotencyScope, keyHash: string): SQL {
  return and(
    eq(idempotencyKeys.userId, scope.userId),
    scope.apiKeyId === null ? isNull(idempotencyKeys.apiKeyId) : eq(idempotencyKeys.apiKeyId, scope.apiKeyId),
    scope.workspaceId === null
      ? isNull(idempotencyKeys.workspaceId)
      : eq(idempotencyKeys.workspaceId, scope.workspaceId),
    eq(idempotencyKeys.keyHash, keyHash),
  )!;
}

/**
 * Takes the key for a request, or says what it was used for. The unique insert decides between two
 * requests sent at once: one claims the key, the other finds it running. An expired key, or one whose
 * request has outlived `leaseMs` (its process died before it answered), is taken over by a
 * conditional update that again only one request can win.
 */
export async function claimKey(
  db: Db,
  scope: IdempotencyScope,
  key: string,
  request: { fingerprint: string; leaseMs: number },
): Promise<Claim> {
  const keyHash = sha256(key);
  for (let attempt = 0; attempt < 3; attempt++) {
    const now = new Date();
    const fresh = {
      fingerprint: request.fingerprint,
      status: null,
      contentType: null,
      body: null,
      claimedUntil: new Date(now.getTime() + request.leaseMs),
      expiresAt: new Date(now.getTime() + IDEMPOTENCY_KEY_TTL_MS),
    };
    const [inserted] = await db
      .insert(idempotencyKeys)
      .values({ ...scope, keyHash, ...fresh })
      .onConflictDoNothing()
      .returning({ id: idempotencyKeys.id });
    if (inserted) return { kind: 'claimed', id: inserted.id };
    const [row] = await db.select().from(idempotencyKeys).where(sameKey(scope, keyHash));
    // Deleted since the insert (expired and cleaned up): try the insert again.
    if (!row) continue;
    const expired = row.expiresAt <= now;
    if (!expired && row.fingerprint !== request.fingerprint) return { kind: 'mismatch' };
    if (!expired && row.status !== null) {
      return { kind: 'replay', status: row.status, contentType: row.contentType, body: row.body ?? '' };
    }
    if (!expired && row.claimedUntil > now) return { kind: 'running' };
    const takeOver = expired
      ? lte(idempotencyKeys.expiresAt, now)
      : and(isNull(idempotencyKeys.status), lte(idempotencyKeys.claimedUntil, now));
    const [taken] = await db
      .update(idempotencyKeys)
      .set({ ...fresh, createdAt: now })
      .where(and(eq(idempotencyKeys.id, row.id), takeOver))
      .returning({ id: idempotencyKeys.id });
    if (taken) return { kind: 'claimed', id: taken.id };
  }
  return { kind: 'running' };
}

/** Keeps a claimed key's answer for its replays. */
export async function storeAnswer(db: Db, id: string, answer: StoredAnswer): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ status: answer.status, contentType: answer.contentType, body: answer.body })
    .where(eq(idempotencyKeys.id, id));
}

/** Frees a claimed key whose request did nothing worth replaying: the next request with it runs. */
export async function releaseKey(db: Db, id: string): Promise<void> {
  await db.delete(idempotencyKeys).where(eq(idempotencyKeys.id, id));
}

/** Deletes the keys past their 24 hours (the database maintenance calls it); answers how many. */
export async function deleteExpiredKeys(db: Db): Promise<number> {
  const deleted = await db
    .delete(idempotencyKeys)
    .where(lte(idempotencyKeys.expiresAt, new Date()))
    .returning({ id: idempotencyKeys.id });
  return deleted.length;
}
