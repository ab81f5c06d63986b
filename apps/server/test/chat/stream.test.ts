import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { countWords } from '@redacta/shared';
import { brandVoices, prompts, promptUsage, usageCounters, workspaces } from '../../src/db/schema.ts';
import { listeningApp, type ListeningApp } from '../helpers/listening-app.ts';
import { addMember, createUser, setPlan, type TestUser } from '../helpers/factories.ts';
import { peerAppEnv, startOpenAIPeer, type OpenAIPeer } from '../helpers/openai-peer.ts';
import {
  createProject,
  entries,
  eventually,
  readParts,
  readPartsThenStop,
  stopReplies,
  textOf,
  wordCount,
} from './chat-helpers.ts';

let peer: OpenAIPeer;
let t: ListeningApp;

beforeEach(async () => {
  peer = await startOpenAIPeer();
  t = await listeningApp(peerAppEnv(peer, { AI_MODEL_PREMIUM: 'peer-premium' }));
});
afterEach(async () => {
  await t.close();
  await peer.close();
});

/** A custom library prompt of a workspace. */
async function customPrompt(workspaceId: string) {
  const [prompt] = await t.app.db
    .insert(prompts)
    .values({ workspaceId, language: 'es', name: 'Propio', text: 'Escribe' })
    .returning();
  return prompt!;
}

function send(body: Record<string, unknown>, user: TestUser = t.ana, signal?: AbortSignal) {
  return fetch(`${t.base}/api/chat/send-request-stream`, {
    method: 'POST',
    headers: { ...user.auth, 'content-type': 'application/json' },
    body: JSON.stringify({
      workspaceId: user.workspaceId,
      projectId: t.projectId,
      message: 'Escribe un anuncio',
      ...body,
    }),
    signal,
  });
}

