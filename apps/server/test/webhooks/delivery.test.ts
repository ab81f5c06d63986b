import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { webhookDeliveries, webhookEndpoints } from '../../src/db/schema.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';
import { startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.ts';
import { createWebhook, deliveryLog, waitForLog } from './webhook-helpers.ts';

/** Retries 1–2 s, then 2–4 s, then 4–8 s apart: the production schedule's shape, in seconds. */
const FAST_RETRIES = {
  OUTBOUND_ALLOW_LOOPBACK: 'true',
  WEBHOOK_RETRY_DELAY_SECONDS: '1',
  WEBHOOK_RETRIES: '3',
};

let receiver: WebhookReceiver;
let t: TestApp;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(() => receiver.close());
afterEach(async () => {
  await t.app.close();
  receiver.received.length = 0;
  receiver.answer = () => 200;
  await receiver.up();
});

/** An event through the same emitter the app's actions use, in a transaction of its own. */
async function emit(workspaceId: string, data: Record<string, unknown>) {
  await t.app.db.transaction((tx) =>
    t.app.webhookEvents.emit(tx, { workspaceId, type: 'member.removed', data }),
  );
  t.app.webhookQueue.wake();
}

async function endpoint(owner: TestUser, url = receiver.url) {
  const created = await createWebhook(t.app, owner, url, ['member.removed']);
  receiver.secret = created.secret;
  return created;
}

describe('webhook delivery', () => {
  it('posts the event signed as the Standard Webhooks spec says, and logs the answer', async () => {
    t = await createTestApp(FAST_RETRIES);
    const owner = await createUser(t.app);
    const { id } = await endpoint(owner);
    await emit(owner.workspaceId, { userId: owner.id, reason: 'left' });

    const [hook] = await receiver.waitFor((got) => got.length === 1);
    expect(hook!.verified).toBe(true);
    expect(hook!.id).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(hook!.headers['content-type']).toBe('application/json');
    expect(Math.abs(hook!.timestamp - Date.now() / 1000)).toBeLessThan(30);
    expect(hook!.body).toEqual({
      type: 'member.removed',
      timestamp: expect.any(String),
      data: { userId: owner.id, reason: 'left' },
    });
    // Signed with another secret, the same request is refused by the library.
    const other = new Webhook(`whsec_${Buffer.alloc(32, 7).toString('base64')}`);
    expect(() => other.verify(JSON.stringify(hook!.body), hook!.headers as Record<string, string>)).toThrow();

    const log = await waitForLog(t.app, owner, id, (entries) => entries.length === 1);
    expect(log[0]).toMatchObject({
      eventId: hook!.id,
      event: 'member.removed',
      attempt: 1,
      outcome: 'succeeded',
      statusCode: 200,
      error: null,
    });
    expect(log[0]!.responseMs).toBeGreaterThanOrEqual(0);
  });

  it('retries an answer of 500 with backoff, with the same webhook-id, and logs each attempt', async () => {
    t = await createTestApp(FAST_RETRIES);
    const owner = await createUser(t.app);
    const { id } = await endpoint(owner);
    receiver.answer = (n) => (n < 2 ? 500 : 200);
    await emit(owner.workspaceId, { userId: owner.id, reason: 'removed' });

    const got = await receiver.waitFor((hooks) => hooks.length === 3);
    expect(new Set(got.map((hook) => hook.id)).size).toBe(1);
    expect(got.every((hook) => hook.verified)).toBe(true);
    // pg-boss's backoff: the first retry 1–2 delays later, the second 2–4.
    expect(got[1]!.at - got[0]!.at).toBeGreaterThanOrEqual(900);
    expect(got[2]!.at - got[1]!.at).toBeGreaterThanOrEqual(1900);

    const log = await waitForLog(t.app, owner, id, (entries) => entries.length === 3);
    expect(log.map((entry) => [entry.attempt, entry.statusCode, entry.outcome])).toEqual([
      [3, 200, 'succeeded'],
      [2, 500, 'failed'],
      [1, 500, 'failed'],
    ]);
    expect(log[2]!.error).toBe('The receiver answered 500');
    const [delivery] = await t.app.db.select().from(webhookDeliveries);
    expect(delivery).toMatchObject({ status: 'succeeded', attempts: 3 });
  });

  it('delivers every event exactly once to a receiver that was down and comes back up', async () => {
    t = await createTestApp(FAST_RETRIES);
    const owner = await createUser(t.app);
    const { id } = await endpoint(owner);
    await receiver.down();
    for (const n of [1, 2, 3]) await emit(owner.workspaceId, { n });

    const refused = await waitForLog(t.app, owner, id, (log) => log.length >= 3);
    expect(refused.every((entry) => entry.statusCode === null && entry.outcome === 'failed')).toBe(true);
    expect(refused[0]!.error).toBe('The receiver could not be reached');
    await receiver.up();

    await waitForLog(
      t.app,
      owner,
      id,
      (log) => log.filter((entry) => entry.outcome === 'succeeded').length === 3,
    );
    const deliveries = await t.app.db.select().from(webhookDeliveries);
    expect(deliveries.map((delivery) => delivery.status)).toEqual(['succeeded', 'succeeded', 'succeeded']);
    // Every delivery succeeded, so none is retried: the receiver has each event once.
    expect(receiver.received.map((hook) => hook.body.data.n).sort()).toEqual([1, 2, 3]);
    expect(new Set(receiver.received.map((hook) => hook.id)).size).toBe(3);
  });

  it('sends a delivery again when asked, with the same event id and body', async () => {
    t = await createTestApp(FAST_RETRIES);
    const owner = await createUser(t.app);
    const { id } = await endpoint(owner);
    await emit(owner.workspaceId, { userId: owner.id });
    const [first] = await waitForLog(t.app, owner, id, (log) => log.length === 1);

    const res = await t.app.inject({
      method: 'POST',
      url: `/api/webhook-delivery/${first!.deliveryId}/redeliver`,
      headers: owner.auth,
    });
    expect([res.statusCode, res.json()]).toEqual([202, { eventId: first!.eventId }]);
    const got = await receiver.waitFor((hooks) => hooks.length === 2);
    expect(got[1]!.id).toBe(got[0]!.id);
    expect(got[1]!.body).toEqual(got[0]!.body);
    expect(got[1]!.verified).toBe(true);
    const log = await waitForLog(t.app, owner, id, (entries) => entries.length === 2);
    expect(log[0]).toMatchObject({ attempt: 2, deliveryId: first!.deliveryId, outcome: 'succeeded' });

    // Turned off, the endpoint takes no redelivery.
    await t.app.inject({
      method: 'PATCH',
      url: `/api/webhook/${id}`,
      headers: owner.auth,
      payload: { enabled: false },
    });
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/webhook-delivery/${first!.deliveryId}/redeliver`,
      headers: owner.auth,
    });
    expect(refused.statusCode).toBe(409);
  });

  it('signs with the new secret and, for a day after a rotation, the previous one too', async () => {
    t = await createTestApp(FAST_RETRIES);
    const owner = await createUser(t.app);
    const { id, secret: before } = await endpoint(owner);
    const rotated = await t.app.inject({
      method: 'POST',
      url: `/api/webhook/${id}/rotate-secret`,
      headers: owner.auth,
    });
    const after = rotated.json().secret as string;
    receiver.secret = after;
    await emit(owner.workspaceId, { userId: owner.id });
    const [hook] = await receiver.waitFor((hooks) => hooks.length === 1);
    expect(hook!.verified).toBe(true);
    const body = JSON.stringify(hook!.body);
    const headers = hook!.headers as Record<string, string>;
    expect(new Webhook(before).verify(body, headers)).toEqual(hook!.body);
    expect(String(headers['webhook-signature']).split(' ')).toHaveLength(2);
  });

  it('refuses to send to a loopback address when the setting is off, whatever the endpoint row says', async () => {
    t = await createTestApp({ WEBHOOK_RETRY_DELAY_SECONDS: '1', WEBHOOK_RETRIES: '0' });
    const owner = await createUser(t.app);
    // Saved as an older server allowed it; every attempt checks the address again.
    const [row] = await t.app.db
      .insert(webhookEndpoints)
      .values({
        workspaceId: owner.workspaceId,
        url: receiver.url,
        events: ['member.removed'],
        secret: 'whsec_AAAA',
      })
      .returning();
    await emit(owner.workspaceId, { userId: owner.id });
    const [attempt] = await waitForLog(t.app, owner, row!.id, (log) => log.length === 1);
    expect(attempt).toMatchObject({
      outcome: 'failed',
      statusCode: null,
      error: 'The address is not on the public internet, so nothing was sent',
    });
    expect(receiver.received).toHaveLength(0);
  });
});

describe('an endpoint that keeps failing', () => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(() => sink.close());

  it('is turned off after its events in a row failed every attempt, and its owner is mailed', async () => {
    t = await createTestApp({
      OUTBOUND_ALLOW_LOOPBACK: 'true',
      WEBHOOK_RETRY_DELAY_SECONDS: '1',
      WEBHOOK_RETRIES: '1',
      WEBHOOK_DISABLE_AFTER_FAILED_EVENTS: '2',
      SMTP_URL: sink.url,
    });
    const owner = await createUser(t.app, { locale: 'en' });
    const { id } = await endpoint(owner);
    receiver.answer = () => 503;
    await emit(owner.workspaceId, { n: 1 });
    await waitForLog(t.app, owner, id, (log) => log.length === 2);
    const [halfway] = await t.app.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    expect(halfway).toMatchObject({ enabled: true, failedEvents: 1 });

    await emit(owner.workspaceId, { n: 2 });
    const mail = await sink.waitForMail(owner.email, 20_000);
    expect(mail.subject).toBe('A webhook of your workspace was turned off');
    expect(mail.text).toContain(receiver.url);
    const list = await t.app.inject({
      url: `/api/workspace/${owner.workspaceId}/webhooks`,
      headers: owner.auth,
    });
    expect(list.json()[0]).toMatchObject({ enabled: false, disabledReason: 'failures' });
    expect(await deliveryLog(t.app, owner, id)).toHaveLength(4);

    // Off, it gets nothing more; turned on again, its failures are forgotten.
    await emit(owner.workspaceId, { n: 3 });
    expect(await t.app.db.select().from(webhookDeliveries)).toHaveLength(2);
    const on = await t.app.inject({
      method: 'PATCH',
      url: `/api/webhook/${id}`,
      headers: owner.auth,
      payload: { enabled: true },
    });
    expect(on.json()).toMatchObject({ enabled: true, disabledReason: null });
    const [row] = await t.app.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    expect(row!.failedEvents).toBe(0);
  });
});
