import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { AppError } from './errors.ts';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const ISSUER = 'redacta';

export interface AccessTokenClaims {
  userId: string;
}

function key(secret: string) {
  return new TextEncoder().encode(secret);
}

export async function signAccessToken(secret: string, claims: AccessTokenClaims): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
    .sign(key(secret));
}

export async function verifyAccessToken(secret: string, token: string): Promise<AccessTokenClaims> {
  try {
    const { payload } = await jwtVerify(token, key(secret), { issuer: ISSUER, algorithms: ['HS256'] });
    if (!payload.sub) throw new AppError('UNAUTHENTICATED', 'Invalid access token');
    return { userId: payload.sub };
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) throw new AppError('TOKEN_EXPIRED', 'Access token expired');
    if (error instanceof AppError) throw error;
    throw new AppError('UNAUTHENTICATED', 'Invalid access token');
  }
}