describe('POST /api/chat/send-request-stream over a real OpenAI-protocol stream', () => {
  it('streams the text in order and in pieces, then saves and charges the reply', async () => {
    // The model sends its last pieces only once the client has the first: a reply held back until
    // the model's end would never come (the test would time out), whatever the machine's load.
    let firstTextArrived!: () => void;
    const firstText = new Promise<void>((resolve) => (firstTextArrived = resolve));
    peer.script = {
      pieces: async function* () {
        yield 'Zapatillas';
        yield ' ligeras';
        await firstText;
        yield* [' para', ' correr', ' lejos.'];
      },
      delayMs: 40,
    };
    const res = await send({});
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
    const parts = await readParts(res, (part) => {
      if (part.type === 'text') firstTextArrived();
    });

    const [start, ...rest] = parts.map((p) => p.part);
    expect(start).toMatchObject({ type: 'start', model: 'peer-standard', demo: false });
    const texts = parts.filter((p) => p.part.type === 'text');
    expect(textOf(texts)).toBe('Zapatillas ligeras para correr lejos.');
    // Pieces arrive as the provider sends them, not all at the end.
    expect(texts[0]!.part).toMatchObject({ text: 'Zapatillas' });
    expect(texts.length).toBeGreaterThanOrEqual(3);
    const finish = rest.at(-1)!;
    expect(finish).toMatchObject({ type: 'finish', wordsCharged: 5, remaining: 1995 });
    expect(rest.filter((p) => p.type === 'finish' || p.type === 'error')).toHaveLength(1);

    const saved = await entries(t.app, t.projectId);
    expect(saved.map((e) => [e.role, e.content, e.status])).toEqual([
      ['user', 'Escribe un anuncio', 'complete'],
      ['assistant', 'Zapatillas ligeras para correr lejos.', 'complete'],
    ]);
    expect(start).toMatchObject({ userEntryId: saved[0]!.id });
    expect(finish).toMatchObject({ messageId: saved[1]!.id });
    expect(saved[1]).toMatchObject({ model: 'peer-standard', wordsCharged: 5 });
    expect(await wordCount(t.app, t.ana.workspaceId)).toBe(5);

    // Chat Completions with usage requested, the system prompt in the workspace language.
    const request = peer.requests[0]!.body;
    expect(request).toMatchObject({
      model: 'peer-standard',
      stream: true,
      stream_options: { include_usage: true },
    });
    expect(request.messages[0]).toMatchObject({ role: 'system' });
    expect(String(request.messages[0]!.content)).toContain('Spanish');
    expect(request.messages.at(-1)).toMatchObject({ role: 'user', content: 'Escribe un anuncio' });
  });

  it('sends the conversation so far with the next request', async () => {
    peer.script = { chunks: ['Primera', ' respuesta'] };
    await readParts(await send({ message: 'Primera petición' }));
    peer.script = { chunks: ['Segunda'] };
    await readParts(await send({ message: 'Segunda petición' }));
    const messages = peer.requests[1]!.body.messages.slice(1);
    expect(messages).toEqual([
      { role: 'user', content: 'Primera petición' },
      { role: 'assistant', content: 'Primera respuesta' },
      { role: 'user', content: 'Segunda petición' },
    ]);
  });

  it("a fast model's text goes out in batches: the first piece at once, then a line per read of the provider, not per token", async () => {
    const chunks = Array.from({ length: 120 }, (_, i) => ` palabra${i}`);
    peer.script = { chunks, delayMs: 2 };
    const parts = await readParts(await send({}));

    const texts = parts.filter((p) => p.part.type === 'text');
    expect(textOf(texts)).toBe(chunks.join(''));
    expect(texts[0]!.part).toMatchObject({ text: ' palabra0' });
    // ~240 ms of tokens, read from the provider every 30 ms after the first: a handful of lines on a quiet
    // machine. A busy one stretches the peer's 2 ms between tokens more than the 30 ms tick, so the bound
    // is what tells batching from a line per token (120), not the quiet machine's count.
    expect(texts.length).toBeGreaterThan(1);
    expect(texts.length).toBeLessThan(chunks.length / 2);
    expect(parts.at(-1)!.part).toMatchObject({ type: 'finish', wordsCharged: 120 });
  });

  it('stopping the reply closes the upstream connection at once and keeps the partial reply as aborted', async () => {
    peer.script = { chunks: Array.from({ length: 60 }, (_, i) => ` palabra${i}`), delayMs: 40 };
    const controller = new AbortController();
    const res = await send({}, t.ana, controller.signal);
    const stop = () => stopReplies(t.base, t.ana, t.projectId);
    const { parts, stoppedAt: abortedAt } = await readPartsThenStop(res, stop, controller, 3);
    expect(textOf(parts).trim().split(' ').length).toBeGreaterThanOrEqual(3);

    const upstream = await peer.ended(1);
    expect(upstream.closedByClient).toBe(true);
    expect(upstream.completed).toBe(false);
    // At once: long before the 2.4 s the stream had left (a few ms on a quiet machine; the time counts
    // the Stop request's round trip too, which a machine busy with other test files can stretch).
    expect(upstream.closedAt! - abortedAt).toBeLessThan(500);

    const reply = await eventually(async () =>
      (await entries(t.app, t.projectId)).find((e) => e.role === 'assistant'),
    );
    expect(reply.status).toBe('aborted');
    expect(reply.content.startsWith(textOf(parts))).toBe(true);
    expect(upstream.body.messages.length).toBeGreaterThan(0);
    expect(reply.wordsCharged).toBe(countWords(reply.content));
    expect(reply.wordsCharged).toBeLessThan(10);
    expect(await wordCount(t.app, t.ana.workspaceId)).toBe(reply.wordsCharged);
  });

  it('stopping before the first token abandons the upstream call; the request stays, nothing is charged', async () => {
    peer.script = { chunks: ['tarde'], stallAfter: 0 };
    const controller = new AbortController();
    const pending = send({}, t.ana, controller.signal).catch((error: Error) => error);
    await eventually(async () => (peer.requests.length > 0 ? true : undefined));
    const abortedAt = Date.now();
    await stopReplies(t.base, t.ana, t.projectId);
    controller.abort();
    // The stream's start and `aborted` parts may reach the client before it aborts (the next test
    // reads them): either way the request ends.
    await pending;
    const upstream = await peer.ended(1);
    expect(upstream.closedByClient).toBe(true);
    // At once, the Stop request's round trip included (the model never answers by itself here).
    expect(upstream.closedAt! - abortedAt).toBeLessThan(500);
    const saved = await entries(t.app, t.projectId);
    expect(saved.map((e) => e.role)).toEqual(['user']);
    expect(await wordCount(t.app, t.ana.workspaceId)).toBe(0);
  });

  it('a reply stopped from another tab ends its stream with one aborted part, before its first token too', async () => {
    peer.script = { chunks: ['tarde'], stallAfter: 0 };
    const pending = send({});
    await eventually(async () => (peer.requests.length > 0 ? true : undefined));
    await stopReplies(t.base, t.ana, t.projectId);
    const early = await readParts(await pending);
    expect(early.map(({ part }) => part)).toEqual([
      expect.objectContaining({ type: 'start' }),
      { type: 'aborted', messageId: null, wordsCharged: 0, remaining: null },
    ]);

    peer.script = { chunks: Array.from({ length: 60 }, (_, i) => ` palabra${i}`), delayMs: 40 };
    const res = await send({});
    let stopping: Promise<void> | undefined;
    const parts = await readParts(res, (part) => {
      if (part.type === 'text') stopping ??= stopReplies(t.base, t.ana, t.projectId);
    });
    await stopping;
    const reply = (await entries(t.app, t.projectId)).find((e) => e.role === 'assistant')!;
    expect(parts.filter(({ part }) => ['finish', 'error', 'aborted'].includes(part.type))).toHaveLength(1);
    expect(parts.at(-1)!.part).toEqual({
      type: 'aborted',
      messageId: reply.id,
      wordsCharged: countWords(reply.content),
      remaining: expect.any(Number),
    });
    expect(reply.content).toBe(textOf(parts));
  });

  for (const status of [429, 500]) {
    it(`a ${status} before the first token is a 502 AI_PROVIDER_ERROR, the request kept and nothing charged`, async () => {
      peer.script = { chunks: [], status };
      const res = await send({});
      expect(res.status).toBe(502);
      expect(await res.json()).toMatchObject({ error: { code: 'AI_PROVIDER_ERROR' } });
      const saved = await entries(t.app, t.projectId);
      expect(saved.map((e) => e.role)).toEqual(['user']);
      expect(await wordCount(t.app, t.ana.workspaceId)).toBe(0);
      expect(peer.requests).toHaveLength(1); // no retries behind the user's back
    });
  }

  it('no first token in time is a 504 AI_TIMEOUT and the upstream call is abandoned', async () => {
    peer.script = { chunks: ['tarde'], stallAfter: 0 };
    const started = Date.now();
    const res = await send({});
    expect(res.status).toBe(504);
    expect(await res.json()).toMatchObject({ error: { code: 'AI_TIMEOUT' } });
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect((await peer.ended(1)).closedByClient).toBe(true);
    expect(await wordCount(t.app, t.ana.workspaceId)).toBe(0);
  });

  it('a connection dropped mid-stream ends with an in-stream error and the partial reply saved as failed', async () => {
    peer.script = { chunks: ['Uno', ' dos', ' tres', ' cuatro', ' cinco'], dropAfter: 3, delayMs: 10 };
    const res = await send({});
    expect(res.status).toBe(200);
    const parts = await readParts(res);
    expect(textOf(parts)).toBe('Uno dos tres');
    const last = parts.at(-1)!.part;
    expect(last).toMatchObject({
      type: 'error',
      code: 'AI_PROVIDER_ERROR',
      wordsCharged: 3,
      remaining: 1997,
    });
    const reply = (await entries(t.app, t.projectId)).find((e) => e.role === 'assistant')!;
    expect(reply).toMatchObject({ status: 'failed', content: 'Uno dos tres', wordsCharged: 3 });
    expect(last).toMatchObject({ messageId: reply.id });
    expect(await wordCount(t.app, t.ana.workspaceId)).toBe(3);
  });

  it('a stall between chunks past the idle timeout ends with AI_TIMEOUT in-stream', async () => {
    peer.script = { chunks: ['Hola', ' que', ' tal'], stallAfter: 2 };
    const res = await send({});
    const parts = await readParts(res);
    expect(textOf(parts)).toBe('Hola que');
    expect(parts.at(-1)!.part).toMatchObject({ type: 'error', code: 'AI_TIMEOUT', wordsCharged: 2 });
    expect((await peer.ended(1)).closedByClient).toBe(true);
    const reply = (await entries(t.app, t.projectId)).find((e) => e.role === 'assistant')!;
    expect(reply).toMatchObject({ status: 'failed', content: 'Hola que', wordsCharged: 2 });
  });
});

