import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { AppError } from './errors.ts';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const ISSUER = 'redacta';

export interface AccessTokenClaims {
  userId: string;
  /** The sign-in it belongs to (its refresh-token family): logging out revokes it (`sid` claim). */
  sessionId: string;
}

const keys = new Map<string, Promise<CryptoKey>>();

/** The HMAC key of a secret, imported once: importing it again on every request cost more than verifying. */
function key(secret: string): Promise<CryptoKey> {
  let imported = keys.get(secret);
  if (!imported) {
    imported = crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
    keys.set(secret, imported);
  }
  return imported;
}

export async function signAccessToken(secret: string, claims: AccessTokenClaims): Promise<string> {
  return new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
    .sign(await key(secret));
}

/**
 * Tokens verified lately, per secret, with their claims and expiry. A client sends the same access
 * token with every request for its 15 minutes, and verifying it again costs ~0.1 ms (an HMAC job of
 * WebCrypto's plus jose's checks) on every chat request's way to its first token. The signature of a
 * given token under a given secret does not change; its expiry is checked on every use. Bounded: the
 * oldest entry goes first.
 */
const verified = new Map<string, Map<string, { claims: AccessTokenClaims; expiresAt: number }>>();
const VERIFIED_TOKENS_KEPT = 10_000;

export async function verifyAccessToken(secret: string, token: string): Promise<AccessTokenClaims> {
  let tokens = verified.get(secret);
  const known = tokens?.get(token);
  // jose's rule: expired once `exp` is not after now, in whole seconds.
  if (known && known.expiresAt > Math.floor(Date.now() / 1000)) return known.claims;
  try {
    const { payload } = await jwtVerify(token, await key(secret), { issuer: ISSUER, algorithms: ['HS256'] });
    if (!payload.sub || payload.exp === undefined || typeof payload.sid !== 'string' || !payload.sid) {
      throw new AppError('UNAUTHENTICATED', 'Invalid access token');
    }
    const claims = { userId: payload.sub, sessionId: payload.sid };
    if (!tokens) verified.set(secret, (tokens = new Map()));
    if (tokens.size >= VERIFIED_TOKENS_KEPT) tokens.delete(tokens.keys().next().value!);
    tokens.set(token, { claims, expiresAt: payload.exp });
    return claims;
  } catch (error) {
    tokens?.delete(token);
    if (error instanceof joseErrors.JWTExpired) throw new AppError('TOKEN_EXPIRED', 'Access token expired');
    if (error instanceof AppError) throw error;
    throw new AppError('UNAUTHENTICATED', 'Invalid access token');
  }
}
