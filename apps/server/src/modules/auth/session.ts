import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Db } from '../../db/client.ts';
import { refreshTokens } from '../../db/schema.ts';
import { signAccessToken } from '../../lib/access-token.ts';
import { AppError } from '../../lib/errors.ts';
import { generateToken, hashSecret } from '../../lib/secrets.ts';

export const REFRESH_COOKIE = 'redacta_refresh';
export const REFRESH_COOKIE_PATH = '/api/auth';
export const REFRESH_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/**
 * Two tabs (or a double-mounted effect) may refresh with the same token at once; the slower one
 * then presents a token rotated a moment ago. Within this window that is a race, not a theft.
 */
export const REFRESH_REUSE_GRACE_MS = 10_000;

const invalid = () => new AppError('REFRESH_INVALID', 'Your session has ended; sign in again');

function setRefreshCookie(app: FastifyInstance, reply: FastifyReply, token: string, expiresAt: Date) {
  reply.setCookie(REFRESH_COOKIE, token, {
    path: REFRESH_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure: app.config.isProduction,
    expires: expiresAt,
  });
}

export function clearRefreshCookie(app: FastifyInstance, reply: FastifyReply) {
  reply.clearCookie(REFRESH_COOKIE, {
    path: REFRESH_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure: app.config.isProduction,
  });
}

/**
 * Signs the user in on this browser: a new refresh-token family (30 days absolute) in the
 * HttpOnly cookie, and a 15-minute access token for the caller to return. Used by the e-mail code
 * login and by the OAuth callback alike.
 */
export async function startSession(
  app: FastifyInstance,
  reply: FastifyReply,
  userId: string,
): Promise<string> {
  const token = generateToken();
  const expiresAt = new Date(Date.now() + REFRESH_TTL_MS);
  await app.db.insert(refreshTokens).values({
    userId,
    familyId: randomUUID(),
    tokenHash: hashSecret(token),
    expiresAt,
  });
  setRefreshCookie(app, reply, token, expiresAt);
  return signAccessToken(app.config.JWT_SECRET, { userId });
}

/**
 * Exchanges a refresh token for a new one of the same family (same absolute expiry) and a new
 * access token. Presenting a token that was rotated earlier (past the grace window) means it
 * leaked: the whole family is revoked, so neither the thief nor the user can go on with it.
 */
export async function rotateSession(
  app: FastifyInstance,
  reply: FastifyReply,
  presented: string | undefined,
): Promise<{ userId: string; accessToken: string }> {
  if (!presented) throw invalid();
  const now = new Date();
  const outcome = await app.db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashSecret(presented)))
      .for('update');
    if (!current || current.revokedAt || current.expiresAt <= now) return null;
    if (current.rotatedAt && now.getTime() - current.rotatedAt.getTime() > REFRESH_REUSE_GRACE_MS) {
      await revokeFamily(tx, current.familyId);
      return 'reused' as const;
    }
    if (!current.rotatedAt) {
      await tx.update(refreshTokens).set({ rotatedAt: now }).where(eq(refreshTokens.id, current.id));
    }
    const token = generateToken();
    await tx.insert(refreshTokens).values({
      userId: current.userId,
      familyId: current.familyId,
      tokenHash: hashSecret(token),
      expiresAt: current.expiresAt,
    });
    return { userId: current.userId, token, expiresAt: current.expiresAt };
  });
  if (outcome === 'reused') {
    app.log.warn('refresh token reuse detected; the session family was revoked');
    clearRefreshCookie(app, reply);
    throw invalid();
  }
  if (!outcome) {
    clearRefreshCookie(app, reply);
    throw invalid();
  }
  setRefreshCookie(app, reply, outcome.token, outcome.expiresAt);
  return { userId: outcome.userId, accessToken: await signAccessToken(app.config.JWT_SECRET, outcome) };
}

/** Logout: the presented token's family ends, whatever token of it the browser had. */
export async function endSession(app: FastifyInstance, presented: string | undefined): Promise<void> {
  if (!presented) return;
  const [current] = await app.db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashSecret(presented)));
  if (current) await revokeFamily(app.db, current.familyId);
}

async function revokeFamily(db: Pick<Db, 'update'>, familyId: string) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}
