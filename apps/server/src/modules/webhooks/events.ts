import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { WebhookEvent } from '@redacta/shared';
import { z } from 'zod';
import { callFunction, type Tx } from '../../db/client.ts';
import { webhookDeliveries } from '../../db/schema.ts';
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
      .select({ id: sql<string>`subscriber.id` })
      .from(sql`webhook_subscribers(${event.workspaceId}, ${event.type}) as subscriber(id)`);
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

/**
 * Whether an event of a project reaches any endpoint: a private project is its creator's alone, and its
 * events are not the workspace's (the database's `project_event_announced`, which `save_chat_reply`
 * calls too).
 */
export async function projectEventAnnounced(tx: Tx, projectId: string, type: WebhookEvent): Promise<boolean> {
  return callFunction(tx, 'project_event_announced', { p_project_id: projectId, p_event: type }, z.boolean());
}
