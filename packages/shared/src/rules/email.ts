/**
 * The one e-mail pattern, on both sides of every e-mail field: a local part without angle brackets,
 * parentheses, brackets, backslash, edge dots, commas, semicolons, colons, whitespace or at-signs
 * (dots allowed between atoms), or a quoted string without commas, angle brackets, quotes or
 * whitespace (a mailer could read such a string as a list of several addresses); then @; then a
 * bracketed IPv4 address or a dotted domain whose last label has at least two letters.
 */
export const emailPattern =
  /^(([^<>()[\]\\.,;:\s@"]+(\.[^<>()[\]\\.,;:\s@"]+)*)|("[^",<>\s]+"))@((\[[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}])|(([a-zA-Z\-0-9]+\.)+[a-zA-Z]{2,}))$/;

export const EMAIL_MAX_LENGTH = 254;

export function isValidEmail(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && emailPattern.test(value);
}

/** Lower-cases and trims so one address is one account whatever the user typed. */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

/**
 * Something typed in the e-mail field that is really a phone number (digits, spaces,
 * dashes, dots, parentheses, an optional leading +). Sign-in is by e-mail, Google or Facebook only:
 * a phone number gets its own message (PHONE_LOGIN_UNSUPPORTED) rather than a bad-e-mail one.
 */
export function looksLikePhoneNumber(value: string): boolean {
  const trimmed = value.trim();
  return /^\+?[\d\s\-().]{6,}$/.test(trimmed) && (trimmed.match(/\d/g)?.length ?? 0) >= 6;
}

/** Detects http(s) and www links. */
export const linkPattern = /\b(?:https?:\/\/|www\.)[^\s<>"']+/gi;
