import { z } from 'zod';
import { locales } from '../locales.ts';
import { EMAIL_MAX_LENGTH } from '../rules/email.ts';
import { freeText } from '../rules/text.ts';

export const localeSchema = z.enum(locales);

/** What the user typed in the e-mail box; the server tells phone numbers from bad addresses. */
export const emailStartBodySchema = z.strictObject({
  email: freeText({ max: EMAIL_MAX_LENGTH }),
  locale: localeSchema.optional(),
});
export type EmailStartBody = z.infer<typeof emailStartBodySchema>;

export const loginBodySchema = z.strictObject({
  method: z.literal('email'),
  email: freeText({ max: EMAIL_MAX_LENGTH }),
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'The code has six digits'),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const sessionUserSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  name: z.string(),
  picture: z.string().nullable(),
  locale: localeSchema,
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const loginResponseSchema = z.object({
  accessToken: z.string(),
  user: sessionUserSchema.extend({ isRegistration: z.boolean() }),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** The header a caller sends to `GET /auth/refresh` when a visitor without a session is expected. */
export const SESSION_OPTIONAL_HEADER = 'x-session-optional';

/**
 * `GET /auth/refresh` with `X-Session-Optional: 1`: the caller opens a page where a visitor who never
 * signed in is expected (a first visit), so a request carrying no refresh cookie at all is answered
 * 204 with no body instead of 401. A cookie that no longer works is still 401 REFRESH_INVALID.
 */
export const refreshHeadersSchema = z.object({
  [SESSION_OPTIONAL_HEADER]: z.literal('1').optional(),
});

export const refreshResponseSchema = z.object({
  accessToken: z.string(),
  user: sessionUserSchema,
});
export type RefreshResponse = z.infer<typeof refreshResponseSchema>;

export const oauthProviderSchema = z.enum(['google', 'facebook']);
export type OAuthProvider = z.infer<typeof oauthProviderSchema>;

export const authProvidersResponseSchema = z.object({
  google: z.boolean(),
  facebook: z.boolean(),
});
export type AuthProvidersResponse = z.infer<typeof authProvidersResponseSchema>;
