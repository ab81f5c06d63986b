import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { countWords, type LiveConversationPart } from '@redacta/shared';
import { buildApp, type App } from '../../src/app.ts';
import { projects } from '../../src/db/schema.ts';
import { ACCESS_RECHECK_MS } from '../../src/modules/chat/live/follow.ts';
import { createTestApp, testConfig, type TestApp } from '../helpers/app.ts';
import { workerDatabase } from '../helpers/database.ts';
import { addMember, createUser, type TestUser } from '../helpers/factories.ts';
import { peerAppEnv, startOpenAIPeer, type OpenAIPeer } from '../helpers/openai-peer.ts';
import { createProject, entries, eventually, readParts, textOf, wordCount } from './chat-helpers.ts';
import { follow, type Follower } from './live-helpers.ts';
import { lastCodeTo } from '../helpers/login.ts';
import { addReadyFile } from '../knowledge/knowledge-helpers.ts';
import { Redis } from 'ioredis';
import { SUBSCRIBER_NAME } from '../../src/modules/chat/live/redis-transport.ts';

const REDIS_URL = 'redis://127.0.0.1:6379';

let peer: OpenAIPeer;
let t: TestApp;
let base: string;
let ana: TestUser;
let ben: TestUser;
let projectId: string;
const others: App[] = [];

const words = (n: number) => Array.from({ length: n }, (_, i) => ` palabra${i}`);

async function start(env: Record<string, string> = {}) {
  t = await createTestApp(peerAppEnv(peer, env));
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  ana = await createUser(t.app, { firstName: 'Ana', lastName: 'García' });
  ben = await createUser(t.app, { firstName: 'Ben', lastName: 'Ortiz' });
  await addMember(t.app, ana.workspaceId, ben.id);
  projectId = await createProject(t.app, ana.workspaceId, ana.id, true);
}

beforeEach(async () => {
  peer = await startOpenAIPeer();
});
afterEach(async () => {
  for (const app of [...others.splice(0), t.app]) {
    // Connections that open while an instance closes and never send a request (seen here from this
    // process's own HTTP client, with Redis set) would hold its close for ever: closed as they come.
    const sweep = setInterval(() => app.server.closeAllConnections(), 100);
    app.server.closeAllConnections();
    await app.close().finally(() => clearInterval(sweep));
  }
  await peer.close();
});

function send(at: string, user: TestUser, body: Record<string, unknown> = {}, signal?: AbortSignal) {
  return fetch(`${at}/api/chat/send-request-stream`, {
    method: 'POST',
    headers: { ...user.auth, 'content-type': 'application/json' },
    body: JSON.stringify({ workspaceId: ana.workspaceId, projectId, message: 'Escribe un anuncio', ...body }),
    signal,
  });
}

async function startTwo() {
  const env = { REDIS_URL, JWT_SECRET: randomBytes(32).toString('hex') };
  await start(env);
  const database = await workerDatabase();
  const second = await buildApp({
    config: testConfig(peerAppEnv(peer, env)),
    database: { ...database, close: async () => {} },
  });
  others.push(second);
  return { second, secondBase: await second.listen({ port: 0, host: '127.0.0.1' }) };
}

/**
 * Ana sends a message on the first instance while `follower` has the project open: resolves once the
 * reply's request reaches the follower, with the chat stream's parts to come.
 */
async function sendWhileFollowed(follower: Follower, chunks: number) {
  peer.script = { chunks: words(chunks), delayMs: 30 };
  await follower.until((p) => p.type === 'replies');
  const sent = send(base, ana).then(readParts);
  sent.catch(() => {});
  const request = await follower.until((p) => p.type === 'request');
  return { sent, request, userEntryId: request.type === 'request' ? request.reply.userEntryId : '' };
}

const sessionOf = (user: TestUser): string =>
  JSON.parse(Buffer.from(user.accessToken.split('.')[1]!, 'base64url').toString()).sid;

/** A guide in Ana's workspace: a request about the Plan Pro's price cites it. */
async function uploadGuide() {
  const guide = '# Precios\nEl Plan Pro de Acme cuesta 49 euros al mes e incluye tres asientos.';
  const source = await addReadyFile(t.app, ana, { name: 'guia.md', type: 'text/markdown', text: guide });
  return source.id;
}
const citingRequest = { message: 'Anuncio sobre el precio del Plan Pro' };
const citingReply = (n: number) => ['El Plan Pro', ' cuesta 49 € [1].', ...words(n)];

