import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { webhookEvents, type WebhookEvent } from '@redacta/shared';
import { eq } from 'drizzle-orm';
import { conversationEntries, usageCharges, webhookDeliveries } from '../../src/db/schema.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { addMember, createUser, type TestUser } from '../helpers/factories.ts';
import { peerAppEnv, startOpenAIPeer, type OpenAIPeer } from '../helpers/openai-peer.ts';
import {
  startWebhookReceiver,
  type ReceivedHook,
  type WebhookReceiver,
} from '../helpers/webhook-receiver.ts';
import { batchAction, createdBatch, createTemplate, waitForBatch } from '../batches/batch-helpers.ts';
import { accept, invited, makePro } from '../invitations/invitation-helpers.ts';
import { APP_URL, checkoutBody } from '../billing/billing-app.ts';
import { createWebhook } from './webhook-helpers.ts';

const ENV = { OUTBOUND_ALLOW_LOOPBACK: 'true', WEBHOOK_RETRY_DELAY_SECONDS: '1', APP_URL };

let receiver: WebhookReceiver;
let t: TestApp;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(() => receiver.close());
afterEach(async () => {
  await t.app.close();
  receiver.received.length = 0;
});

/** A workspace whose endpoint takes every event. */
async function listening(env: Record<string, string> = ENV): Promise<TestUser> {
  t = await createTestApp(env);
  const owner = await createUser(t.app);
  receiver.secret = (await createWebhook(t.app, owner, receiver.url, [...webhookEvents])).secret;
  return owner;
}

/** Waits for one hook of `type`, then answers every hook of that type (each action announces once). */
async function hooksOf(type: WebhookEvent): Promise<ReceivedHook[]> {
  await receiver.waitFor((got) => got.some((hook) => hook.body.type === type));
  const hooks = receiver.received.filter((hook) => hook.body.type === type);
  expect(hooks.every((hook) => hook.verified)).toBe(true);
  return hooks;
}

