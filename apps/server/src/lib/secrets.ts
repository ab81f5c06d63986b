import {
  createCipheriv,
  createDecipheriv,
  createHash,
  hkdfSync,
  randomBytes,
  randomInt,
  timingSafeEqual,
} from 'node:crypto';

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

/** An AES-256 key for `purpose`, derived from the server's secret (JWT_SECRET), so no second key to keep. */
function sealingKey(serverSecret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', serverSecret, 'redacta-sealed-secret', purpose, 32));
}

/**
 * A secret the server must use again later (an identity provider's client secret), encrypted with
 * AES-256-GCM: `v1.` + base64url of nonce, tag and ciphertext. Secrets that are only compared are
 * hashed instead (`hashSecret`).
 */
export function sealSecret(serverSecret: string, purpose: string, plain: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(serverSecret, purpose), nonce);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `v1.${Buffer.concat([nonce, cipher.getAuthTag(), body]).toString('base64url')}`;
}

/** The secret `sealSecret` sealed; throws when it was sealed with another server secret or altered. */
export function openSecret(serverSecret: string, purpose: string, sealed: string): string {
  const raw = Buffer.from(sealed.replace(/^v1\./, ''), 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', sealingKey(serverSecret, purpose), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}
