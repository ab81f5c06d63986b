import { randomUUID } from 'node:crypto';
import { and, arrayContains, eq } from 'drizzle-orm';
import type { WebhookEvent } from '@redacta/shared';
import type { Tx } from '../../db/client.ts';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema.ts';
import type { WebhookQueue } from './queue.ts';

/** What an event says, as its receivers get it: `{ type, timestamp, data }`. */
export interface WebhookPayload {
  type: WebhookEvent;
  timestamp: string;
  data: Record<string, unknown>;
}

/**
 * Where the app's actions announce their events. `emit` runs inside the action's own transaction:
 * the deliveries and their jobs exist if and only if the change they announce was committed.
 */
export class WebhookEvents {
  constructor(readonly queue: WebhookQueue) {}

  /**
   * One delivery, and its job, per enabled endpoint of the workspace subscribed to `type`. The event
   * gets one id, which every endpoint and every attempt sends as `webhook-id`.
   */
  async emit(
    tx: Tx,
    event: { workspaceId: string; type: WebhookEvent; data: Record<string, unknown> },
  ): Promise<void> {
    const endpoints = await tx
      .select({ id: webhookEndpoints.id })
      .from(webhookEndpoints)
      .where(
        and(
          eq(webhookEndpoints.workspaceId, event.workspaceId),
          eq(webhookEndpoints.enabled, true),
          arrayContains(webhookEndpoints.events, [event.type]),
        ),
      );
    if (endpoints.length === 0) return;
    const eventId = `msg_${randomUUID().replaceAll('-', '')}`;
    const payload: WebhookPayload = {
      type: event.type,
      timestamp: new Date().toISOString(),
      data: event.data,
    };
    const deliveries = await tx
      .insert(webhookDeliveries)
      .values(endpoints.map((endpoint) => ({ endpointId: endpoint.id, eventId, event: event.type, payload })))
      .returning({ id: webhookDeliveries.id });
    await this.queue.enqueue(
      tx,
      deliveries.map((delivery) => delivery.id),
    );
  }
}
