import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema.ts';
import type { Mailer } from '../../mail/transport.ts';
import { sendAttempt, type AttemptResult } from './attempt.ts';
import { mailEndpointTurnedOff } from './mail.ts';
import type { DeliveryHandler, DeliveryJob } from './queue.ts';

export interface DeliveryDeps {
  db: Db;
  mailer: Mailer;
  appUrl: string;
  log: FastifyBaseLogger;
  allowLoopback: boolean;
  timeoutMs: number;
  /** Events in a row that failed every attempt before their endpoint is turned off. */
  disableAfterFailedEvents: number;
}

/**
 * Sends one attempt of the delivery a job names and logs it. A failure that has retries left is
 * handed back to pg-boss, which retries it with its backoff; the last failed attempt of an event
 * counts against its endpoint, which is turned off (and its workspace's owner mailed) once
 * `disableAfterFailedEvents` events in a row failed. Any delivered event starts that count again.
 * A redelivery (a job without retries) is one attempt and never counts against the endpoint.
 */
export function deliveryWorker(deps: DeliveryDeps): DeliveryHandler {
  return async ({ data, retryCount, signal }) => {
    const [delivery] = await deps.db
      .select({
        eventId: webhookDeliveries.eventId,
        payload: webhookDeliveries.payload,
        endpointId: webhookEndpoints.id,
        url: webhookEndpoints.url,
        enabled: webhookEndpoints.enabled,
        secret: webhookEndpoints.secret,
        previousSecret: webhookEndpoints.previousSecret,
        previousSecretUntil: webhookEndpoints.previousSecretUntil,
      })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(eq(webhookDeliveries.id, data.deliveryId));
    // Deleted with its endpoint, or its endpoint turned off since: nothing to send.
    if (!delivery || !delivery.enabled) return 'completed';
    const now = new Date();
    const secrets = [delivery.secret];
    if (delivery.previousSecret && delivery.previousSecretUntil && delivery.previousSecretUntil > now) {
      secrets.push(delivery.previousSecret);
    }
    const result = await sendAttempt({
      url: delivery.url,
      eventId: delivery.eventId,
      body: JSON.stringify(delivery.payload),
      secrets,
      allowLoopback: deps.allowLoopback,
      timeoutMs: deps.timeoutMs,
      stopped: signal,
    });
    const manual = data.redelivery === true;
    const last = retryCount >= data.retries;
    const turnedOff = await record(deps, data, delivery.endpointId, result, { last, manual });
    if (turnedOff) await mailEndpointTurnedOff(deps, delivery.endpointId);
    return result.succeeded || last ? 'completed' : 'failed';
  };
}

/**
 * Logs the attempt and moves the delivery and its endpoint on, in one transaction under the
 * endpoint's lock (two attempts of its events ending at once count both). True when this attempt
 * turned the endpoint off.
 */
async function record(
  deps: DeliveryDeps,
  data: DeliveryJob,
  endpointId: string,
  result: AttemptResult,
  options: { last: boolean; manual: boolean },
): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const [endpoint] = await tx
      .select({ enabled: webhookEndpoints.enabled, failedEvents: webhookEndpoints.failedEvents })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, endpointId))
      // Not a key update: events inserting deliveries of this endpoint at the same time do not wait.
      .for('no key update');
    const status = result.succeeded ? 'succeeded' : options.last || options.manual ? 'failed' : 'pending';
    const [delivery] = await tx
      .update(webhookDeliveries)
      .set({ attempts: sql`${webhookDeliveries.attempts} + 1`, status })
      .where(eq(webhookDeliveries.id, data.deliveryId))
      .returning({ attempts: webhookDeliveries.attempts });
    if (!endpoint || !delivery) return false;
    await tx.insert(webhookAttempts).values({
      deliveryId: data.deliveryId,
      attempt: delivery.attempts,
      succeeded: result.succeeded,
      statusCode: result.statusCode,
      responseMs: result.responseMs,
      error: result.error,
    });
    const at = new Date();
    if (result.succeeded) {
      await tx
        .update(webhookEndpoints)
        .set({ failedEvents: 0, lastDeliveryAt: at })
        .where(eq(webhookEndpoints.id, endpointId));
      return false;
    }
    if (!options.last || options.manual) {
      await tx
        .update(webhookEndpoints)
        .set({ lastDeliveryAt: at })
        .where(eq(webhookEndpoints.id, endpointId));
      return false;
    }
    const failedEvents = endpoint.failedEvents + 1;
    const turnOff = endpoint.enabled && failedEvents >= deps.disableAfterFailedEvents;
    await tx
      .update(webhookEndpoints)
      .set({
        failedEvents,
        lastDeliveryAt: at,
        ...(turnOff ? { enabled: false, disabledReason: 'failures' as const } : {}),
      })
      .where(eq(webhookEndpoints.id, endpointId));
    return turnOff;
  });
}
