import { count, desc, eq } from 'drizzle-orm';
import {
  WEBHOOKS_PER_WORKSPACE,
  type CreateWebhookBody,
  type CreatedWebhook,
  type RotatedWebhookSecret,
  type UpdateWebhookBody,
  type Webhook,
  type WebhookDelivery,
  type WebhookEvent,
} from '@redacta/shared';
import type { Db } from '../../db/client.ts';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { lockWorkspace } from '../invitations/index.ts';
import { requireManager } from '../workspaces/service.ts';
import { recordAudit } from '../audit/index.ts';
import type { WebhookQueue } from './queue.ts';
import { newWebhookSecret, secretPrefix } from './signing.ts';
import { checkTarget } from './target.ts';

/** How long the secret before a rotation still signs deliveries, beside the new one. */
export const PREVIOUS_SECRET_MS = 24 * 60 * 60 * 1000;
/** Attempts the delivery log shows, newest first. */
export const DELIVERY_LOG_LENGTH = 100;

/** What the server allows an endpoint's address to be (see target.ts). */
export interface TargetRules {
  allowLoopback: boolean;
}

/**
 * A new endpoint for the workspace (its owner and admins only) with a new secret, answered this once. Its
 * address is checked first; the count of endpoints under the workspace's lock, so two creates at
 * once cannot both take the last place.
 */
export async function createWebhook(
  db: Db,
  rules: TargetRules,
  input: { workspaceId: string; userId: string; body: CreateWebhookBody },
): Promise<CreatedWebhook> {
  const { workspaceId, userId, body } = input;
  await requireManager(db, workspaceId, userId);
  await checkTarget(body.url, rules.allowLoopback);
  const secret = newWebhookSecret();
  const created = await db.transaction(async (tx) => {
    await lockWorkspace(tx, workspaceId);
    const [kept] = await tx
      .select({ n: count() })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.workspaceId, workspaceId));
    if (kept!.n >= WEBHOOKS_PER_WORKSPACE) {
      throw new AppError('CONFLICT', `A workspace keeps at most ${WEBHOOKS_PER_WORKSPACE} webhooks`);
    }
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({ workspaceId, createdBy: userId, url: body.url, events: body.events, secret })
      .returning({ id: webhookEndpoints.id });
    await recordAudit(tx, {
      workspaceId,
      action: 'webhook.created',
      target: { type: 'webhook', id: row!.id, label: body.url },
      after: { url: body.url, events: body.events },
    });
    return row!;
  });
  return { id: created.id, secret };
}

/** The workspace's endpoints, newest first (its owner and admins only); their secrets by their first characters. */
export async function listWebhooks(db: Db, workspaceId: string, userId: string): Promise<Webhook[]> {
  await requireManager(db, workspaceId, userId);
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.workspaceId, workspaceId))
    .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id));
  return rows.map(toWebhook);
}

/**
 * Changes an endpoint's address, events or state (its workspace's owner and admins only). Turning it on again
 * forgets its failures; turning it off by hand says so.
 */
export async function updateWebhook(
  db: Db,
  rules: TargetRules,
  input: { id: string; userId: string; body: UpdateWebhookBody },
): Promise<Webhook> {
  const endpoint = await ownedEndpoint(db, input.id, input.userId);
  const { url, events, enabled } = input.body;
  if (url !== undefined) await checkTarget(url, rules.allowLoopback);
  const state =
    enabled === undefined || enabled === endpoint.enabled
      ? {}
      : enabled
        ? { enabled, disabledReason: null, failedEvents: 0 }
        : { enabled, disabledReason: 'manual' as const };
  const changes = { ...(url !== undefined ? { url } : {}), ...(events ? { events } : {}), ...state };
  // Asked for what it already is (turned off twice, say): nothing to write.
  if (Object.keys(changes).length === 0) return toWebhook(endpoint);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(webhookEndpoints)
      .set(changes)
      .where(eq(webhookEndpoints.id, input.id))
      .returning();
    if (!row) throw notFound('Webhook');
    const fields = { url: url !== undefined, events: events !== undefined, enabled: 'enabled' in state };
    await recordAudit(tx, {
      workspaceId: row.workspaceId,
      action: 'webhook.updated',
      target: { type: 'webhook', id: row.id, label: row.url },
      before: {
        ...(fields.url ? { url: endpoint.url } : {}),
        ...(fields.events ? { events: endpoint.events } : {}),
        ...(fields.enabled ? { enabled: endpoint.enabled } : {}),
      },
      after: {
        ...(fields.url ? { url: row.url } : {}),
        ...(fields.events ? { events: row.events } : {}),
        ...(fields.enabled ? { enabled: row.enabled } : {}),
      },
    });
    return toWebhook(row);
  });
}

