import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiKeyScope, CreatedApiKey } from '@redacta/shared';
import { apiKeys, memberships } from '../../src/db/schema.ts';
import { hashSecret } from '../../src/lib/secrets.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { addMember, createUser, setPlan, type TestUser } from '../helpers/factories.ts';

const LIMIT = 6;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_API_KEY_REQUESTS_PER_MINUTE: String(LIMIT) });
});
afterAll(() => t.app.close());

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

async function makeKey(
  owner: TestUser,
  scopes: ApiKeyScope[],
  extra: { name?: string; expiresAt?: string; workspaceId?: string } = {},
): Promise<CreatedApiKey> {
  const { workspaceId = owner.workspaceId, ...body } = extra;
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/workspace/${workspaceId}/api-keys`,
    headers: owner.auth,
    payload: {
      name: body.name ?? 'Catálogo',
      scopes,
      ...(body.expiresAt ? { expiresAt: body.expiresAt } : {}),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function newProject(user: TestUser, workspaceId = user.workspaceId): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/workspace/${workspaceId}/project`,
    headers: user.auth,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

type KeyRequest = Omit<InjectOptions, 'headers' | 'url'> & { url: string; headers?: Record<string, string> };

const asKey = (key: string, request: KeyRequest) =>
  t.app.inject({ ...request, headers: { ...request.headers, ...bearer(key) } } as InjectOptions);

/** A chat message through the demo writer: the whole NDJSON answer is read. */
const chat = (key: string, workspaceId: string, projectId: string) =>
  asKey(key, {
    method: 'POST',
    url: '/api/chat/send-request-stream',
    payload: { workspaceId, projectId, message: 'Un eslogan para zapatillas' },
  });

describe('making, listing and revoking keys', () => {
  it('answers the key once, lists it without it, and keeps only its hash', async () => {
    const owner = await createUser(t.app);
    const created = await makeKey(owner, ['read', 'write'], { expiresAt: '2100-01-01T00:00:00.000Z' });
    expect(created.key).toMatch(/^rdk_[A-Za-z0-9_-]{43}$/);
    expect(created.key.startsWith(created.prefix)).toBe(true);
    expect(created.prefix).toHaveLength(12);

    const list = await t.app.inject({
      url: `/api/workspace/${owner.workspaceId}/api-keys`,
      headers: owner.auth,
    });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.key);
    expect(list.json()).toEqual([
      expect.objectContaining({
        id: created.id,
        name: 'Catálogo',
        prefix: created.prefix,
        scopes: ['read', 'write'],
        lastUsedAt: null,
        expiresAt: '2100-01-01T00:00:00.000Z',
        createdBy: { id: owner.id, name: 'Ana García' },
      }),
    ]);

    const [row] = await t.app.db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(JSON.stringify(row)).not.toContain(created.key.slice(created.prefix.length));
    expect(row!.keyHash).toBe(hashSecret(created.key));
  });

  it('is for the owner: a member gets 403, an outsider 404, bad input 400', async () => {
    const owner = await createUser(t.app);
    const member = await createUser(t.app);
    const outsider = await createUser(t.app);
    await addMember(t.app, owner.workspaceId, member.id);
    const url = `/api/workspace/${owner.workspaceId}/api-keys`;
    const payload = { name: 'Tienda', scopes: ['read'] };
    const byMember = await t.app.inject({ method: 'POST', url, headers: member.auth, payload });
    expect([byMember.statusCode, byMember.json().error.code]).toEqual([403, 'NOT_WORKSPACE_OWNER']);
    const byOutsider = await t.app.inject({ method: 'GET', url, headers: outsider.auth });
    expect([byOutsider.statusCode, byOutsider.json().error.code]).toEqual([404, 'NOT_FOUND']);
    for (const bad of [
      { name: 'Tienda', scopes: [] },
      { name: 'Tienda', scopes: ['admin'] },
      { name: 'Tienda', scopes: ['read', 'read'] },
      { name: ' ', scopes: ['read'] },
      { name: 'Tienda', scopes: ['read'], expiresAt: '2001-01-01T00:00:00.000Z' },
    ]) {
      const res = await t.app.inject({ method: 'POST', url, headers: owner.auth, payload: bad });
      expect([res.statusCode, res.json().error.code], JSON.stringify(bad)).toEqual([
        400,
        'VALIDATION_FAILED',
      ]);
    }
    const { id } = await makeKey(owner, ['read']);
    const revokeByMember = await t.app.inject({
      method: 'DELETE',
      url: `/api/api-key/${id}`,
      headers: member.auth,
    });
    expect(revokeByMember.statusCode).toBe(403);
    const revokeByOutsider = await t.app.inject({
      method: 'DELETE',
      url: `/api/api-key/${id}`,
      headers: outsider.auth,
    });
    expect(revokeByOutsider.statusCode).toBe(404);
  });

  it('a revoked key is refused on its very next request, and leaves the list', async () => {
    const owner = await createUser(t.app);
    const { id, key } = await makeKey(owner, ['read']);
    const url = `/api/workspace/${owner.workspaceId}/usage`;
    expect((await asKey(key, { url })).statusCode).toBe(200);
    const revoked = await t.app.inject({ method: 'DELETE', url: `/api/api-key/${id}`, headers: owner.auth });
    expect(revoked.statusCode).toBe(204);
    const after = await asKey(key, { url });
    expect([after.statusCode, after.json().error.code]).toEqual([401, 'UNAUTHENTICATED']);
    const list = await t.app.inject({
      url: `/api/workspace/${owner.workspaceId}/api-keys`,
      headers: owner.auth,
    });
    expect(list.json()).toEqual([]);
    const again = await t.app.inject({ method: 'DELETE', url: `/api/api-key/${id}`, headers: owner.auth });
    expect(again.statusCode).toBe(404);
  });

  it('an expired key is refused; an unknown rdk_ token too', async () => {
    const owner = await createUser(t.app);
    const { id, key } = await makeKey(owner, ['read'], {
      expiresAt: new Date(Date.now() + 60_000).toISOString(),
    });
    const url = `/api/workspace/${owner.workspaceId}/usage`;
    expect((await asKey(key, { url })).statusCode).toBe(200);
    await t.app.db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, id));
    expect((await asKey(key, { url })).statusCode).toBe(401);
    expect((await asKey(`${key.slice(0, -2)}xx`, { url })).statusCode).toBe(401);
  });

  it('records its last use at most once a minute', async () => {
    const owner = await createUser(t.app);
    const { id, key } = await makeKey(owner, ['read']);
    const url = `/api/workspace/${owner.workspaceId}/usage`;
    const lastUsed = async () =>
      (await t.app.db.select({ at: apiKeys.lastUsedAt }).from(apiKeys).where(eq(apiKeys.id, id)))[0]!.at;
    await asKey(key, { url });
    const first = await lastUsed();
    expect(first).toBeInstanceOf(Date);
    await asKey(key, { url });
    expect(await lastUsed()).toEqual(first);
    // A minute later (the stored use moved back), the next request writes it again.
    const minuteAgo = new Date(first!.getTime() - 61_000);
    await t.app.db.update(apiKeys).set({ lastUsedAt: minuteAgo }).where(eq(apiKeys.id, id));
    await asKey(key, { url });
    expect((await lastUsed())!.getTime()).toBeGreaterThan(minuteAgo.getTime() + 60_000);
  });
});

