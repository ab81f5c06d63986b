import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { WEBHOOK_SECRET_PREFIX } from '@redacta/shared';

/** A new signing secret: `whsec_` and the base64 of 32 random bytes, as the Standard Webhooks spec says. */
export function newWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

/** Characters of a secret the list shows: the `whsec_` mark and six of its own. */
export const secretPrefix = (secret: string) => secret.slice(0, WEBHOOK_SECRET_PREFIX.length + 6);

/**
 * The three Standard Webhooks headers of one attempt. Each secret given signs the body (the endpoint's
 * secret and, for a day after a rotation, the one before it), their signatures separated by a space,
 * so a receiver still holding the old secret keeps verifying while it is updated.
 */
export function signedHeaders(options: {
  eventId: string;
  at: Date;
  body: string;
  secrets: readonly string[];
}): Record<string, string> {
  const { eventId, at, body } = options;
  const signatures = options.secrets.map((secret) => new Webhook(secret).sign(eventId, at, body));
  return {
    'webhook-id': eventId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': signatures.join(' '),
  };
}
