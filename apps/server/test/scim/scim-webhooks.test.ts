import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { webhookEvents } from '@redacta/shared';
import { createUser } from '../helpers/factories.ts';
import { listeningApp, type ListeningApp } from '../helpers/listening-app.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.ts';
import { createWebhook } from '../webhooks/webhook-helpers.ts';
import { enterpriseToken, newUser, patchOp, scimClient } from './scim-helpers.ts';

let receiver: WebhookReceiver;
let t: ListeningApp;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(() => receiver.close());
afterEach(async () => {
  await t.close();
  receiver.received.length = 0;
});

it("the workspace's webhooks hear a SCIM user join and, deactivated, leave as a removal", async () => {
  t = await listeningApp({ OUTBOUND_ALLOW_LOOPBACK: 'true', WEBHOOK_RETRY_DELAY_SECONDS: '1' });
  const owner = t.ana;
  const scim = scimClient(t.base, await enterpriseToken(t.app, owner));
  receiver.secret = (await createWebhook(t.app, owner, receiver.url, [...webhookEvents])).secret;
  const person = await createUser(t.app);

  const created = await scim('POST', '/Users', newUser(person.email));
  await receiver.waitFor((got) => got.some((hook) => hook.body.type === 'member.joined'));
  const off = await scim(
    'PATCH',
    `/Users/${created.body.id}`,
    patchOp({ op: 'replace', value: { active: false } }),
  );
  expect(off.body.active).toBe(false);
  await receiver.waitFor((got) => got.some((hook) => hook.body.type === 'member.removed'));

  const of = (type: string) => receiver.received.filter((hook) => hook.body.type === type);
  expect(of('member.joined').map((hook) => hook.body.data)).toEqual([
    expect.objectContaining({ userId: person.id, email: person.email, role: 'member' }),
  ]);
  expect(of('member.removed').map((hook) => hook.body.data)).toEqual([
    { userId: person.id, reason: 'removed' },
  ]);
  expect(receiver.received.every((hook) => hook.verified)).toBe(true);
});
