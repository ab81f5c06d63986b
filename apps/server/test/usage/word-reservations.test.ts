import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { countWords, usagePeriod } from '@redacta/shared';
import { maintainDatabase } from '../../src/db/maintenance.ts';
import { usageCounters, wordReservations } from '../../src/db/schema.ts';
import {
  maxTokensFor,
  RESERVED_WORDS,
  STREAM_CAPS,
  TOKENS_PER_WORD,
} from '../../src/modules/usage/reservations.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { addMember, createUser, setPlan, type TestUser } from '../helpers/factories.ts';
import { peerAppEnv, startOpenAIPeer, type OpenAIPeer, type PeerScript } from '../helpers/openai-peer.ts';
import {
  createProject,
  entries,
  eventually,
  readParts,
  readPartsThenStop,
  stopReplies,
  wordCount,
} from '../chat/chat-helpers.ts';

const ALLOWANCE = 2000;
const REPLY_WORDS = 300;

/** A provider that always answers 300 words, in chunks of ten, whatever max_tokens it is sent. */
const verbose = (delayMs = 2): PeerScript => ({
  chunks: Array.from({ length: REPLY_WORDS / 10 }, (_, i) =>
    Array.from({ length: 10 }, (_, j) => ` palabra${i * 10 + j}`).join(''),
  ),
  delayMs,
});

let peer: OpenAIPeer;
let t: TestApp;
/** Settings a describe block gives the app of each of its tests. */
let blockEnv: Record<string, string> = {};
let base: string;
let ana: TestUser;
let projectId: string;

beforeEach(async () => {
  peer = await startOpenAIPeer(verbose());
  // Streams held open by a stalled provider must outlive the requests sent beside them, and a wave of
  // 50 requests on a loaded machine may wait seconds for its first token: what is tested is the charge.
  t = await createTestApp(
    peerAppEnv(peer, {
      FREE_PLAN_WORDS: String(ALLOWANCE),
      AI_FIRST_TOKEN_TIMEOUT_MS: '20000',
      AI_IDLE_TIMEOUT_MS: '20000',
      ...blockEnv,
    }),
  );
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  ana = await createUser(t.app);
  projectId = await createProject(t.app, ana.workspaceId, ana.id, true);
});
afterEach(async () => {
  t.app.server.closeAllConnections();
  await t.app.close();
  await peer.close();
});

function send(user: TestUser = ana, signal?: AbortSignal) {
  return fetch(`${base}/api/chat/send-request-stream`, {
    method: 'POST',
    headers: { ...user.auth, 'content-type': 'application/json' },
    body: JSON.stringify({ workspaceId: ana.workspaceId, projectId, message: 'Escribe un artículo' }),
    signal,
  });
}

/** Sends a request and reads it to its end: the status, and the error code or the last part. */
async function sendAndRead(user: TestUser = ana) {
  const res = await send(user);
  if (res.status !== 200) return { status: res.status, code: (await res.json()).error.code as string };
  const parts = await readParts(res);
  return { status: 200, last: parts.at(-1)!.part };
}

function setUsed(words: number) {
  return t.app.db
    .insert(usageCounters)
    .values({ workspaceId: ana.workspaceId, period: usagePeriod(new Date()), wordCount: words });
}

async function liveReservations() {
  return t.app.db.select().from(wordReservations).where(eq(wordReservations.workspaceId, ana.workspaceId));
}

/** Stops the replies of `users` and waits until they are saved and their words free. */
async function leave(controller: AbortController, users: TestUser[] = [ana]) {
  for (const user of new Set(users)) await stopReplies(base, user, projectId);
  controller.abort();
  await eventually(async () => ((await liveReservations()).length === 0 ? true : undefined));
}

const maxTokensSent = (index: number) => (peer.requests[index]!.body as { max_tokens?: number }).max_tokens;

/** Members of Ana's free workspace, each sending up to the per-user cap at once. */
async function members(count: number) {
  const users = [ana];
  while (users.length < count) {
    const member = await createUser(t.app);
    await addMember(t.app, ana.workspaceId, member.id);
    users.push(member);
  }
  return users;
}

