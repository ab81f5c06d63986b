import { z } from 'zod';
import { isoDateSchema } from './common.ts';
import { EMAIL_MAX_LENGTH, isValidEmail } from '../rules/email.ts';
import { PERSON_NAME_MAX_LENGTH } from '../rules/names.ts';
import { freeText } from '../rules/text.ts';

/**
 * SCIM provisioning (Enterprise): an identity provider creates, updates and deactivates a workspace's
 * members at `/scim/v2` with the workspace's SCIM token. The owner manages the token in Settings →
 * SCIM; the token itself is shown once, when it is made.
 */

/** Every SCIM token starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const SCIM_TOKEN_PREFIX = 'rds_';

export const scimTokenSchema = z.object({
  /** The token's first characters, which the page shows to tell tokens apart. */
  prefix: z.string(),
  createdAt: isoDateSchema,
  lastUsedAt: isoDateSchema.nullable(),
});
export type ScimToken = z.infer<typeof scimTokenSchema>;

export const scimSettingsSchema = z.object({
  /** Whether the workspace's plan includes SCIM (Enterprise). */
  available: z.boolean(),
  /** The SCIM base URL the identity provider is given. */
  baseUrl: z.string(),
  /** The token not revoked, if there is one. */
  token: scimTokenSchema.nullable(),
  /** The provider's group names whose members are admins; everyone else SCIM provisions is a member. */
  adminGroups: z.array(z.string()),
});
export type ScimSettings = z.infer<typeof scimSettingsSchema>;

export const createdScimTokenSchema = z.object({
  /** The whole token: shown this once, stored only as a hash. */
  token: z.string(),
  prefix: z.string(),
});
export type CreatedScimToken = z.infer<typeof createdScimTokenSchema>;

/** What the server keeps of a SCIM User: its e-mail as `userName`, the name parts, and the id at the provider. */
export const SCIM_EXTERNAL_ID_MAX_LENGTH = 255;
export const SCIM_GROUP_NAME_MAX_LENGTH = 120;

/** At most this many group names grant admin. */
export const SCIM_ADMIN_GROUPS_MAX = 20;

/** `PUT /workspace/{id}/scim/admin-groups`: the group names (as the provider sends `displayName`) that grant admin. */
export const scimAdminGroupsBodySchema = z.strictObject({
  adminGroups: z.array(freeText({ max: SCIM_GROUP_NAME_MAX_LENGTH })).max(SCIM_ADMIN_GROUPS_MAX),
});
export type ScimAdminGroupsBody = z.infer<typeof scimAdminGroupsBodySchema>;

export const scimUserFieldsSchema = z.object({
  userName: z
    .string()
    .trim()
    .max(EMAIL_MAX_LENGTH)
    .refine(isValidEmail, { message: 'userName must be an e-mail address' }),
  givenName: freeText({ min: 0, max: PERSON_NAME_MAX_LENGTH * 4 }).optional(),
  familyName: freeText({ min: 0, max: PERSON_NAME_MAX_LENGTH * 4 }).optional(),
  externalId: freeText({ max: SCIM_EXTERNAL_ID_MAX_LENGTH }).optional(),
  active: z.boolean(),
});
export type ScimUserFields = z.infer<typeof scimUserFieldsSchema>;

export const scimGroupFieldsSchema = z.object({
  displayName: freeText({ max: SCIM_GROUP_NAME_MAX_LENGTH }),
  externalId: freeText({ max: SCIM_EXTERNAL_ID_MAX_LENGTH }).optional(),
  memberIds: z.array(z.uuid()).max(10_000),
});
export type ScimGroupFields = z.infer<typeof scimGroupFieldsSchema>;