async function newProject(owner: TestUser, shared = true): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/workspace/${owner.workspaceId}/project`,
    headers: owner.auth,
  });
  expect(res.statusCode, res.body).toBe(201);
  const id: string = res.json().id;
  if (shared) {
    const share = await t.app.inject({
      method: 'PATCH',
      url: `/api/project/${id}/share-to-workspace`,
      headers: owner.auth,
      payload: { isShared: true },
    });
    expect(share.statusCode, share.body).toBe(200);
  }
  return id;
}

/** A chat message through the demo writer; answers the reply's last part once it is saved. */
async function chat(owner: TestUser, projectId: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/chat/send-request-stream',
    headers: owner.auth,
    payload: { workspaceId: owner.workspaceId, projectId, message: 'Un eslogan para zapatillas' },
  });
  expect(res.statusCode).toBe(200);
  return res.body
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line))
    .find((part) => part.type === 'finish');
}

describe('each event, announced once by its own action', () => {
  it('reply.finished: a reply in a shared project, with its text and words; none for a private one', async () => {
    const owner = await listening();
    const privateFinish = await chat(owner, await newProject(owner, false));
    expect(privateFinish.messageId).toEqual(expect.any(String));
    // Saved with its announcement or without one, in one transaction: a private project's has none.
    expect(await t.app.db.select().from(webhookDeliveries)).toHaveLength(0);

    const projectId = await newProject(owner);
    const finish = await chat(owner, projectId);
    const [hook, ...more] = await hooksOf('reply.finished');
    expect(more).toHaveLength(0);
    expect(hook!.body.data).toMatchObject({
      projectId,
      messageId: finish.messageId,
      userId: owner.id,
      status: 'complete',
      words: finish.wordsCharged,
    });
    expect(String(hook!.body.data.text).length).toBeGreaterThan(0);
  });

  it('reply.finished goes only to enabled endpoints subscribed to it; a reply is saved and charged once either way', async () => {
    t = await createTestApp(ENV);
    const owner = await createUser(t.app);
    await createWebhook(t.app, owner, receiver.url, ['member.joined']);
    const projectId = await newProject(owner);
    const replies = async () =>
      (
        await t.app.db
          .select()
          .from(conversationEntries)
          .where(eq(conversationEntries.projectId, projectId))
          .orderBy(conversationEntries.createdAt)
      )
        .filter((entry) => entry.role === 'assistant')
        .map((entry) => entry.id);
    const charges = async () =>
      (
        await t.app.db
          .select()
          .from(usageCharges)
          .where(eq(usageCharges.projectId, projectId))
          .orderBy(usageCharges.createdAt)
      ).map((charge) => charge.words);

    const unannounced = await chat(owner, projectId);
    expect(await replies()).toEqual([unannounced.messageId]);
    expect(await charges()).toEqual([unannounced.wordsCharged]);
    expect(await t.app.db.select().from(webhookDeliveries)).toHaveLength(0);

    const subscribed = await createWebhook(t.app, owner, receiver.url, ['reply.finished']);
    receiver.secret = subscribed.secret;
    const announced = await chat(owner, projectId);
    const [hook, ...more] = await hooksOf('reply.finished');
    expect(more).toHaveLength(0);
    expect(hook!.body.data).toMatchObject({ messageId: announced.messageId, words: announced.wordsCharged });
    expect(await replies()).toEqual([unannounced.messageId, announced.messageId]);
    expect(await charges()).toEqual([unannounced.wordsCharged, announced.wordsCharged]);
    const deliveries = await t.app.db.select().from(webhookDeliveries);
    expect(deliveries.map((delivery) => delivery.endpointId)).toEqual([subscribed.id]);

    const disable = await t.app.inject({
      method: 'PATCH',
      url: `/api/webhook/${subscribed.id}`,
      headers: owner.auth,
      payload: { enabled: false },
    });
    expect(disable.statusCode, disable.body).toBe(200);
    const afterDisabling = await chat(owner, projectId);
    expect((await replies()).at(-1)).toBe(afterDisabling.messageId);
    expect(await t.app.db.select().from(webhookDeliveries)).toHaveLength(1);
  });

  it('document.version_saved: a version saved by hand', async () => {
    const owner = await listening();
    const projectId = await newProject(owner);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/project/${projectId}/document/versions`,
      headers: owner.auth,
      payload: { name: 'Primera' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [hook, ...more] = await hooksOf('document.version_saved');
    expect(more).toHaveLength(0);
    expect(hook!.body.data).toMatchObject({
      projectId,
      versionId: res.json().id,
      kind: 'manual',
      name: 'Primera',
      createdBy: owner.id,
    });
  });

  it('member.joined and member.removed: an invitation accepted, then the member removed', async () => {
    const owner = await listening();
    await makePro(t.app, owner.workspaceId);
    const bea = await createUser(t.app, { firstName: 'Bea' });
    const { token } = await invited(t.app, owner, owner.workspaceId, bea.email);
    expect((await accept(t.app, bea, token)).statusCode).toBe(200);
    const [joined, ...moreJoined] = await hooksOf('member.joined');
    expect(moreJoined).toHaveLength(0);
    expect(joined!.body.data).toMatchObject({ userId: bea.id, email: bea.email, role: 'member' });

    const removed = await t.app.inject({
      method: 'PATCH',
      url: `/api/workspace/${owner.workspaceId}/remove-invited-user/${bea.id}`,
      headers: owner.auth,
    });
    expect(removed.statusCode).toBe(204);
    const [gone, ...moreGone] = await hooksOf('member.removed');
    expect(moreGone).toHaveLength(0);
    expect(gone!.body.data).toEqual({ userId: bea.id, reason: 'removed' });
  });

  it('member.removed: a member who leaves', async () => {
    const owner = await listening();
    const leo = await createUser(t.app);
    await addMember(t.app, owner.workspaceId, leo.id);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/workspace/${owner.workspaceId}/leave`,
      headers: leo.auth,
    });
    expect(res.statusCode).toBe(204);
    const [hook] = await hooksOf('member.removed');
    expect(hook!.body.data).toEqual({ userId: leo.id, reason: 'left' });
  });

  it('subscription.changed: Pro bought through the sandbox checkout', async () => {
    const owner = await listening();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/subscription/create-subscription',
      headers: owner.auth,
      payload: checkoutBody(owner.workspaceId, 'proMonthly'),
    });
    const sessionId = new URL(created.json().url, APP_URL).searchParams.get('session')!;
    const confirmed = await t.app.inject({
      method: 'POST',
      url: `/api/subscription/sandbox/${sessionId}/confirm`,
      headers: owner.auth,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const [hook, ...more] = await hooksOf('subscription.changed');
    expect(more).toHaveLength(0);
    expect(hook!.body.data).toMatchObject({ status: 'active', paymentType: 'MONTHLY', extraSeats: 0 });
  });
});

describe('batch events', () => {
  let peer: OpenAIPeer;
  beforeAll(async () => {
    peer = await startOpenAIPeer();
  });
  afterAll(() => peer.close());

  it('batch.row_failed for a row the provider keeps refusing after its tries, then batch.finished once', async () => {
    const owner = await listening(peerAppEnv(peer, ENV));
    peer.script = { status: 500 };
    const batch = await createdBatch(t.app, owner, {
      csv: 'Producto\nZapatillas\n',
      templateId: (await createTemplate(t.app, owner)).id,
    });
    expect((await batchAction(t.app, owner, batch.id, 'start')).statusCode).toBe(200);
    const done = await waitForBatch(t.app, owner, batch.id, (b) => b.status === 'done', 40_000);
    expect(done).toMatchObject({ done: 0, failed: 1 });

    const [failed, ...moreFailed] = await hooksOf('batch.row_failed');
    expect(moreFailed).toHaveLength(0);
    expect(failed!.body.data).toMatchObject({
      batchId: batch.id,
      index: expect.any(Number),
      error: expect.stringMatching(/^The AI provider failed/),
    });
    const [finished, ...moreFinished] = await hooksOf('batch.finished');
    expect(moreFinished).toHaveLength(0);
    expect(finished!.body.data).toMatchObject({
      batchId: batch.id,
      total: 1,
      done: 0,
      failed: 1,
      fileName: 'productos.csv',
    });
  });
});
