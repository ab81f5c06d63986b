import type { ErrorCode } from '@redacta/shared';

const defaultStatus: Partial<Record<ErrorCode, number>> = {
  VALIDATION_FAILED: 400,
  CURSOR_INVALID: 400,
  UNAUTHENTICATED: 401,
  TOKEN_EXPIRED: 401,
  REFRESH_INVALID: 401,
  FORBIDDEN: 403,
  NOT_WORKSPACE_OWNER: 403,
  PLAN_REQUIRED: 403,
  SSO_REQUIRED: 403,
  SSO_DOMAIN_NOT_VERIFIED: 409,
  SSO_DOMAIN_TAKEN: 409,
  NO_WORDS_LEFT: 403,
  MEMBER_BUDGET_EXHAUSTED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  EMAIL_TAKEN: 409,
  SEATS_EXHAUSTED: 409,
  FOLDER_NAME_TAKEN: 409,
  DOCUMENT_TOO_LARGE: 413,
  BODY_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  ALREADY_MEMBER: 409,
  NOT_INVITER: 403,
  MEMBER_REMOVAL_FORBIDDEN: 403,
  OWNER_CANNOT_LEAVE: 409,
  OWNER_ROLE_FIXED: 409,
  OWNED_WORKSPACES_UNDECIDED: 409,
  WORKSPACE_NAME_MISMATCH: 400,
  LAST_WORKSPACE: 409,
  INVITATION_EXPIRED: 410,
  INVITATION_REVOKED: 410,
  INVITATION_USED: 409,
  INVITATION_EMAIL_MISMATCH: 403,
  BILLING_UNAVAILABLE: 409,
  BILLING_PROVIDER_ERROR: 502,
  PRICES_UNAVAILABLE: 502,
  SUBSCRIPTION_EXISTS: 409,
  NO_SUBSCRIPTION: 409,
  DISCOUNT_ALREADY_USED: 409,
  WEBHOOK_SIGNATURE_INVALID: 400,
  AI_PROVIDER_ERROR: 502,
  AI_TIMEOUT: 504,
  RATE_LIMITED: 429,
  REPLIES_IN_PROGRESS: 429,
  KNOWLEDGE_FILE_UNSUPPORTED: 415,
  KNOWLEDGE_FILE_TOO_LARGE: 413,
  BATCH_TOO_MANY_ROWS: 400,
  BATCH_INVALID_ROWS: 409,
  IDEMPOTENCY_KEY_IN_USE: 409,
  IDEMPOTENCY_KEY_REUSED: 422,
  INTERNAL: 500,
};

/** The one error type services throw; the error handler turns it into `{ error: { code, message } }`. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    status?: number,
    /** Per-field problems, for forms that show each message under its field. */
    readonly issues?: { path: string; message: string }[],
  ) {
    super(message);
    this.status = status ?? defaultStatus[code] ?? 400;
  }
}

/** RATE_LIMITED with when to try again: answered with a `Retry-After` header the web puts into words. */
export class RateLimitedError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('RATE_LIMITED', message, 429);
  }
}

export const notFound = (what = 'Resource') => new AppError('NOT_FOUND', `${what} not found`);

/** Postgres error codes, found on drizzle's wrapped error as `cause.code`. */
export function pgErrorCode(error: unknown): string | undefined {
  const candidate = (error as { cause?: { code?: unknown }; code?: unknown }) ?? {};
  const code = candidate.cause?.code ?? candidate.code;
  return typeof code === 'string' ? code : undefined;
}

export const isUniqueViolation = (error: unknown) => pgErrorCode(error) === '23505';
export const isForeignKeyViolation = (error: unknown) => pgErrorCode(error) === '23503';
