import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** A 6-digit code from the CSPRNG, leading zeros kept. */
export function generateNumericCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/** 256-bit random token, URL-safe. */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens and codes are stored only as this hash; the pepper ties a code to its e-mail/purpose. */
export function hashSecret(secret: string, pepper = ''): string {
  return createHash('sha256').update(`${pepper}\u0000${secret}`).digest('hex');
}

export function safeEqualHex(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
