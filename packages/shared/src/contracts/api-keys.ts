import { z } from 'zod';
import { idSchema, isoDateSchema } from './common.ts';
import { freeText } from '../rules/text.ts';

/**
 * API keys: a program acts in one workspace with a key's scopes, never beyond its creator's current
 * role there. `read` is every GET, `write` every other change, `generate` the routes that call the
 * model (chat, writing tools, starting a batch). The key itself is shown once, when it is made.
 */
export const apiKeyScopes = ['read', 'write', 'generate'] as const;
export type ApiKeyScope = (typeof apiKeyScopes)[number];

/** Every key starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const API_KEY_PREFIX = 'rdk_';
export const API_KEY_NAME_MAX_LENGTH = 80;
/** Keys a workspace may keep at once (revoked ones do not count). */
export const API_KEYS_PER_WORKSPACE = 50;

export const createApiKeyBodySchema = z.strictObject({
  name: freeText({ max: API_KEY_NAME_MAX_LENGTH }),
  scopes: z
    .array(z.enum(apiKeyScopes))
    .min(1)
    .refine((scopes) => new Set(scopes).size === scopes.length, { message: 'Name each scope once' }),
  expiresAt: isoDateSchema
    .refine((at) => Date.parse(at) > Date.now(), { message: 'Choose a time in the future' })
    .optional(),
});
export type CreateApiKeyBody = z.infer<typeof createApiKeyBodySchema>;

export const createdApiKeySchema = z.object({
  id: idSchema,
  /** The whole key: shown this once, stored only as a hash. */
  key: z.string(),
  /** The key's first characters, which the list shows to tell keys apart. */
  prefix: z.string(),
});
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export const apiKeySchema = z.object({
  id: idSchema,
  name: z.string(),
  prefix: z.string(),
  scopes: z.array(z.enum(apiKeyScopes)),
  createdAt: isoDateSchema,
  lastUsedAt: isoDateSchema.nullable(),
  expiresAt: isoDateSchema.nullable(),
  createdBy: z.object({ id: idSchema, name: z.string() }).nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeyListSchema = z.array(apiKeySchema);