/**
 * The sources a follower had for the reply before its first text: in the request (named before the
 * sender's name was read) or in a `sources` part.
 */
function sourcesBeforeText(follower: Follower, userEntryId: string) {
  const parts = follower.parts.map(({ part }) => part);
  const firstText = parts.findIndex((p) => p.type === 'text' && p.userEntryId === userEntryId);
  const cited = parts
    .slice(0, firstText)
    .flatMap((p: LiveConversationPart) =>
      p.type === 'request' && p.reply.userEntryId === userEntryId && p.reply.sources
        ? [p.reply.sources]
        : p.type === 'sources' && p.userEntryId === userEntryId
          ? [p.sources]
          : [],
    );
  expect(firstText).toBeGreaterThan(0);
  expect(cited).toHaveLength(1);
  return cited[0]!;
}

const savedReply = () =>
  eventually(async () => (await entries(t.app, projectId)).find((e) => e.role === 'assistant'), 5000);

/** Runs `use` with a Redis connection of its own, closed after. */
async function withRedis(use: (admin: Redis) => Promise<void>) {
  const admin = new Redis(REDIS_URL);
  try {
    await use(admin);
  } finally {
    admin.disconnect();
  }
}

/** Once the reply is saved and its end has reached `follower`, the follower has exactly its text. */
async function expectWholeReply(follower: Follower, sent: Promise<unknown>, userEntryId: string) {
  await sent;
  const reply = await savedReply();
  await follower.until((p) => p.type === 'end');
  expect(follower.textOf(userEntryId)).toBe(reply.content);
}

