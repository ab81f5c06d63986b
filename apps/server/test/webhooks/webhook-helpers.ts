import { expect } from 'vitest';
import type { CreatedWebhook, WebhookDelivery, WebhookEvent } from '@redacta/shared';
import type { App } from '../../src/app.ts';
import type { TestUser } from '../helpers/factories.ts';

/** `POST /workspace/{id}/webhooks`, expected to work. */
export async function createWebhook(
  app: App,
  owner: TestUser,
  url: string,
  events: WebhookEvent[],
): Promise<CreatedWebhook> {
  const res = await app.inject({
    method: 'POST',
    url: `/api/workspace/${owner.workspaceId}/webhooks`,
    headers: owner.auth,
    payload: { url, events },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

export async function deliveryLog(app: App, owner: TestUser, webhookId: string): Promise<WebhookDelivery[]> {
  const res = await app.inject({ url: `/api/webhook/${webhookId}/deliveries`, headers: owner.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Reads the delivery log until `done` says it is where the test waits for it (as the settings page would). */
export async function waitForLog(
  app: App,
  owner: TestUser,
  webhookId: string,
  done: (log: WebhookDelivery[]) => boolean,
  timeoutMs = 20_000,
): Promise<WebhookDelivery[]> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const log = await deliveryLog(app, owner, webhookId);
    if (done(log)) return log;
    if (Date.now() > until)
      throw new Error(`The delivery log did not get there in time: ${JSON.stringify(log)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