describe('the word allowance', () => {
  const month = () => new Date().toISOString().slice(0, 7);

  it('with no words left answers 403 NO_WORDS_LEFT before calling the provider', async () => {
    await t.app.db
      .insert(usageCounters)
      .values({ workspaceId: t.ana.workspaceId, period: month(), wordCount: 2000 });
    const res = await send({});
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: { code: 'NO_WORDS_LEFT' } });
    expect(peer.requests).toHaveLength(0);
    expect(await entries(t.app, t.projectId)).toHaveLength(0);
  });

  it('last month’s usage does not count: the month rolls over by its period key', async () => {
    const now = new Date();
    const previous = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15))
      .toISOString()
      .slice(0, 7);
    await t.app.db
      .insert(usageCounters)
      .values({ workspaceId: t.ana.workspaceId, period: previous, wordCount: 2000 });
    peer.script = { chunks: ['Mes', ' nuevo'] };
    const parts = await readParts(await send({}));
    expect(parts.at(-1)!.part).toMatchObject({ type: 'finish', wordsCharged: 2, remaining: 1998 });
    expect(await wordCount(t.app, t.ana.workspaceId, previous)).toBe(2000);
    expect(await wordCount(t.app, t.ana.workspaceId)).toBe(2);
  });

  it('20 concurrent requests at the edge: the last words are reserved once, and charged exactly once', async () => {
    await t.app.db
      .insert(usageCounters)
      .values({ workspaceId: t.ana.workspaceId, period: month(), wordCount: 1998 });
    peer.script = { chunks: ['uno', ' dos', ' tres'], delayMs: 15 };
    const results = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const res = await send({});
        if (res.status !== 200) return { status: res.status, body: await res.json() };
        return { status: 200, parts: await readParts(res) };
      }),
    );
    const accepted = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status !== 200);
    // Refused while the reply holds the last words (or the caps are full), or once it has used them.
    for (const r of refused) {
      expect([
        { status: 429, code: 'REPLIES_IN_PROGRESS' },
        { status: 403, code: 'NO_WORDS_LEFT' },
      ]).toContainEqual({ status: r.status, code: r.body.error.code });
    }
    // One request reserved the two words left; it is stopped at them although the provider goes on.
    expect(accepted).toHaveLength(1);
    expect(peer.requests).toHaveLength(1);

    const replies = (await entries(t.app, t.projectId)).filter((e) => e.role === 'assistant');
    expect(replies.map((e) => [e.content, e.wordsCharged])).toEqual([['uno dos', 2]]);
    expect(await wordCount(t.app, t.ana.workspaceId)).toBe(2000);

    // Once the limit is reached, nothing new starts.
    const after = await send({});
    expect(after.status).toBe(403);
    expect(peer.requests).toHaveLength(1);
  });

  it('paid workspaces are unlimited and use the premium model when it is turned on', async () => {
    await setPlan(t.app, t.ana.workspaceId, 'pro_monthly');
    await t.app.db
      .update(workspaces)
      .set({ isGpt4TurnedOn: true })
      .where(eq(workspaces.id, t.ana.workspaceId));
    await t.app.db
      .insert(usageCounters)
      .values({ workspaceId: t.ana.workspaceId, period: month(), wordCount: 99999 });
    peer.script = { chunks: ['Sin', ' límite'] };
    const parts = await readParts(await send({}));
    expect(parts[0]!.part).toMatchObject({ type: 'start', model: 'peer-premium' });
    expect(parts.at(-1)!.part).toMatchObject({ type: 'finish', wordsCharged: 2, remaining: null });
    expect(peer.requests[0]!.body.model).toBe('peer-premium');
  });
});