describe('what a key may do', () => {
  it('read is GETs, write is changes, generate is the model: each only its own', async () => {
    const owner = await createUser(t.app);
    const projectId = await newProject(owner);
    const read = (await makeKey(owner, ['read'])).key;
    const write = (await makeKey(owner, ['write'])).key;
    const generate = (await makeKey(owner, ['generate'])).key;
    const open = { url: `/api/project/${projectId}` };
    const create = { method: 'POST' as const, url: `/api/workspace/${owner.workspaceId}/project` };

    expect((await asKey(read, open)).statusCode).toBe(200);
    const readCreates = await asKey(read, create);
    expect([readCreates.statusCode, readCreates.json().error.code]).toEqual([403, 'FORBIDDEN']);
    expect((await chat(read, owner.workspaceId, projectId)).statusCode).toBe(403);

    expect((await asKey(write, create)).statusCode).toBe(201);
    expect((await asKey(write, open)).statusCode).toBe(403);
    expect((await chat(write, owner.workspaceId, projectId)).statusCode).toBe(403);

    const reply = await chat(generate, owner.workspaceId, projectId);
    expect(reply.statusCode, reply.body.slice(0, 200)).toBe(200);
    expect(reply.body).toContain('"type":"finish"');
    expect((await asKey(generate, open)).statusCode).toBe(403);
    expect((await asKey(generate, create)).statusCode).toBe(403);
  });

  it('never reaches the account, billing, sessions, leaving or key management (403)', async () => {
    const owner = await createUser(t.app);
    const { key } = await makeKey(owner, ['read', 'write', 'generate']);
    const closed: KeyRequest[] = [
      { method: 'PATCH', url: '/api/user/change-name', payload: { firstName: 'Eva', lastName: 'Ruiz' } },
      { method: 'GET', url: `/api/workspace/${owner.workspaceId}/subscription` },
      { method: 'GET', url: '/api/auth/user' },
      { method: 'GET', url: `/api/workspace/${owner.workspaceId}/api-keys` },
      {
        method: 'POST',
        url: `/api/workspace/${owner.workspaceId}/api-keys`,
        payload: { name: 'Otra', scopes: ['read'] },
      },
      { method: 'POST', url: `/api/workspace/${owner.workspaceId}/leave` },
    ];
    for (const request of closed) {
      const res = await asKey(key, request);
      expect([res.statusCode, res.json().error.code], request.url).toEqual([403, 'FORBIDDEN']);
    }
  });

  it('a key of workspace A finds workspace B absent, though its creator belongs to both', async () => {
    const owner = await createUser(t.app);
    const other = await createUser(t.app);
    await addMember(t.app, other.workspaceId, owner.id);
    const projectInB = await newProject(owner, other.workspaceId);
    const projectInA = await newProject(owner);
    const { key } = await makeKey(owner, ['read', 'write', 'generate']);

    for (const request of [
      { url: `/api/workspace/${other.workspaceId}/usage` },
      { url: `/api/project/${projectInB}` },
      { method: 'POST' as const, url: `/api/workspace/${other.workspaceId}/project` },
    ]) {
      const res = await asKey(key, request);
      expect([res.statusCode, res.json().error.code], request.url).toEqual([404, 'NOT_FOUND']);
    }
    const chatInB = await chat(key, other.workspaceId, projectInB);
    expect([chatInB.statusCode, chatInB.json().error.code]).toEqual([404, 'NOT_FOUND']);
    // The project of A named with B's workspace is refused too, not answered under A.
    expect((await chat(key, other.workspaceId, projectInA)).statusCode).toBe(404);

    const list = await asKey(key, { url: '/api/workspace/list' });
    expect(list.statusCode).toBe(200);
    expect(list.json().map((w: { id: string }) => w.id)).toEqual([owner.workspaceId]);
    // The same person, signed in, still sees both.
    const signedIn = await t.app.inject({ url: '/api/workspace/list', headers: owner.auth });
    expect(signedIn.json()).toHaveLength(2);
  });

  it("is capped by its creator's current role: demoted it shrinks, removed it stops", async () => {
    const owner = await createUser(t.app);
    const next = await createUser(t.app);
    await addMember(t.app, owner.workspaceId, next.id);
    const { key } = await makeKey(owner, ['read', 'write']);
    const editRules = {
      method: 'PUT' as const,
      url: `/api/workspace/${owner.workspaceId}/style-rules`,
      payload: { rules: [{ kind: 'ban', phrase: 'revolucionario' }] },
    };
    expect((await asKey(key, editRules)).statusCode).toBe(200);

    // The creator hands the workspace over and is a member from now on.
    await t.app.db.transaction(async (tx) => {
      await tx.update(memberships).set({ role: 'member' }).where(eq(memberships.userId, owner.id));
      await tx.update(memberships).set({ role: 'owner' }).where(eq(memberships.userId, next.id));
    });
    const demoted = await asKey(key, editRules);
    expect([demoted.statusCode, demoted.json().error.code]).toEqual([403, 'NOT_WORKSPACE_OWNER']);
    expect((await asKey(key, { url: `/api/workspace/${owner.workspaceId}/usage` })).statusCode).toBe(200);

    const removed = await t.app.inject({
      method: 'PATCH',
      url: `/api/workspace/${owner.workspaceId}/remove-invited-user/${owner.id}`,
      headers: next.auth,
    });
    expect(removed.statusCode, removed.body).toBe(204);
    const stopped = await asKey(key, { url: `/api/workspace/${owner.workspaceId}/usage` });
    expect([stopped.statusCode, stopped.json().error.code]).toEqual([401, 'UNAUTHENTICATED']);
  });
});

