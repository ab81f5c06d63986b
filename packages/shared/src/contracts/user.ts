import { z } from 'zod';
import { PERSON_NAME_MAX_LENGTH } from '../rules/names.ts';
import { localeSchema } from './auth.ts';

export const changeNameBodySchema = z.strictObject({
  firstName: z.string().trim().min(1).max(PERSON_NAME_MAX_LENGTH),
  lastName: z.string().trim().min(1).max(PERSON_NAME_MAX_LENGTH),
});
export type ChangeNameBody = z.infer<typeof changeNameBodySchema>;

export const changeNameResponseSchema = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
});
export type ChangeNameResponse = z.infer<typeof changeNameResponseSchema>;

/**
 * Changing the e-mail is two calls: without `code` the server mails a code to the new address
 * (204); with it, the change is made and the new address returned.
 */
export const changeEmailBodySchema = z.strictObject({
  email: z.string().trim().min(1).max(254),
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/)
    .optional(),
});
export type ChangeEmailBody = z.infer<typeof changeEmailBodySchema>;

export const changeEmailResponseSchema = z.object({ email: z.string() });
export type ChangeEmailResponse = z.infer<typeof changeEmailResponseSchema>;

export const changeLocaleBodySchema = z.strictObject({ locale: localeSchema });
export type ChangeLocaleBody = z.infer<typeof changeLocaleBodySchema>;