describe('the free allowance is a ceiling for a provider that ignores max_tokens', () => {
  for (const concurrency of [12, 50]) {
    it(`waves of ${concurrency} concurrent replies never charge past the allowance`, async () => {
      const team = await members(Math.ceil(concurrency / STREAM_CAPS.free!.user));
      let accepted = 0;
      // Waves until the allowance is gone: each wave starts beside the replies of none before it.
      for (let wave = 0; wave < 20; wave += 1) {
        const results = await Promise.all(
          Array.from({ length: concurrency }, (_, i) => sendAndRead(team[i % team.length])),
        );
        for (const result of results) {
          if (result.status === 200) expect(result.last).toMatchObject({ type: 'finish' });
          else expect([403, 429]).toContain(result.status);
        }
        const ran = results.filter((r) => r.status === 200).length;
        accepted += ran;
        if (ran === 0) break;
      }
      const used = await wordCount(t.app, ana.workspaceId);
      expect(used).toBeLessThanOrEqual(ALLOWANCE * 1.05);
      expect(used).toBeLessThanOrEqual(ALLOWANCE);
      // Some replies were cut at their reservation, so the allowance was used up, not abandoned.
      expect(used).toBe(ALLOWANCE);
      expect(accepted).toBeGreaterThan(ALLOWANCE / REPLY_WORDS);
      const replies = (await entries(t.app, projectId)).filter((e) => e.role === 'assistant');
      expect(replies.reduce((sum, e) => sum + e.wordsCharged, 0)).toBe(used);
      for (const reply of replies) expect(countWords(reply.content)).toBe(reply.wordsCharged);
      expect(await liveReservations()).toEqual([]);
      expect((await sendAndRead()).code).toBe('NO_WORDS_LEFT');
    });
  }

  it('a reply with 44 words left asks for 44 words’ tokens, is stopped at 44 and charged 44', async () => {
    await setUsed(ALLOWANCE - 44);
    const res = await send();
    expect(res.status).toBe(200);
    const parts = await readParts(res);
    const text = parts.map(({ part }) => (part.type === 'text' ? part.text : '')).join('');
    expect(countWords(text)).toBe(44);
    expect(parts.at(-1)!.part).toMatchObject({ type: 'finish', wordsCharged: 44, remaining: 0 });
    expect(maxTokensSent(0)).toBe(maxTokensFor(44, 'es'));
    expect(maxTokensSent(0)).toBe(Math.ceil(44 * TOKENS_PER_WORD.es));
    // The server closed the provider's stream once the reply reached its reservation.
    const upstream = await peer.ended(1);
    expect(upstream.completed).toBe(false);
    expect(upstream.closedByClient).toBe(true);
    expect(await wordCount(t.app, ana.workspaceId)).toBe(ALLOWANCE);
    expect(await liveReservations()).toEqual([]);
  });

  it('a reply reserves at most the chat’s share, and asks the provider for that many words’ tokens', async () => {
    await readParts(await send());
    expect(maxTokensSent(0)).toBe(maxTokensFor(RESERVED_WORDS.chat, 'es'));
    expect(await wordCount(t.app, ana.workspaceId)).toBe(REPLY_WORDS);
  });

  it('words reserved by a reply in progress are not reservable by another', async () => {
    peer.script = { ...verbose(), stallAfter: 3 };
    await setUsed(ALLOWANCE - 50);
    const controller = new AbortController();
    const first = await send(ana, controller.signal);
    expect(first.status).toBe(200);
    expect(await liveReservations()).toMatchObject([{ words: 50, kind: 'chat', userId: ana.id }]);
    const second = await send();
    expect(second.status).toBe(429);
    expect(await second.json()).toMatchObject({ error: { code: 'REPLIES_IN_PROGRESS' } });
    expect(peer.requests).toHaveLength(1);
    await leave(controller);
  });
});

