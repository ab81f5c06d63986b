import { z } from 'zod';
import { PERSON_NAME_MAX_LENGTH } from '../rules/names.ts';
import { EMAIL_MAX_LENGTH } from '../rules/email.ts';
import { freeText } from '../rules/text.ts';
import { localeSchema } from './auth.ts';

/**
 * Only the shape is checked here: emptiness and the name rules are the server's `checkPersonName`
 * (the same function the forms use), so each field gets its own message ("This field is
 * required", "Enter a valid first name or last name"). The shared text rule (without a minimum) still
 * refuses what cannot be stored, and the bound keeps huge bodies out.
 */
export const changeNameBodySchema = z.strictObject({
  firstName: freeText({ min: 0, max: PERSON_NAME_MAX_LENGTH * 4 }),
  lastName: freeText({ min: 0, max: PERSON_NAME_MAX_LENGTH * 4 }),
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
  email: freeText({ max: EMAIL_MAX_LENGTH }),
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
