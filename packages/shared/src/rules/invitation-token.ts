/**
 * An invitation link's token, base64url without padding: the invitation id's 16 bytes (22 characters)
 * then a 32-byte secret (43 characters). Links mailed before tokens named their invitation are the
 * secret alone, and keep working.
 */
export const INVITATION_TOKEN_PATTERN = /^(?:[A-Za-z0-9_-]{22})?[A-Za-z0-9_-]{43}$/;