describe('rate limits per key', () => {
  it(`answers RateLimit-* headers on every answer and 429 with Retry-After past ${LIMIT} a minute`, async () => {
    const owner = await createUser(t.app);
    await setPlan(t.app, owner.workspaceId, 'enterprise');
    const { key } = await makeKey(owner, ['read']);
    const other = (await makeKey(owner, ['read'])).key;
    const url = `/api/workspace/${owner.workspaceId}/usage`;
    const remaining: string[] = [];
    for (let i = 0; i < LIMIT; i += 1) {
      // A refused request counts and is answered with the headers too.
      const res =
        i === 0
          ? await asKey(key, { method: 'POST', url: `/api/workspace/${owner.workspaceId}/project` })
          : await asKey(key, { url });
      expect(res.statusCode).toBe(i === 0 ? 403 : 200);
      expect(res.headers['ratelimit-limit']).toBe(String(LIMIT));
      const reset = Number(res.headers['ratelimit-reset']);
      expect(reset).toBeGreaterThan(0);
      expect(reset).toBeLessThanOrEqual(60);
      remaining.push(String(res.headers['ratelimit-remaining']));
    }
    expect(remaining).toEqual(['5', '4', '3', '2', '1', '0']);
    const limited = await asKey(key, { url });
    expect([limited.statusCode, limited.json().error.code]).toEqual([429, 'RATE_LIMITED']);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.headers['ratelimit-remaining']).toBe('0');
    // Each key has its own count.
    expect((await asKey(other, { url })).headers['ratelimit-remaining']).toBe('5');
    // A person's requests carry none.
    expect((await t.app.inject({ url, headers: owner.auth })).headers['ratelimit-limit']).toBeUndefined();
  });
});
