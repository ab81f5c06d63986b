import { z } from 'zod';
import { assignableRoles } from '../rules/roles.ts';
import { EMAIL_MAX_LENGTH } from '../rules/email.ts';
import { freeText, isStorableText, UNSTORABLE_TEXT_MESSAGE } from '../rules/text.ts';
import { isoDateSchema } from './common.ts';

/**
 * Single sign-on for an Enterprise workspace: its own OpenID Connect provider, the e-mail domains it
 * proves with a DNS TXT record, and whether addresses in those domains must sign in through it.
 */

/** The TXT record's value starts with this; the workspace's token follows. */
export const SSO_TXT_PREFIX = 'redacta-verification=';
/** The record may be published at the domain itself or at this name under it. */
export const SSO_TXT_LABEL = '_redacta';
/** Domains a workspace may claim at once. */
export const SSO_DOMAINS_PER_WORKSPACE = 20;

/** Labels of letters, digits and inner hyphens, then a top-level label (its length is bounded apart). */
const HOSTNAME = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const DOMAIN_EXAMPLE = 'Write a domain such as example.com';

/** A domain as typed: trimmed, lower case, a host name of at least two labels (`example.com`). */
export const ssoDomainNameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(4, DOMAIN_EXAMPLE)
  .max(253, DOMAIN_EXAMPLE)
  .regex(HOSTNAME, DOMAIN_EXAMPLE);

/** The issuer: an http(s) URL; the server also wants https and a public host, and reads its discovery document. */
const issuerSchema = z
  .url({ protocol: /^https?$/ })
  .max(2048)
  .refine(isStorableText, { message: UNSTORABLE_TEXT_MESSAGE });

/** `PUT /workspace/{id}/sso`: the provider's settings; leave `clientSecret` out to keep the one saved. */
export const ssoSettingsBodySchema = z.strictObject({
  issuer: issuerSchema,
  clientId: freeText({ max: 512 }),
  clientSecret: freeText({ max: 2048 }).optional(),
  enforced: z.boolean(),
  /** The role a person's first SSO sign-in joins with; left out, the saved one stays (member at first). */
  defaultRole: z.enum(assignableRoles).optional(),
});
export type SsoSettingsBody = z.infer<typeof ssoSettingsBodySchema>;

export const ssoDomainBodySchema = z.strictObject({ domain: ssoDomainNameSchema });
export type SsoDomainBody = z.infer<typeof ssoDomainBodySchema>;

export const ssoDomainParamsSchema = z.strictObject({ id: z.uuid(), domain: ssoDomainNameSchema });

export const ssoDomainSchema = z.object({
  domain: z.string(),
  /** The TXT record to publish, at `domain` or at `_redacta.<domain>`. */
  txtRecord: z.string(),
  verifiedAt: isoDateSchema.nullable(),
});
export type SsoDomain = z.infer<typeof ssoDomainSchema>;

export const ssoSettingsSchema = z.object({
  /** Null until the owner saves the provider's settings. */
  provider: z
    .object({
      issuer: z.string(),
      clientId: z.string(),
      /** The secret itself is never answered. */
      hasClientSecret: z.boolean(),
    })
    .nullable(),
  enforced: z.boolean(),
  /** The role a person's first SSO sign-in joins with. */
  defaultRole: z.enum(assignableRoles),
  domains: z.array(ssoDomainSchema),
  /** Where the provider must send people back: register it as the client's redirect URI. */
  redirectUri: z.string(),
});
export type SsoSettings = z.infer<typeof ssoSettingsSchema>;

/** `GET /auth/sso/start`: the address whose domain finds the workspace. */
export const ssoStartQuerySchema = z.strictObject({
  email: freeText({ max: EMAIL_MAX_LENGTH }),
  locale: z.string().max(10).optional(),
});
