import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { generateResponseSchema, readChatStream, type CreatedApiKey } from '@redacta/shared';
import { actingKey, type ActingKey } from '../../src/lib/acting-key.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { workerDatabase } from '../helpers/database.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';
import { peerAppEnv, startOpenAIPeer, type OpenAIPeer } from '../helpers/openai-peer.ts';
import { createProject, eventually, readParts, wordCount } from '../chat/chat-helpers.ts';
import { follow } from '../chat/live-helpers.ts';

let t: TestApp;
let base: string;
let peer: OpenAIPeer | undefined;
let ana: TestUser;

// The worker's database is made once, in a hook's time rather than the first test's.
beforeAll(() => workerDatabase());
afterEach(async () => {
  t.app.server.closeAllConnections();
  await t.app.close();
  await peer?.close();
  peer = undefined;
});

async function start(script?: Parameters<typeof startOpenAIPeer>[0]) {
  peer = script ? await startOpenAIPeer(script) : undefined;
  t = await createTestApp(peer ? peerAppEnv(peer) : {});
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  ana = await createUser(t.app);
}

async function makeKey(scopes: string[]): Promise<CreatedApiKey> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/workspace/${ana.workspaceId}/api-keys`,
    headers: ana.auth,
    payload: { name: 'Catálogo', scopes },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('a key revoked while a request made with it is in flight', () => {
  it('the request finishes as it began and is charged once; the next request is 401', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await start({
      pieces: async function* () {
        yield 'Zapatillas';
        await held;
        yield ' que';
        yield ' duran.';
      },
    });
    const { id, key } = await makeKey(['generate']);
    const call = (body: unknown) =>
      fetch(`${base}/api/workspace/${ana.workspaceId}/generate`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const inFlight = call({ prompt: 'Un eslogan para zapatillas' });
    await eventually(async () => (peer!.requests[0]?.chunksSent ? true : undefined));

    const revoked = await t.app.inject({ method: 'DELETE', url: `/api/api-key/${id}`, headers: ana.auth });
    expect(revoked.statusCode).toBe(204);
    const refused = await call({ prompt: 'Otro' });
    expect(refused.status).toBe(401);
    release();

    const finished = await inFlight;
    expect(finished.status).toBe(200);
    const answer = generateResponseSchema.parse(await finished.json());
    expect(answer.outputs[0]!.text).toBe('Zapatillas que duran.');
    expect(answer.words).toBe(3);
    expect(await wordCount(t.app, ana.workspaceId)).toBe(3);
    expect((await call({ prompt: 'Otro más' })).status).toBe(401);
    expect(peer!.requests).toHaveLength(1);
  });

  it('a chat reply a revoked key started is saved and charged once; the key can no longer read the conversation', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await start({
      pieces: async function* () {
        yield 'Uno';
        await held;
        yield ' dos.';
      },
    });
    const projectId = await createProject(t.app, ana.workspaceId, ana.id);
    const { id, key } = await makeKey(['generate', 'read']);
    const bearer = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
    const res = await fetch(`${base}/api/chat/send-request-stream`, {
      method: 'POST',
      headers: bearer,
      body: JSON.stringify({ workspaceId: ana.workspaceId, projectId, message: 'Dos palabras' }),
    });
    await eventually(async () => (peer!.requests[0]?.chunksSent ? true : undefined));
    await t.app.inject({ method: 'DELETE', url: `/api/api-key/${id}`, headers: ana.auth });
    const read = await fetch(`${base}/api/project/${projectId}/conversation`, { headers: bearer });
    expect(read.status).toBe(401);
    release();
    const parts = [];
    for await (const part of readChatStream(res.body!)) parts.push(part);
    expect(parts.at(-1)).toMatchObject({ type: 'finish', wordsCharged: 2 });
    expect(await wordCount(t.app, ana.workspaceId)).toBe(2);
  });
});

describe('a key’s chat request followed live', () => {
  it('names the key beside its sender, for whoever follows the conversation', async () => {
    await start({ chunks: ['Uno', ' dos.'] });
    const projectId = await createProject(t.app, ana.workspaceId, ana.id);
    const { id, key } = await makeKey(['generate']);
    const follower = await follow(base, ana, projectId);
    await follower.until((part) => part.type === 'replies');
    const res = await fetch(`${base}/api/chat/send-request-stream`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ workspaceId: ana.workspaceId, projectId, message: 'Dos palabras' }),
    });
    await readParts(res);
    const request = await follower.until((part) => part.type === 'request');
    if (request.type !== 'request') throw new Error('no request');
    expect(request.reply.sender).toEqual({ id: ana.id, name: 'Ana García' });
    expect(request.reply.apiKey).toEqual({ id, name: 'Catálogo' });
    follower.leave();
  });
});

describe('the app’s event listeners', () => {
  it('never act as the key whose request fired the event, nor do the timers they start', async () => {
    await start();
    const { key } = await makeKey(['write', 'read']);
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/workspace/${ana.workspaceId}/project`,
      headers: ana.auth,
    });
    const projectId = created.json<{ id: string }>().id;
    const seen: (ActingKey | undefined)[] = [];
    const later: Promise<ActingKey | undefined>[] = [];
    // A listener registered outside any request, as the document versions' is.
    t.app.collab.events.on('stored', () => {
      seen.push(actingKey());
      later.push(new Promise((resolve) => setTimeout(() => resolve(actingKey()), 0)));
    });
    const headers = { authorization: `Bearer ${key}` };
    const document = await t.app.inject({ url: `/api/project/${projectId}/document`, headers });
    expect(document.statusCode).toBe(200);
    const saved = await t.app.inject({
      method: 'PATCH',
      url: `/api/project/${projectId}/document`,
      headers,
      payload: {
        content: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Hola' }] }] },
        updatedAt: document.json<{ updatedAt: string }>().updatedAt,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await eventually(async () => (seen.length > 0 ? true : undefined));
    expect(seen).toEqual([undefined]);
    expect(await Promise.all(later)).toEqual([undefined]);
  });
});
