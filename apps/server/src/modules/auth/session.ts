import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { refreshTokens } from '../../db/schema.ts';
import { signAccessToken } from '../../lib/access-token.ts';
import { AppError } from '../../lib/errors.ts';
import { generateToken, hashSecret } from '../../lib/secrets.ts';
import type { RefreshCookie } from './refresh-cookie.ts';

export const REFRESH_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/**
 * Two tabs (or a double-mounted effect) may refresh with the same token at once; the slower one
 * then presents a token rotated a moment ago. Within this window that is a race, not a theft.
 */
export const REFRESH_REUSE_GRACE_MS = 10_000;

const invalid = () => new AppError('REFRESH_INVALID', 'Your session has ended; sign in again');

/** A session's tokens: the access token to return and the refresh cookie for the route to set. */
export interface SessionTokens {
  accessToken: string;
  refreshCookie: RefreshCookie;
}

/**
 * Signs the user in on this browser: a new refresh-token family (30 days absolute), which is the
 * session its access tokens name, and a 15-minute access token. Used by the e-mail code login and by
 * the OAuth callback alike.
 */
export async function startSession(app: FastifyInstance, userId: string): Promise<SessionTokens> {
  const token = generateToken();
  const familyId = randomUUID();
  const expiresAt = new Date(Date.now() + REFRESH_TTL_MS);
  await app.db.insert(refreshTokens).values({ userId, familyId, tokenHash: hashSecret(token), expiresAt });
  return {
    accessToken: await signAccessToken(app.config.JWT_SECRET, { userId, sessionId: familyId }),
    refreshCookie: { token, expiresAt },
  };
}

/**
 * Exchanges a refresh token for a new one of the same family (same absolute expiry) and a new
 * access token. Presenting a token that was rotated earlier (past the grace window) means it
 * leaked: the whole family is revoked, with the access tokens issued for it, so neither the thief
 * nor the user can go on with it. REFRESH_INVALID tells the route the cookie is of no more use.
 */
export async function rotateSession(
  app: FastifyInstance,
  presented: string | undefined,
): Promise<SessionTokens & { userId: string }> {
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
      return { reused: true as const, familyId: current.familyId };
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
    return {
      reused: false as const,
      userId: current.userId,
      familyId: current.familyId,
      token,
      expiresAt: current.expiresAt,
    };
  });
  if (!outcome) throw invalid();
  if (outcome.reused) {
    app.log.warn('refresh token reuse detected; the session family was revoked');
    await app.revokedSessions.revoke(outcome.familyId);
    throw invalid();
  }
  const { userId, familyId, token, expiresAt } = outcome;
  return {
    userId,
    accessToken: await signAccessToken(app.config.JWT_SECRET, { userId, sessionId: familyId }),
    refreshCookie: { token, expiresAt },
  };
}

/**
 * Logout: the presented token's family ends, whatever token of it the browser had, and so do the
 * access tokens issued for it, on every instance within seconds.
 */
export async function endSession(app: FastifyInstance, presented: string | undefined): Promise<void> {
  if (!presented) return;
  const [current] = await app.db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashSecret(presented)));
  if (!current) return;
  await revokeFamily(app.db, current.familyId);
  await app.revokedSessions.revoke(current.familyId);
}

async function revokeFamily(db: Pick<Db, 'update'>, familyId: string) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}