describe('GET /api/project/{id}/conversation/live', () => {
  it("shows a teammate the request with the sender's name and the reply as it streams", async () => {
    await start();
    // The project still has the name the server gave it: the first message names it.
    await t.app.db.update(projects).set({ nameIsDefault: true }).where(eq(projects.id, projectId));
    peer.script = { chunks: words(12), delayMs: 40 };
    const follower = await follow(base, ben, projectId);
    expect((await follower.until((p) => p.type === 'replies')) as unknown).toEqual({
      type: 'replies',
      replies: [],
    });

    const res = await send(base, ana);
    const request = await follower.until((p) => p.type === 'request');
    expect(request).toMatchObject({
      type: 'request',
      reply: {
        sender: { id: ana.id, name: 'Ana García' },
        message: 'Escribe un anuncio',
        regenerate: false,
        // The project's first message names it: the teammate's header shows the new name.
        projectName: 'Escribe un anuncio',
      },
    });
    const userEntryId = request.type === 'request' ? request.reply.userEntryId : '';
    // The text arrives in pieces while the reply is written, not all at the end.
    const firstText = await follower.until((p) => p.type === 'text');
    const parts = await readParts(res);
    const end = await follower.until((p) => p.type === 'end');
    const endAt = follower.parts.find(({ part }) => part === end)!.at;
    const firstAt = follower.parts.find(({ part }) => part === firstText)!.at;
    expect(endAt - firstAt).toBeGreaterThanOrEqual(200);

    const saved = await entries(t.app, projectId);
    expect(saved.map((e) => e.id)).toEqual([userEntryId, (end as { messageId: string }).messageId]);
    expect(follower.textOf(userEntryId)).toBe(saved[1]!.content);
    expect(textOf(parts)).toBe(saved[1]!.content);
    follower.leave();
  });

  it('a reply that uses knowledge: a teammate gets its sources before its text, a tab opened mid-reply gets them with the reply', async () => {
    await start();
    const knowledgeId = await uploadGuide();
    peer.script = { chunks: citingReply(20), delayMs: 30 };
    const follower = await follow(base, ben, projectId);
    await follower.until((p) => p.type === 'replies');
    const sent = send(base, ana, citingRequest).then(readParts);
    const request = await follower.until((p) => p.type === 'request');
    const userEntryId = request.type === 'request' ? request.reply.userEntryId : '';
    await follower.until((p) => p.type === 'text');
    expect(sourcesBeforeText(follower, userEntryId)).toEqual([
      expect.objectContaining({ n: 1, knowledgeId, name: 'guia.md' }),
    ]);

    const late = await follow(base, ana, projectId);
    const snapshot = await late.until((p) => p.type === 'replies');
    const [inProgress] = snapshot.type === 'replies' ? snapshot.replies : [];
    expect(inProgress?.text.length).toBeGreaterThan(0);
    await late.until((p) => p.type === 'end');
    const sender = (await sent).map(({ part }) => part);
    const senderSources = sender.find((p) => p.type === 'sources');
    expect(inProgress?.sources).toEqual(senderSources?.type === 'sources' && senderSources.sources);
    // The snapshot named them: they are not sent again.
    expect(late.parts.filter(({ part }) => part.type === 'sources')).toHaveLength(0);
    follower.leave();
    late.leave();
  });

  it('a client that leaves mid-reply does not stop it: a reload continues it to the end, charged once', async () => {
    await start();
    peer.script = { chunks: words(30), delayMs: 30 };
    const controller = new AbortController();
    const res = await send(base, ana, {}, controller.signal);
    // The sender reloads after a few pieces: the request's connection closes.
    await readParts(res, (_part, all) => all.filter((p) => p.part.type === 'text').length === 5 || undefined);
    controller.abort();

    const reloaded = await follow(base, ana, projectId);
    const snapshot = await reloaded.until((p) => p.type === 'replies');
    const [inProgress] = snapshot.type === 'replies' ? snapshot.replies : [];
    expect(inProgress).toMatchObject({ sender: { id: ana.id }, message: 'Escribe un anuncio' });
    // Never a blank: the text so far comes first.
    expect(inProgress!.text.length).toBeGreaterThan(0);
    const end = await reloaded.until((p) => p.type === 'end');

    const upstream = await peer.ended(1);
    expect(upstream.completed).toBe(true);
    expect(upstream.closedByClient).toBe(false);
    const reply = await savedReply();
    expect(reply).toMatchObject({ status: 'complete', content: words(30).join('') });
    expect(end).toMatchObject({ messageId: reply.id });
    expect(reloaded.textOf(inProgress!.userEntryId)).toBe(reply.content);
    expect(peer.requests).toHaveLength(1);
    expect(await wordCount(t.app, ana.workspaceId)).toBe(countWords(reply.content));
    reloaded.leave();
  });

  it('POST /conversation/stop stops the sender’s reply from another tab; the partial reply is kept as stopped', async () => {
    await start();
    peer.script = { chunks: words(60), delayMs: 40 };
    const follower = await follow(base, ben, projectId);
    const res = await send(base, ana);
    // Stopped from another tab, the sender's stream ends with the stopped reply's `aborted` part.
    const sent = readParts(res);
    await follower.until((p) => p.type === 'text');

    // A teammate cannot stop someone else's reply.
    const notMine = await fetch(`${base}/api/project/${projectId}/conversation/stop`, {
      method: 'POST',
      headers: { ...ben.auth, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(notMine.status).toBe(204);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(peer.requests[0]!.closedByClient).toBe(false);

    // "At once" is counted in the model's own pieces (one each 40 ms), not in milliseconds of a machine
    // that may be loaded: the provider sends at most a few more after the stop, never the rest.
    const chunksAtStop = peer.requests[0]!.chunksSent;
    const stop = await fetch(`${base}/api/project/${projectId}/conversation/stop`, {
      method: 'POST',
      headers: { ...ana.auth, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(stop.status).toBe(204);
    const upstream = await peer.ended(1);
    expect(upstream.closedByClient).toBe(true);
    expect(upstream.completed).toBe(false);
    expect(upstream.chunksSent - chunksAtStop).toBeLessThan(5);
    const parts = await sent;
    const reply = await savedReply();
    expect(reply.status).toBe('aborted');
    expect(parts.filter(({ part }) => ['finish', 'error', 'aborted'].includes(part.type))).toHaveLength(1);
    expect(parts.at(-1)!.part).toEqual({
      type: 'aborted',
      messageId: reply.id,
      wordsCharged: countWords(reply.content),
      remaining: 2000 - countWords(reply.content),
    });
    expect(await follower.until((p) => p.type === 'end')).toMatchObject({ messageId: reply.id });
    expect(follower.textOf(reply.requestId!)).toBe(reply.content);
    expect(await wordCount(t.app, ana.workspaceId)).toBe(countWords(reply.content));
    follower.leave();
  });

  it("tells a teammate following the project about a reply's saved fixes and ignored findings", async () => {
    await start();
    peer.script = { chunks: ['Un mail', ' revolucionario.'] };
    await readParts(await send(base, ana));
    const reply = await savedReply();
    const follower = await follow(base, ben, projectId);
    await follower.until((p) => p.type === 'replies');

    const res = await fetch(`${base}/api/project/${projectId}/conversation/entry/${reply.id}`, {
      method: 'PATCH',
      headers: { ...ana.auth, 'content-type': 'application/json' },
      body: JSON.stringify({
        content: 'Un email revolucionario.',
        ignoredFindings: ['regla:revolucionario'],
      }),
    });
    expect(res.status).toBe(200);
    expect(await follower.until((p) => p.type === 'edited')).toEqual({
      type: 'edited',
      entryId: reply.id,
      content: 'Un email revolucionario.',
      ignoredFindings: ['regla:revolucionario'],
    });
    follower.leave();
  });

  it('refuses whoever cannot see the project: an outsider, and a teammate for a private project', async () => {
    await start();
    const outsider = await createUser(t.app);
    const privateProject = await createProject(t.app, ana.workspaceId, ana.id, false);
    const status = async (user: TestUser, id: string) =>
      (await fetch(`${base}/api/project/${id}/conversation/live`, { headers: user.auth })).status;
    expect(await status(outsider, projectId)).toBe(404);
    expect(await status(ben, privateProject)).toBe(404);
    const stop = await fetch(`${base}/api/project/${projectId}/conversation/stop`, {
      method: 'POST',
      headers: { ...outsider.auth, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(stop.status).toBe(404);
    expect((await fetch(`${base}/api/project/${projectId}/conversation/live`)).status).toBe(401);
  });

  for (const how of ['removed from the workspace', 'the project turned private'] as const) {
    it(`a teammate who loses access (${how}) stops receiving within a second`, async () => {
      await start();
      peer.script = { chunks: words(80), delayMs: 40 };
      const follower = await follow(base, ben, projectId);
      void send(base, ana)
        .then(readParts)
        .catch(() => {});
      await follower.until((p) => p.type === 'text');
      await new Promise((resolve) => setTimeout(resolve, ACCESS_RECHECK_MS));

      const change =
        how === 'removed from the workspace'
          ? t.app.inject({
              method: 'PATCH',
              url: `/api/workspace/${ana.workspaceId}/remove-invited-user/${ben.id}`,
              headers: ana.auth,
            })
          : t.app.inject({
              method: 'PATCH',
              url: `/api/project/${projectId}/share-to-workspace`,
              headers: ana.auth,
            });
      const answer = await change;
      expect([200, 204]).toContain(answer.statusCode);
      const lostAt = Date.now();
      const closed = await follower.until((p) => p.type === 'closed', 3000);
      expect(closed).toEqual({ type: 'closed', reason: 'access' });
      await follower.ended;
      const lastText = follower.parts.filter(({ part }) => part.type === 'text').at(-1)!;
      expect(lastText.at - lostAt).toBeLessThan(ACCESS_RECHECK_MS + 200);
      // The reply itself goes on for its sender.
      expect(peer.requests[0]!.closedByClient).toBe(false);
    });
  }
});

describe('the end of access ends an idle stream at once', () => {
  const changes = {
    'removed from the workspace': () =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/workspace/${ana.workspaceId}/remove-invited-user/${ben.id}`,
        headers: ana.auth,
      }),
    'left the workspace': () =>
      t.app.inject({ method: 'POST', url: `/api/workspace/${ana.workspaceId}/leave`, headers: ben.auth }),
    'the project turned private': () =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/project/${projectId}/share-to-workspace`,
        headers: ana.auth,
      }),
    'the project deleted': () =>
      t.app.inject({ method: 'DELETE', url: `/api/project/${projectId}`, headers: ana.auth }),
    'the workspace deleted': async () => {
      // Its owner's only workspace cannot be deleted: she belongs to another first.
      const elsewhere = await createUser(t.app);
      await addMember(t.app, elsewhere.workspaceId, ana.id);
      return t.app.inject({
        method: 'DELETE',
        url: `/api/workspace/${ana.workspaceId}`,
        headers: ana.auth,
        payload: { name: 'Mi espacio de trabajo' },
      });
    },
  };
  for (const [how, change] of Object.entries(changes)) {
    it(`${how}: the teammate's stream ends within a second, with no reply streaming`, async () => {
      await start();
      const follower = await follow(base, ben, projectId);
      await follower.until((p) => p.type === 'replies');
      expect([200, 204]).toContain((await change()).statusCode);
      expect(await follower.until((p) => p.type === 'closed', 1000)).toEqual({
        type: 'closed',
        reason: 'access',
      });
      await follower.ended;
    });
  }

  it('deleting one’s account ends its streams within a second', async () => {
    await start();
    const ended = await follow(base, ben, projectId);
    await ended.until((p) => p.type === 'replies');
    await t.app.inject({ method: 'POST', url: '/api/user/deletion-code', headers: ben.auth });
    const code = lastCodeTo(t.app, ben.email);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/user',
      headers: ben.auth,
      payload: { code },
    });
    expect(deleted.statusCode).toBe(204);
    const endedBy = Date.now() + 1000;
    await ended.ended;
    expect(Date.now()).toBeLessThan(endedBy);
  });

  it('signing out ends that session’s streams within a second, and no other session’s', async () => {
    await start();
    const ended = await follow(base, ben, projectId);
    const other = await follow(base, ana, projectId);
    await ended.until((p) => p.type === 'replies');
    await other.until((p) => p.type === 'replies');
    await t.app.revokedSessions.revoke(sessionOf(ben));
    const endedBy = Date.now() + 1000;
    await ended.ended;
    expect(Date.now()).toBeLessThan(endedBy);
    expect(ended.parts.some(({ part }) => part.type === 'closed')).toBe(false);
    peer.script = { chunks: words(3), delayMs: 10 };
    await readParts(await send(base, ana));
    await other.until((p) => p.type === 'end');
    other.leave();
  });
});

describe('across instances (Redis)', () => {
  it('a reply written on one instance streams to a follower on another, and a reload there continues it', async () => {
    const { secondBase } = await startTwo();
    const follower = await follow(secondBase, ben, projectId);
    const { sent, request, userEntryId } = await sendWhileFollowed(follower, 40);
    expect(request).toMatchObject({ reply: { sender: { name: 'Ana García' } } });
    await follower.until((p) => p.type === 'text');

    // A second tab opened on the other instance mid-reply: the text so far, then the rest, none twice.
    const late = await follow(secondBase, ana, projectId);
    const snapshot = await late.until((p) => p.type === 'replies');
    expect(snapshot.type === 'replies' && snapshot.replies[0]?.text.length).toBeGreaterThan(0);

    await sent;
    const reply = await savedReply();
    await follower.until((p) => p.type === 'end');
    await late.until((p) => p.type === 'end');
    expect(follower.textOf(userEntryId)).toBe(reply.content);
    expect(late.textOf(userEntryId)).toBe(reply.content);
    follower.leave();
    late.leave();
  });
});

describe('across instances (Redis): saved fixes', () => {
  it("a reply's saved fixes on one instance reach a follower on another", async () => {
    const { secondBase } = await startTwo();
    peer.script = { chunks: ['Un mail.'] };
    await readParts(await send(base, ana));
    const reply = await savedReply();
    const follower = await follow(secondBase, ben, projectId);
    await follower.until((p) => p.type === 'replies');
    const res = await fetch(`${base}/api/project/${projectId}/conversation/entry/${reply.id}`, {
      method: 'PATCH',
      headers: { ...ana.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'Un email.' }),
    });
    expect(res.status).toBe(200);
    expect(await follower.until((p) => p.type === 'edited')).toEqual({
      type: 'edited',
      entryId: reply.id,
      content: 'Un email.',
      ignoredFindings: [],
    });
    follower.leave();
  });
});

describe('across instances (Redis): knowledge', () => {
  it('a follower on another instance gets the sources before the text, and a tab opened there mid-reply gets them with the reply', async () => {
    const { secondBase } = await startTwo();
    const knowledgeId = await uploadGuide();
    peer.script = { chunks: citingReply(30), delayMs: 30 };
    const follower = await follow(secondBase, ben, projectId);
    await follower.until((p) => p.type === 'replies');
    const sent = send(base, ana, citingRequest).then(readParts);
    sent.catch(() => {});
    const request = await follower.until((p) => p.type === 'request');
    const userEntryId = request.type === 'request' ? request.reply.userEntryId : '';
    await follower.until((p) => p.type === 'text');
    const sources = sourcesBeforeText(follower, userEntryId);
    expect(sources).toEqual([expect.objectContaining({ n: 1, knowledgeId, name: 'guia.md' })]);

    const late = await follow(secondBase, ana, projectId);
    const snapshot = await late.until((p) => p.type === 'replies');
    const [inProgress] = snapshot.type === 'replies' ? snapshot.replies : [];
    expect(inProgress?.text.length).toBeGreaterThan(0);
    expect(inProgress?.sources).toEqual(sources);
    await sent;
    await late.until((p) => p.type === 'end');
    expect(late.parts.filter(({ part }) => part.type === 'sources')).toHaveLength(0);
    follower.leave();
    late.leave();
  });
});

describe('across instances (Redis): access and lost messages', () => {
  it('a member removed on one instance has their idle stream on another ended within a second', async () => {
    const { second, secondBase } = await startTwo();
    const follower = await follow(secondBase, ben, projectId);
    await follower.until((p) => p.type === 'replies');
    const removed = await t.app.inject({
      method: 'PATCH',
      url: `/api/workspace/${ana.workspaceId}/remove-invited-user/${ben.id}`,
      headers: ana.auth,
    });
    expect(removed.statusCode).toBe(204);
    expect(await follower.until((p) => p.type === 'closed', 1000)).toMatchObject({ type: 'closed' });
    // Signing out on one instance ends the session's streams on the other.
    const own = await follow(secondBase, ana, projectId);
    await own.until((p) => p.type === 'replies');
    await t.app.revokedSessions.revoke(sessionOf(ana));
    const endedBy = Date.now() + 1000;
    await own.ended;
    expect(Date.now()).toBeLessThan(endedBy);
    expect(second.revokedSessions.has(sessionOf(ana))).toBe(true);
  });

  it('events published while an instance’s channel connection is down still reach its followers', async () => {
    const { secondBase } = await startTwo();
    const follower = await follow(secondBase, ben, projectId);
    const { sent, userEntryId } = await sendWhileFollowed(follower, 60);
    await follower.until((p) => p.type === 'text');
    // The live conversation's channel connections drop: messages published until they are back are lost.
    await withRedis(async (admin) => {
      const clients = (await admin.client('LIST')) as string;
      const ids = clients
        .split('\n')
        .filter((line) => line.includes(`name=${SUBSCRIBER_NAME} `))
        .map((line) => /id=(\d+)/.exec(line)![1]!);
      expect(ids.length).toBeGreaterThan(0);
      for (const id of ids) await admin.client('KILL', 'ID', id);
    });
    await expectWholeReply(follower, sent, userEntryId);
    follower.leave();
  });

  it('an event published before a snapshot and delivered after it is not sent twice', async () => {
    const { secondBase } = await startTwo();
    const watcher = await follow(base, ana, projectId);
    const { sent, userEntryId } = await sendWhileFollowed(watcher, 40);
    await watcher.until((p) => p.type === 'text' && p.seq >= 1);
    // Ben opens the project on the other instance mid-reply: his snapshot holds the first pieces.
    const follower = await follow(secondBase, ben, projectId);
    const replies = await follower.until((p) => p.type === 'replies');
    expect(replies.type === 'replies' && replies.replies[0]?.text).toMatch(/^ palabra0 palabra1/);
    // The first piece reaches that instance again, as a channel delivers an event published before
    // the snapshot was read.
    await withRedis(async (admin) => {
      const stale = { type: 'text', userEntryId, seq: 0, text: ' palabra0' };
      await admin.publish(`redacta-live:${projectId}`, JSON.stringify(stale));
    });
    await expectWholeReply(follower, sent, userEntryId);
    watcher.leave();
    follower.leave();
  });
});
