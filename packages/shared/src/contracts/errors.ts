import { z } from 'zod';

/**
 * Every error the API can answer with. The web app maps each code to a localised message,
 * so a code is a promise: rename one only together with both locale files.
 */
export const errorCodes = [
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'TOKEN_EXPIRED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'RATE_LIMITED',
  'INTERNAL',
  'CODE_INVALID',
  'CODE_EXPIRED',
  'CODE_ATTEMPTS_EXCEEDED',
  'PHONE_LOGIN_UNSUPPORTED',
  'EMAIL_TAKEN',
  'EMAIL_UNCHANGED',
  'REFRESH_INVALID',
  'OAUTH_NOT_CONFIGURED',
  'OAUTH_FAILED',
  'NOT_WORKSPACE_OWNER',
  'SEATS_EXHAUSTED',
  'PLAN_REQUIRED',
  'NO_WORDS_LEFT',
  'FOLDER_NAME_TAKEN',
  'DOCUMENT_TOO_LARGE',
  'DOCUMENT_CHANGED',
  'AI_PROVIDER_ERROR',
  'AI_TIMEOUT',
  'BRAND_VOICE_SAMPLE_TOO_LONG',
  'BRAND_VOICE_ANALYSIS_FAILED',
  'CURSOR_INVALID',
  'BODY_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'ALREADY_MEMBER',
  'NOT_INVITER',
  'MEMBER_REMOVAL_FORBIDDEN',
  'OWNER_CANNOT_LEAVE',
  'INVITATION_EXPIRED',
  'INVITATION_REVOKED',
  'INVITATION_USED',
  'INVITATION_EMAIL_MISMATCH',
  'BILLING_UNAVAILABLE',
  'BILLING_PROVIDER_ERROR',
  'PRICES_UNAVAILABLE',
  'SUBSCRIPTION_EXISTS',
  'NO_SUBSCRIPTION',
  'DISCOUNT_ALREADY_USED',
  'WEBHOOK_SIGNATURE_INVALID',
  'BRAND_VOICES_FULL',
  'FOLDERS_FULL',
  'CUSTOM_PROMPTS_FULL',
  'TEMPLATES_FULL',
  'STORAGE_FULL',
  'REPLIES_IN_PROGRESS',
  'KNOWLEDGE_FILE_UNSUPPORTED',
  'KNOWLEDGE_FILE_TOO_LARGE',
  'BATCH_TOO_MANY_ROWS',
  'BATCH_INVALID_ROWS',
  'IDEMPOTENCY_KEY_IN_USE',
  'IDEMPOTENCY_KEY_REUSED',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

export const errorBodySchema = z.object({
  error: z.object({
    code: z.enum(errorCodes),
    message: z.string(),
    requestId: z.string().optional(),
    issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  }),
});

export type ErrorBody = z.infer<typeof errorBodySchema>;
