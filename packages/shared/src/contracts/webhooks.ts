import { z } from 'zod';
import { idSchema, isoDateSchema } from './common.ts';
import { isStorableText, UNSTORABLE_TEXT_MESSAGE } from '../rules/text.ts';

/**
 * Webhooks: a workspace's endpoints receive the events they chose, signed as the Standard Webhooks
 * spec says (`webhook-id`, `webhook-timestamp`, `webhook-signature`, a `whsec_` secret per endpoint).
 * The secret is shown once, when the endpoint is made or its secret rotated.
 */
export const webhookEvents = [
  'batch.finished',
  'batch.row_failed',
  'reply.finished',
  'document.version_saved',
  'member.joined',
  'member.removed',
  'subscription.changed',
] as const;
export type WebhookEvent = (typeof webhookEvents)[number];

/** Every secret starts with this, as the Standard Webhooks spec says; base64 of 32 random bytes follows. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
export const WEBHOOK_URL_MAX_LENGTH = 2048;
/** Endpoints a workspace may keep at once. */
export const WEBHOOKS_PER_WORKSPACE = 20;

const eventsSchema = z
  .array(z.enum(webhookEvents))
  .min(1)
  .refine((events) => new Set(events).size === events.length, { message: 'Name each event once' });

/**
 * The address: an http(s) URL, storable; the server also wants https and a public host (http only to
 * this machine's loopback where it allows a test receiver there).
 */
const urlSchema = z
  .url({ protocol: /^https?$/ })
  .max(WEBHOOK_URL_MAX_LENGTH)
  .refine(isStorableText, { message: UNSTORABLE_TEXT_MESSAGE });

export const createWebhookBodySchema = z.strictObject({
  url: urlSchema,
  events: eventsSchema,
});
export type CreateWebhookBody = z.infer<typeof createWebhookBodySchema>;

export const createdWebhookSchema = z.object({
  id: idSchema,
  /** The signing secret: shown this once. */
  secret: z.string(),
});
export type CreatedWebhook = z.infer<typeof createdWebhookSchema>;

/** `PATCH /webhook/{id}`: any of the address, the events and whether it is on (turning it on again resets its failures). */
export const updateWebhookBodySchema = z
  .strictObject({
    url: urlSchema.optional(),
    events: eventsSchema.optional(),
    enabled: z.boolean().optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { message: 'Change at least one field' });
export type UpdateWebhookBody = z.infer<typeof updateWebhookBodySchema>;

/** `POST /webhook/{id}/rotate-secret`: the new secret, shown this once; the previous one stops signing. */
export const rotatedWebhookSecretSchema = z.object({ secret: z.string() });
export type RotatedWebhookSecret = z.infer<typeof rotatedWebhookSecretSchema>;

/** Why an endpoint is off: turned off by a person, or by the server after repeated failures. */
export const webhookDisabledReasons = ['manual', 'failures'] as const;
export type WebhookDisabledReason = (typeof webhookDisabledReasons)[number];

export const webhookSchema = z.object({
  id: idSchema,
  url: z.string(),
  events: z.array(z.enum(webhookEvents)),
  enabled: z.boolean(),
  /** Null while enabled. */
  disabledReason: z.enum(webhookDisabledReasons).nullable(),
  /** The secret's first characters, to tell secrets apart. */
  secretPrefix: z.string(),
  createdAt: isoDateSchema,
  lastDeliveryAt: isoDateSchema.nullable(),
});
export type Webhook = z.infer<typeof webhookSchema>;

export const webhookListSchema = z.array(webhookSchema);

/** An attempt's outcome: the receiver answered 2xx, or it answered otherwise, or could not be reached. */
export const webhookAttemptOutcomes = ['succeeded', 'failed'] as const;

/** One attempt to deliver one event, as the delivery log shows it (newest first). */
export const webhookDeliverySchema = z.object({
  /** This attempt's id. */
  id: idSchema,
  /** The event's delivery to this endpoint, which `POST /webhook-delivery/{id}/redeliver` takes. */
  deliveryId: idSchema,
  /** The event's id, sent as `webhook-id`: the same on every attempt of that event. */
  eventId: z.string(),
  event: z.enum(webhookEvents),
  attempt: z.number().int().positive(),
  outcome: z.enum(webhookAttemptOutcomes),
  /** The receiver's status code; null when it could not be reached or did not answer in time. */
  statusCode: z.number().int().nullable(),
  /** From sending the request to the end of the answer (or of the wait). */
  responseMs: z.number().int().nonnegative().nullable(),
  /** Why it failed, in a sentence (refused address, timeout, connection refused…); null when it succeeded. */
  error: z.string().nullable(),
  at: isoDateSchema,
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryListSchema = z.array(webhookDeliverySchema);

/** `POST /webhook-delivery/{id}/redeliver`: 202, a new attempt of the same event is queued. */
export const redeliveredWebhookSchema = z.object({ eventId: z.string() });