describe('a reservation is released however its reply ends', () => {
  it('after its sender stops it: only the kept words are charged and the rest is free again', async () => {
    // The provider holds the stream after three chunks: the client leaves while it is still open.
    peer.script = { ...verbose(), stallAfter: 3 };
    const controller = new AbortController();
    const res = await send(ana, controller.signal);
    await readPartsThenStop(res, () => stopReplies(base, ana, projectId), controller, 2);
    const saved = await eventually(async () => {
      const reply = (await entries(t.app, projectId)).find((e) => e.role === 'assistant');
      return reply?.status === 'aborted' ? reply : undefined;
    });
    expect(saved.wordsCharged).toBe(countWords(saved.content));
    expect(saved.wordsCharged).toBeGreaterThanOrEqual(20);
    expect(saved.wordsCharged).toBeLessThanOrEqual(30);
    expect(await wordCount(t.app, ana.workspaceId)).toBe(saved.wordsCharged);
    expect(await liveReservations()).toEqual([]);
  });

  it('after a provider error before the first token, and after one mid-stream', async () => {
    peer.queue.push({ chunks: [], status: 500 }, { ...verbose(), dropAfter: 5 });
    expect((await sendAndRead()).status).toBe(502);
    expect(await liveReservations()).toEqual([]);
    expect(await sendAndRead()).toMatchObject({ status: 200, last: { type: 'error', wordsCharged: 50 } });
    expect(await liveReservations()).toEqual([]);
    expect(await wordCount(t.app, ana.workspaceId)).toBe(50);
  });

  it('a reservation left by a dead process stops counting at its expiry', async () => {
    const period = usagePeriod(new Date());
    const dead = {
      workspaceId: ana.workspaceId,
      userId: ana.id,
      kind: 'chat' as const,
      period,
      words: ALLOWANCE,
    };
    // As many expired streams as the caps allow, holding the whole allowance: none of them blocks.
    await t.app.db.insert(wordReservations).values(
      Array.from({ length: STREAM_CAPS.free!.workspace }, () => ({
        ...dead,
        expiresAt: new Date(Date.now() - 1000),
      })),
    );
    expect(await sendAndRead()).toMatchObject({ status: 200, last: { wordsCharged: REPLY_WORDS } });
    // The same reservation still alive holds the words.
    await t.app.db.insert(wordReservations).values({ ...dead, expiresAt: new Date(Date.now() + 60_000) });
    expect(await sendAndRead()).toMatchObject({ status: 429, code: 'REPLIES_IN_PROGRESS' });
    // The database's upkeep deletes the expired ones and leaves the live one.
    expect(await maintainDatabase(t.app.database)).toMatchObject({
      expiredReservations: STREAM_CAPS.free!.workspace,
    });
    expect(await t.app.db.select({ words: wordReservations.words }).from(wordReservations)).toEqual([
      { words: ALLOWANCE },
    ]);
  });
});

describe('a reply that outlasts AI_REPLY_TIMEOUT_MS', () => {
  beforeAll(() => {
    blockEnv = { AI_REPLY_TIMEOUT_MS: '600' };
  });
  afterAll(() => {
    blockEnv = {};
  });

  it('ends as a timeout, charged what it kept, before its reservation (a minute longer) could expire', async () => {
    // 30 chunks 50 ms apart: steady, never idle, but longer than the reply may take.
    peer.script = verbose(50);
    const res = await send();
    expect(res.status).toBe(200);
    const [reservation] = await liveReservations();
    expect(reservation!.expiresAt.getTime() - reservation!.createdAt.getTime()).toBe(600 + 60_000);
    const parts = await readParts(res);
    expect(parts.at(-1)!.part).toMatchObject({ type: 'error', code: 'AI_TIMEOUT' });
    const [reply] = (await entries(t.app, projectId)).filter((e) => e.role === 'assistant');
    expect(reply!.status).toBe('failed');
    expect(reply!.wordsCharged).toBeGreaterThan(0);
    expect(reply!.wordsCharged).toBeLessThan(REPLY_WORDS);
    expect(await wordCount(t.app, ana.workspaceId)).toBe(reply!.wordsCharged);
    expect(await liveReservations()).toEqual([]);
  });
});

