import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { AppError } from './errors.ts';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const ISSUER = 'redacta';

export interface AccessTokenClaims {
  userId: string;
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
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
    .sign(await key(secret));
}

export async function verifyAccessToken(secret: string, token: string): Promise<AccessTokenClaims> {
  try {
    const { payload } = await jwtVerify(token, await key(secret), { issuer: ISSUER, algorithms: ['HS256'] });
    if (!payload.sub) throw new AppError('UNAUTHENTICATED', 'Invalid access token');
    return { userId: payload.sub };
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) throw new AppError('TOKEN_EXPIRED', 'Access token expired');
    if (error instanceof AppError) throw error;
    throw new AppError('UNAUTHENTICATED', 'Invalid access token');
  }
}
