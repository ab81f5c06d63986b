import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_URL_MAX_LENGTH, WEBHOOKS_PER_WORKSPACE } from '@redacta/shared';
import { webhookEndpoints } from '../../src/db/schema.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { addMember, createUser } from '../helpers/factories.ts';
import { createWebhook } from './webhook-helpers.ts';

/** A public address literal: accepted without asking DNS, never sent to (no event fires here). */
const PUBLIC = 'https://93.184.215.14/hooks/redacta';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.app.close());

const post = (auth: { authorization: string }, workspaceId: string, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/workspace/${workspaceId}/webhooks`,
    headers: auth,
    payload: payload as object,
  });

describe('webhook endpoints', () => {
  it('answers a whsec_ secret once, lists the endpoint without it, changes, rotates and deletes it', async () => {
    const owner = await createUser(t.app);
    const created = await createWebhook(t.app, owner, PUBLIC, ['batch.finished', 'member.joined']);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(created.secret.slice('whsec_'.length), 'base64')).toHaveLength(32);

    const list = await t.app.inject({
      url: `/api/workspace/${owner.workspaceId}/webhooks`,
      headers: owner.auth,
    });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.secret);
    expect(list.json()).toEqual([
      {
        id: created.id,
        url: PUBLIC,
        events: ['batch.finished', 'member.joined'],
        enabled: true,
        disabledReason: null,
        secretPrefix: created.secret.slice(0, 12),
        createdAt: expect.any(String),
        lastDeliveryAt: null,
      },
    ]);

    const off = await t.app.inject({
      method: 'PATCH',
      url: `/api/webhook/${created.id}`,
      headers: owner.auth,
      payload: { enabled: false, events: ['reply.finished'] },
    });
    expect(off.json()).toMatchObject({
      enabled: false,
      disabledReason: 'manual',
      events: ['reply.finished'],
    });
    // Turned off again, it stays as it is.
    const offAgain = await t.app.inject({
      method: 'PATCH',
      url: `/api/webhook/${created.id}`,
      headers: owner.auth,
      payload: { enabled: false },
    });
    expect([offAgain.statusCode, offAgain.json().enabled]).toEqual([200, false]);
    const on = await t.app.inject({
      method: 'PATCH',
      url: `/api/webhook/${created.id}`,
      headers: owner.auth,
      payload: { enabled: true },
    });
    expect(on.json()).toMatchObject({ enabled: true, disabledReason: null });

    const rotated = await t.app.inject({
      method: 'POST',
      url: `/api/webhook/${created.id}/rotate-secret`,
      headers: owner.auth,
    });
    expect(rotated.statusCode).toBe(200);
    expect(rotated.headers['cache-control']).toBe('no-store');
    const { secret } = rotated.json();
    expect(secret).toMatch(/^whsec_/);
    expect(secret).not.toBe(created.secret);
    const [row] = await t.app.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, created.id));
    expect(row).toMatchObject({ secret, previousSecret: created.secret });
    expect(row!.previousSecretUntil!.getTime()).toBeGreaterThan(Date.now() + 23 * 3600 * 1000);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/webhook/${created.id}`,
      headers: owner.auth,
    });
    expect(deleted.statusCode).toBe(204);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/webhook/${created.id}`,
      headers: owner.auth,
    });
    expect(again.statusCode).toBe(404);
  });

  it("is for the owner: a member gets 403, another workspace's owner 404 on every route", async () => {
    const owner = await createUser(t.app);
    const member = await createUser(t.app);
    const stranger = await createUser(t.app);
    await addMember(t.app, owner.workspaceId, member.id);
    const { id } = await createWebhook(t.app, owner, PUBLIC, ['reply.finished']);
    const routes = [
      { method: 'GET', url: `/api/workspace/${owner.workspaceId}/webhooks` },
      {
        method: 'POST',
        url: `/api/workspace/${owner.workspaceId}/webhooks`,
        payload: { url: PUBLIC, events: ['batch.finished'] },
      },
      { method: 'PATCH', url: `/api/webhook/${id}`, payload: { enabled: false } },
      { method: 'POST', url: `/api/webhook/${id}/rotate-secret` },
      { method: 'GET', url: `/api/webhook/${id}/deliveries` },
      { method: 'DELETE', url: `/api/webhook/${id}` },
    ] as const;
    for (const route of routes) {
      const byMember = await t.app.inject({ ...route, headers: member.auth });
      expect([byMember.statusCode, byMember.json().error.code], route.url).toEqual([
        403,
        'NOT_WORKSPACE_OWNER',
      ]);
      const byStranger = await t.app.inject({ ...route, headers: stranger.auth });
      expect([byStranger.statusCode, byStranger.json().error.code], route.url).toEqual([404, 'NOT_FOUND']);
    }
    const redeliver = await t.app.inject({
      method: 'POST',
      url: `/api/webhook-delivery/${crypto.randomUUID()}/redeliver`,
      headers: owner.auth,
    });
    expect(redeliver.statusCode).toBe(404);
    // Still there, unchanged.
    const [row] = await t.app.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    expect(row!.enabled).toBe(true);
  });

  it('refuses events that are not a non-empty set of known ones, and addresses that are too long or not web ones', async () => {
    const owner = await createUser(t.app);
    for (const bad of [
      { url: PUBLIC, events: [] },
      { url: PUBLIC, events: ['batch.started'] },
      { url: PUBLIC, events: ['reply.finished', 'reply.finished'] },
      { url: 'ftp://93.184.215.14/x', events: ['reply.finished'] },
      { url: 'not an address', events: ['reply.finished'] },
      { url: `${PUBLIC}?${'a'.repeat(WEBHOOK_URL_MAX_LENGTH)}`, events: ['reply.finished'] },
      { url: PUBLIC, events: ['reply.finished'], secret: 'whsec_mine' },
    ]) {
      const res = await post(owner.auth, owner.workspaceId, bad);
      expect([res.statusCode, res.json().error.code], JSON.stringify(bad).slice(0, 120)).toEqual([
        400,
        'VALIDATION_FAILED',
      ]);
    }
  });

  it.each([
    ['loopback', 'https://127.0.0.1/hooks'],
    ['a private network', 'https://10.1.2.3/hooks'],
    ['the cloud metadata service', 'https://169.254.169.254/latest/meta-data/'],
    ['IPv4 inside IPv6', 'https://[::ffff:127.0.0.1]/hooks'],
    ['a name that resolves to loopback', 'https://localhost/hooks'],
    ['loopback over http', 'http://127.0.0.1:8080/hooks'],
    ['a public address over http', 'http://93.184.215.14/hooks'],
    ['an address with a password', 'https://user:pass@93.184.215.14/hooks'],
  ])('refuses %s at create and at change', async (_, url) => {
    const owner = await createUser(t.app);
    const res = await post(owner.auth, owner.workspaceId, { url, events: ['reply.finished'] });
    expect([res.statusCode, res.json().error.code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(res.json().error.issues).toEqual([{ path: 'url', message: expect.any(String) }]);
    const { id } = await createWebhook(t.app, owner, PUBLIC, ['reply.finished']);
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/webhook/${id}`,
      headers: owner.auth,
      payload: { url },
    });
    expect(patched.statusCode).toBe(400);
  });

  it(`keeps at most ${WEBHOOKS_PER_WORKSPACE} endpoints a workspace, even when creates race for the last place`, async () => {
    const owner = await createUser(t.app);
    await t.app.db.insert(webhookEndpoints).values(
      Array.from({ length: WEBHOOKS_PER_WORKSPACE - 1 }, () => ({
        workspaceId: owner.workspaceId,
        url: PUBLIC,
        events: ['reply.finished'],
        secret: 'whsec_AAAA',
      })),
    );
    const racing = await Promise.all(
      [1, 2, 3].map(() => post(owner.auth, owner.workspaceId, { url: PUBLIC, events: ['reply.finished'] })),
    );
    expect(racing.map((res) => res.statusCode).sort()).toEqual([201, 409, 409]);
    const rows = await t.app.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.workspaceId, owner.workspaceId));
    expect(rows).toHaveLength(WEBHOOKS_PER_WORKSPACE);
  });

  it('is closed to API keys, whatever their scopes', async () => {
    const owner = await createUser(t.app);
    const key = await t.app.inject({
      method: 'POST',
      url: `/api/workspace/${owner.workspaceId}/api-keys`,
      headers: owner.auth,
      payload: { name: 'Todo', scopes: ['read', 'write', 'generate'] },
    });
    const bearer = { authorization: `Bearer ${key.json().key}` };
    const list = await t.app.inject({ url: `/api/workspace/${owner.workspaceId}/webhooks`, headers: bearer });
    expect([list.statusCode, list.json().error.code]).toEqual([403, 'FORBIDDEN']);
    const create = await post(bearer, owner.workspaceId, { url: PUBLIC, events: ['reply.finished'] });
    expect([create.statusCode, create.json().error.code]).toEqual([403, 'FORBIDDEN']);
  });
});
