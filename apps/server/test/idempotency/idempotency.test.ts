import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readChatStream, type ChatStreamPart } from '@redacta/shared';
import { idempotencyKeys } from '../../src/db/schema.ts';
import { maintainDatabase } from '../../src/db/maintenance.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { workerDatabase } from '../helpers/database.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';
import { peerAppEnv, startOpenAIPeer, type OpenAIPeer } from '../helpers/openai-peer.ts';
import { createProject, entries, eventually, wordCount } from '../chat/chat-helpers.ts';
import { createdBatch, createTemplate, productsCsv } from '../batches/batch-helpers.ts';

let t: TestApp;
let base: string;
let peer: OpenAIPeer;
let ana: TestUser;

// The worker's database is made once, in a hook's time rather than the first test's.
beforeAll(() => workerDatabase());
afterEach(async () => {
  t.app.server.closeAllConnections();
  await t.app.close();
  await peer.close();
});

async function start(
  script: Parameters<typeof startOpenAIPeer>[0] = { chunks: ['Pan', ' recién', ' hecho.'] },
) {
  peer = await startOpenAIPeer(script);
  t = await createTestApp(peerAppEnv(peer));
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  ana = await createUser(t.app);
}

function post(
  path: string,
  body: unknown,
  key: string | undefined,
  options: { user?: TestUser; accept?: string; signal?: AbortSignal } = {},
) {
  return fetch(`${base}/api${path}`, {
    method: 'POST',
    headers: {
      ...(options.user ?? ana).auth,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(key === undefined ? {} : { 'idempotency-key': key }),
      ...(options.accept ? { accept: options.accept } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    ...(options.signal ? { signal: options.signal } : {}),
  });
}

const generate = (body: unknown, key?: string, options?: Parameters<typeof post>[3]) =>
  post(`/workspace/${(options?.user ?? ana).workspaceId}/generate`, body, key, options);

const errorCode = async (res: Response) => ((await res.json()) as { error: { code: string } }).error.code;

async function chatParts(res: Response): Promise<ChatStreamPart[]> {
  const parts: ChatStreamPart[] = [];
  for await (const part of readChatStream(res.body!)) parts.push(part);
  return parts;
}

describe('Idempotency-Key', () => {
  it('a replay gets the first answer back, marked replayed, and nothing is written or charged again', async () => {
    await start();
    const first = await generate({ prompt: 'Un eslogan' }, 'clave-1');
    expect(first.status).toBe(200);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const body = await first.text();
    const again = await generate({ prompt: 'Un eslogan' }, 'clave-1');
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.headers.get('content-type')).toContain('application/json');
    expect(await again.text()).toBe(body);
    expect(peer.requests).toHaveLength(1);
    expect(await wordCount(t.app, ana.workspaceId)).toBe(3);
    // A body with its keys in another order is the same request.
    const reordered = await generate({ language: 'es', prompt: 'Un eslogan' }, 'clave-2');
    expect(reordered.status).toBe(200);
    const reorderedAgain = await generate({ prompt: 'Un eslogan', language: 'es' }, 'clave-2');
    expect(reorderedAgain.headers.get('idempotent-replayed')).toBe('true');
    // Without a key every request runs.
    await generate({ prompt: 'Un eslogan' }, undefined);
    expect(peer.requests).toHaveLength(3);
  });

  it('the same key with a different request is 422 IDEMPOTENCY_KEY_REUSED; another principal’s key is theirs', async () => {
    await start();
    expect((await generate({ prompt: 'Un eslogan' }, 'clave')).status).toBe(200);
    const reused = await generate({ prompt: 'Otro eslogan' }, 'clave');
    expect(reused.status).toBe(422);
    expect(await errorCode(reused)).toBe('IDEMPOTENCY_KEY_REUSED');
    const ben = await createUser(t.app);
    const bens = await generate({ prompt: 'Otro eslogan' }, 'clave', { user: ben });
    expect(bens.status).toBe(200);
    expect(bens.headers.get('idempotent-replayed')).toBeNull();
    expect(peer.requests).toHaveLength(2);
  });

  it('a second request while the first still runs is 409 IDEMPOTENCY_KEY_IN_USE; once it has answered, its answer', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await start({
      pieces: async function* () {
        yield 'Uno';
        await held;
        yield ' dos.';
      },
    });
    const first = generate({ prompt: 'Dos palabras' }, 'lenta');
    await eventually(async () => (peer.requests[0]?.chunksSent ? true : undefined));
    const during = await generate({ prompt: 'Dos palabras' }, 'lenta');
    expect(during.status).toBe(409);
    expect(await errorCode(during)).toBe('IDEMPOTENCY_KEY_IN_USE');
    release();
    const answered = await first;
    const body = await answered.text();
    const after = await generate({ prompt: 'Dos palabras' }, 'lenta');
    expect(await after.text()).toBe(body);
    expect(peer.requests).toHaveLength(1);
    expect(await wordCount(t.app, ana.workspaceId)).toBe(2);
  });

  it('an answer that says to try again (a provider failure, 5xx) frees the key: the retry runs and is charged once', async () => {
    await start({ status: 500 });
    const failed = await generate({ prompt: 'Un eslogan' }, 'reintento');
    expect(failed.status).toBe(502);
    peer.script = { chunks: ['Ahora', ' sí.'] };
    const retried = await generate({ prompt: 'Un eslogan' }, 'reintento');
    expect(retried.status).toBe(200);
    expect(retried.headers.get('idempotent-replayed')).toBeNull();
    const replayed = await generate({ prompt: 'Un eslogan' }, 'reintento');
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expect(await wordCount(t.app, ana.workspaceId)).toBe(2);
  });

  it('a chat message sent twice with one key is saved and charged once; the replay is the whole stream', async () => {
    await start();
    const projectId = await createProject(t.app, ana.workspaceId, ana.id);
    const body = { workspaceId: ana.workspaceId, projectId, message: 'Un eslogan' };
    const first = await post('/chat/send-request-stream', body, 'chat-1');
    const parts = await chatParts(first);
    expect(parts.at(-1)!.type).toBe('finish');
    // Kept before the stream's end reached the client: a retry at once is replayed, never 409.
    const [kept] = await t.app.db.select({ status: idempotencyKeys.status }).from(idempotencyKeys);
    expect(kept?.status).toBe(200);
    const again = await post('/chat/send-request-stream', body, 'chat-1');
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.headers.get('content-type')).toContain('application/x-ndjson');
    expect(await chatParts(again)).toEqual(parts);
    expect((await entries(t.app, projectId)).map((entry) => entry.role)).toEqual(['user', 'assistant']);
    expect(await wordCount(t.app, ana.workspaceId)).toBe(3);
  });

  it('a chat reply whose client left mid-way goes on; the retry with its key gets the whole reply, not a second one', async () => {
    await start({ chunks: Array.from({ length: 30 }, (_, i) => ` palabra${i}`), delayMs: 30 });
    const projectId = await createProject(t.app, ana.workspaceId, ana.id);
    const body = { workspaceId: ana.workspaceId, projectId, message: 'Un texto' };
    const controller = new AbortController();
    const first = await post('/chat/send-request-stream', body, 'se-fue', { signal: controller.signal });
    const reader = first.body!.getReader();
    await reader.read();
    controller.abort();
    // Until the reply is saved, the key is still running.
    const during = await post('/chat/send-request-stream', body, 'se-fue');
    expect(during.status).toBe(409);
    await peer.ended(1);
    const replay = await eventually(async () => {
      const res = await post('/chat/send-request-stream', body, 'se-fue');
      return res.status === 200 ? res : undefined;
    });
    const parts = await chatParts(replay);
    const last = parts.at(-1)!;
    if (last.type !== 'finish') throw new Error(`the replay ended with ${last.type}`);
    const text = parts.map((part) => (part.type === 'text' ? part.text : '')).join('');
    expect(text.trim().split(/\s+/)).toHaveLength(30);
    const saved = await entries(t.app, projectId);
    expect(saved.map((entry) => entry.role)).toEqual(['user', 'assistant']);
    expect(saved[1]!.id).toBe(last.messageId);
    expect(await wordCount(t.app, ana.workspaceId)).toBe(30);
    expect(peer.requests).toHaveLength(1);
  });

  it('starting a batch again with its key answers the first start, not 409; without a key it is 409', async () => {
    await start();
    const template = await createTemplate(t.app, ana);
    const batch = await createdBatch(t.app, ana, { csv: productsCsv(2), templateId: template.id });
    const first = await post(`/batch/${batch.id}/start`, undefined, 'lote-1');
    expect(first.status).toBe(200);
    const body = await first.text();
    const again = await post(`/batch/${batch.id}/start`, undefined, 'lote-1');
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.text()).toBe(body);
    const unkeyed = await post(`/batch/${batch.id}/start`, undefined, undefined);
    expect(unkeyed.status).toBe(409);
  });

  it('a key that is not 1 to 255 visible ASCII characters is 400', async () => {
    await start();
    for (const key of ['x'.repeat(256), 'con espacio']) {
      const res = await generate({ prompt: 'Hola' }, key);
      expect(res.status).toBe(400);
      expect(await errorCode(res)).toBe('VALIDATION_FAILED');
    }
    expect(peer.requests).toHaveLength(0);
  });

  it('keys are stored hashed and deleted by the database maintenance after 24 hours', async () => {
    await start();
    await generate({ prompt: 'Hola' }, 'clave-secreta');
    const [row] = await t.app.db.select().from(idempotencyKeys);
    expect(row!.keyHash).not.toContain('clave-secreta');
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeCloseTo(24 * 3600_000, -4);
    expect(await maintainDatabase(t.app.database)).toMatchObject({ expiredIdempotencyKeys: 0 });
    await t.app.db.update(idempotencyKeys).set({ expiresAt: new Date(Date.now() - 1000) });
    expect(await maintainDatabase(t.app.database)).toMatchObject({ expiredIdempotencyKeys: 1 });
    // The key is new again.
    const again = await generate({ prompt: 'Otra cosa' }, 'clave-secreta');
    expect(again.status).toBe(200);
  });
});