/** Deletes an endpoint with its deliveries and their log (its workspace's owner and admins only). */
export async function deleteWebhook(db: Db, id: string, userId: string): Promise<void> {
  const endpoint = await ownedEndpoint(db, id, userId);
  await db.transaction(async (tx) => {
    const deleted = await tx
      .delete(webhookEndpoints)
      .where(eq(webhookEndpoints.id, id))
      .returning({ id: webhookEndpoints.id });
    // Deleted by another request meanwhile: that one recorded it.
    if (deleted.length === 0) return;
    await recordAudit(tx, {
      workspaceId: endpoint.workspaceId,
      action: 'webhook.deleted',
      target: { type: 'webhook', id, label: endpoint.url },
      before: { url: endpoint.url, events: endpoint.events },
    });
  });
}

/**
 * A new secret for the endpoint, answered this once. The one it replaces goes on signing beside it for
 * PREVIOUS_SECRET_MS, so the receiver can be updated without failing a delivery.
 */
export async function rotateWebhookSecret(db: Db, id: string, userId: string): Promise<RotatedWebhookSecret> {
  const endpoint = await ownedEndpoint(db, id, userId);
  const secret = newWebhookSecret();
  await db.transaction(async (tx) => {
    await tx
      .update(webhookEndpoints)
      .set({
        secret,
        previousSecret: endpoint.secret,
        previousSecretUntil: new Date(Date.now() + PREVIOUS_SECRET_MS),
      })
      .where(eq(webhookEndpoints.id, id));
    await recordAudit(tx, {
      workspaceId: endpoint.workspaceId,
      action: 'webhook.secret_rotated',
      target: { type: 'webhook', id, label: endpoint.url },
    });
  });
  return { secret };
}

/** The endpoint's delivery log: its latest attempts, newest first (its workspace's owner and admins only). */
export async function listDeliveries(db: Db, id: string, userId: string): Promise<WebhookDelivery[]> {
  await ownedEndpoint(db, id, userId);
  const rows = await db
    .select({ attempt: webhookAttempts, delivery: webhookDeliveries })
    .from(webhookAttempts)
    .innerJoin(webhookDeliveries, eq(webhookDeliveries.id, webhookAttempts.deliveryId))
    .where(eq(webhookDeliveries.endpointId, id))
    .orderBy(desc(webhookAttempts.at), desc(webhookAttempts.attempt))
    .limit(DELIVERY_LOG_LENGTH);
  return rows.map(({ attempt, delivery }) => ({
    id: attempt.id,
    deliveryId: delivery.id,
    eventId: delivery.eventId,
    event: delivery.event as WebhookEvent,
    attempt: attempt.attempt,
    outcome: attempt.succeeded ? ('succeeded' as const) : ('failed' as const),
    statusCode: attempt.statusCode,
    responseMs: attempt.responseMs,
    error: attempt.error,
    at: attempt.at.toISOString(),
  }));
}

/**
 * Queues one more attempt of a delivery, with the same event id and body (its workspace's owner and
 * admins only); 409 while its endpoint is off.
 */
export async function redeliver(
  db: Db,
  queue: WebhookQueue,
  deliveryId: string,
  userId: string,
): Promise<{ eventId: string }> {
  const [delivery] = await db
    .select({ endpointId: webhookDeliveries.endpointId, eventId: webhookDeliveries.eventId })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.id, deliveryId));
  if (!delivery) throw notFound('Webhook delivery');
  const endpoint = await ownedEndpoint(db, delivery.endpointId, userId);
  if (!endpoint.enabled)
    throw new AppError('CONFLICT', 'Turn the webhook on before sending a delivery again');
  await db.transaction((tx) => queue.redeliver(tx, deliveryId));
  queue.wake();
  return { eventId: delivery.eventId };
}

/** An endpoint whose workspace `userId` owns or is an admin of: 404 when it is absent or another workspace's. */
async function ownedEndpoint(db: Db, id: string, userId: string) {
  const [endpoint] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  if (!endpoint) throw notFound('Webhook');
  await requireManager(db, endpoint.workspaceId, userId);
  return endpoint;
}

function toWebhook(row: typeof webhookEndpoints.$inferSelect): Webhook {
  return {
    id: row.id,
    url: row.url,
    events: row.events as WebhookEvent[],
    enabled: row.enabled,
    disabledReason: row.disabledReason,
    secretPrefix: secretPrefix(row.secret),
    createdAt: row.createdAt.toISOString(),
    lastDeliveryAt: row.lastDeliveryAt?.toISOString() ?? null,
  };
}