describe('concurrent chat streams are capped per user and per workspace', () => {
  // Words enough for every stream of a full workspace to reserve its share: the caps are what stop them.
  beforeAll(() => {
    blockEnv = { FREE_PLAN_WORDS: String(RESERVED_WORDS.chat * (STREAM_CAPS.free!.workspace + 1)) };
  });
  afterAll(() => {
    blockEnv = {};
  });

  async function holdStreams(users: TestUser[]) {
    const controller = new AbortController();
    for (const user of users) expect((await send(user, controller.signal)).status).toBe(200);
    return controller;
  }

  it('beyond the per-user cap a free user gets 429; another member still streams', async () => {
    peer.script = { ...verbose(), stallAfter: 1 };
    const [, bea] = await members(2);
    const held = await holdStreams(Array(STREAM_CAPS.free!.user).fill(ana));
    const over = await send();
    expect(over.status).toBe(429);
    expect(await over.json()).toMatchObject({ error: { code: 'REPLIES_IN_PROGRESS' } });
    const other = await send(bea!, held.signal);
    expect(other.status).toBe(200);
    expect(peer.requests).toHaveLength(STREAM_CAPS.free!.user + 1);
    await leave(held, [ana, bea!]);
  });

  it('beyond the per-workspace cap every member gets 429', async () => {
    peer.script = { ...verbose(), stallAfter: 1 };
    const { user, workspace } = STREAM_CAPS.free!;
    const team = await members(workspace / user + 1);
    const held = await holdStreams(team.slice(0, -1).flatMap((member) => Array(user).fill(member)));
    const over = await send(team.at(-1)!);
    expect(over.status).toBe(429);
    expect(await over.json()).toMatchObject({ error: { code: 'REPLIES_IN_PROGRESS' } });
    await leave(held, team);
  });

  it('a Pro user streams past the free cap, with no word limit sent to the provider', async () => {
    peer.script = { ...verbose(), stallAfter: 1 };
    await setPlan(t.app, ana.workspaceId, 'pro_monthly');
    const held = await holdStreams(Array(STREAM_CAPS.free!.user + 1).fill(ana));
    expect(maxTokensSent(0)).toBeUndefined();
    expect(await liveReservations()).toHaveLength(STREAM_CAPS.free!.user + 1);
    for (const reservation of await liveReservations()) expect(reservation.words).toBeNull();
    await leave(held);
  });

  it('an Enterprise workspace holds no reservation at all', async () => {
    await setPlan(t.app, ana.workspaceId, 'enterprise');
    expect(await sendAndRead()).toMatchObject({ status: 200, last: { wordsCharged: REPLY_WORDS } });
    expect(maxTokensSent(0)).toBeUndefined();
    expect(await liveReservations()).toEqual([]);
  });
});

describe('improve and brand-voice analysis obey the same ceiling', () => {
  const tasks = [
    { task: 'improve', kind: 'improve', method: 'POST', url: '/api/chat/improve', text: 'Un anuncio' },
    {
      task: 'analysis',
      kind: 'analyze',
      method: 'PATCH',
      url: '/api/brand-voice/analyze-content',
      text: 'Tostamos café cada mañana y te lo llevamos a casa.',
    },
  ] as const;

  for (const { task, kind, method, url, text } of tasks) {
    const call = () =>
      t.app.inject({ method, url, headers: ana.auth, payload: { workspaceId: ana.workspaceId, text } });

    it(`${task}: with 44 words left the answer is cut at 44 and 44 are charged`, async () => {
      await setUsed(ALLOWANCE - 44);
      const res = await call();
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ wordsCharged: 44, remaining: 0 });
      expect(countWords(body.text ?? body.voice)).toBe(44);
      expect(maxTokensSent(0)).toBe(maxTokensFor(44, 'es'));
      expect(await wordCount(t.app, ana.workspaceId)).toBe(ALLOWANCE);
      expect(await liveReservations()).toEqual([]);
    });

    it(`${task}: reserves at most its share, and words held by a reply in progress are not its`, async () => {
      const ok = await call();
      expect(ok.statusCode, ok.body).toBe(200);
      expect(maxTokensSent(0)).toBe(maxTokensFor(RESERVED_WORDS[kind], 'es'));
      await t.app.db.insert(wordReservations).values({
        workspaceId: ana.workspaceId,
        userId: ana.id,
        kind: 'chat',
        period: usagePeriod(new Date()),
        words: ALLOWANCE - REPLY_WORDS,
        expiresAt: new Date(Date.now() + 60_000),
      });
      const refused = await call();
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ error: { code: 'REPLIES_IN_PROGRESS' } });
      expect(peer.requests).toHaveLength(1);
    });

    it(`${task}: a failed call releases its reservation and charges nothing`, async () => {
      peer.script = { chunks: [], status: 500 };
      expect((await call()).statusCode).toBe(502);
      expect(await liveReservations()).toEqual([]);
      expect(await wordCount(t.app, ana.workspaceId)).toBe(0);
    });
  }
});