describe('access', () => {
  it('a project of another workspace, or of a workspace the user is not in, is 404 before any model call', async () => {
    const bob = await createUser(t.app);
    const bobProject = await createProject(t.app, bob.workspaceId, bob.id, true);
    const res1 = await send({ projectId: bobProject });
    expect(res1.status).toBe(404);
    const res2 = await send({ workspaceId: bob.workspaceId });
    expect(res2.status).toBe(404);
    expect(peer.requests).toHaveLength(0);
  });

  it('a teammate’s private project is 404 and a shared one streams, in the same workspace', async () => {
    const bea = await createUser(t.app);
    await addMember(t.app, t.ana.workspaceId, bea.id);
    const anaPrivate = await createProject(t.app, t.ana.workspaceId, t.ana.id);
    const anaShared = await createProject(t.app, t.ana.workspaceId, t.ana.id, true);
    expect((await send({ workspaceId: t.ana.workspaceId, projectId: anaPrivate }, bea)).status).toBe(404);
    expect(peer.requests).toHaveLength(0);
    const parts = await readParts(await send({ workspaceId: t.ana.workspaceId, projectId: anaShared }, bea));
    expect(parts.at(-1)!.part).toMatchObject({ type: 'finish' });
  });

  it('uses the workspace’s brand voice, and refuses another workspace’s voice with 404', async () => {
    const bob = await createUser(t.app);
    const [own] = await t.app.db
      .insert(brandVoices)
      .values({
        workspaceId: t.ana.workspaceId,
        name: 'Cercana',
        voice: 'Tuteamos siempre y usamos humor suave.',
      })
      .returning();
    const [foreign] = await t.app.db
      .insert(brandVoices)
      .values({ workspaceId: bob.workspaceId, name: 'Ajena', voice: 'No' })
      .returning();
    expect((await send({ brandVoiceId: foreign!.id })).status).toBe(404);
    peer.script = { chunks: ['Vale'] };
    await readParts(await send({ brandVoiceId: own!.id }));
    const system = String(peer.requests[0]!.body.messages[0]!.content);
    expect(system).toContain('Tuteamos siempre y usamos humor suave.');
    const saved = await entries(t.app, t.projectId);
    expect(saved.every((e) => e.brandVoiceId === own!.id)).toBe(true);
  });

  it('another workspace’s voice or prompt, or an unknown prompt, is 404 and saves nothing', async () => {
    const bob = await createUser(t.app);
    const [foreignVoice] = await t.app.db
      .insert(brandVoices)
      .values({ workspaceId: bob.workspaceId, name: 'Ajena', voice: 'No' })
      .returning();
    const foreignPrompt = await customPrompt(bob.workspaceId);
    for (const body of [
      { brandVoiceId: foreignVoice!.id },
      { promptId: foreignPrompt.id },
      { promptId: randomUUID() },
    ]) {
      expect((await send(body)).status).toBe(404);
    }
    expect(await entries(t.app, t.projectId)).toEqual([]);
    expect(await t.app.db.select().from(promptUsage)).toEqual([]);
    expect(peer.requests).toHaveLength(0);
  });

  it('a library prompt sent with the request is recorded in the user’s Recientes', async () => {
    const own = await customPrompt(t.ana.workspaceId);
    await readParts(await send({ promptId: own.id }));
    const used = await t.app.db.select().from(promptUsage);
    expect(used.map((row) => [row.promptId, row.userId])).toEqual([[own.id, t.ana.id]]);
  });

  it('the conversation tells how each request was sent, for Regenerate: its prompt and live search', async () => {
    const own = await customPrompt(t.ana.workspaceId);
    await readParts(await send({ promptId: own.id }));
    await readParts(await send({ liveSearch: true }));
    await readParts(await send({}));
    const res = await fetch(`${t.base}/api/project/${t.projectId}/conversation`, { headers: t.ana.auth });
    const { entries: listed } = (await res.json()) as {
      entries: { role: string; promptId: string | null; liveSearch: boolean }[];
    };
    expect(listed.filter((e) => e.role === 'user').map((e) => [e.promptId, e.liveSearch])).toEqual([
      [own.id, false],
      [null, true],
      [null, false],
    ]);
    expect(listed.filter((e) => e.role === 'assistant').every((e) => e.promptId === null)).toBe(true);
  });

  it('validates the body: empty or too long messages and unknown keys are 400', async () => {
    expect((await send({ message: '   ' })).status).toBe(400);
    expect((await send({ message: 'x'.repeat(8001) })).status).toBe(400);
    expect((await send({ extra: true })).status).toBe(400);
  });
});

describe('POST /api/chat/improve over the wire', () => {
  const improve = (text: string) =>
    fetch(`${t.base}/api/chat/improve`, {
      method: 'POST',
      headers: { ...t.ana.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ workspaceId: t.ana.workspaceId, text }),
    });

  it('returns the rewritten request and charges its words', async () => {
    peer.script = { chunks: ['Escribe un anuncio', ' de zapatillas', ' para corredores.'] };
    const res = await improve('anuncio zapatillas');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      text: 'Escribe un anuncio de zapatillas para corredores.',
      wordsCharged: 7,
      remaining: 1993,
    });
    const messages = peer.requests[0]!.body.messages;
    expect(String(messages[0]!.content)).toMatch(/improve requests/);
    expect(messages[1]).toEqual({ role: 'user', content: 'anuncio zapatillas' });
    expect(await entries(t.app, t.projectId)).toHaveLength(0); // not part of the conversation
  });

  it('a provider failure is 502 and nothing is charged', async () => {
    peer.script = { chunks: ['a', ' b'], dropAfter: 1 };
    const res = await improve('anuncio');
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({ error: { code: 'AI_PROVIDER_ERROR' } });
    expect(await wordCount(t.app, t.ana.workspaceId)).toBe(0);
  });
});
