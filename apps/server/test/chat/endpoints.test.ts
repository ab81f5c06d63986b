import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { chatStreamPartSchema } from '@redacta/shared';
import { conversationEntries, reactions, usageCounters } from '../../src/db/schema.ts';
import { loadConfig } from '../../src/config.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { addMember, createUser, setPlan, type TestUser } from '../helpers/factories.ts';
import { createProject, wordCount } from './chat-helpers.ts';

let t: TestApp;
let ana: TestUser;
let projectId: string;
beforeEach(async () => {
  // No provider configured: the offline demo writer answers.
  t = await createTestApp({ FREE_PLAN_WORDS: '2000' });
  ana = await createUser(t.app);
  projectId = await createProject(t.app, ana.workspaceId, ana.id);
});
afterEach(() => t.app.close());

async function chat(message: string, user = ana) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/chat/send-request-stream',
    headers: user.auth,
    payload: { workspaceId: user.workspaceId, projectId, message },
  });
  return {
    res,
    parts: res.body
      .split('\n')
      .filter(Boolean)
      .map((line) => chatStreamPartSchema.parse(JSON.parse(line))),
  };
}

describe('the demo writer behind the chat route', () => {
  it('answers with copy of the requested kind, in the workspace language, as a valid stream', async () => {
    const { res, parts } = await chat('Escribe un anuncio sobre café de especialidad');
    expect(res.statusCode).toBe(200);
    expect(parts[0]).toMatchObject({ type: 'start', demo: true, model: 'Demo writer' });
    const text = parts.map((p) => (p.type === 'text' ? p.text : '')).join('');
    expect(text).toMatch(/^## Anuncio: café de especialidad/);
    expect(parts.filter((p) => p.type === 'text').length).toBeGreaterThan(5);
    const finish = parts.at(-1)!;
    expect(finish.type).toBe('finish');
    if (finish.type !== 'finish') return;
    expect(finish.remaining).toBe(2000 - finish.wordsCharged);
    expect(await wordCount(t.app, ana.workspaceId)).toBe(finish.wordsCharged);
  });

  it('needs a bearer token', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/chat/send-request-stream',
      payload: { workspaceId: ana.workspaceId, projectId, message: 'x' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/project/:id/conversation', () => {
  it('lists entries oldest first with status, model, words and the user’s reaction', async () => {
    await chat('Un post sobre yoga');
    await chat('Ahora un correo sobre yoga');
    const [, firstReply] = await t.app.db
      .select()
      .from(conversationEntries)
      .where(eq(conversationEntries.projectId, projectId))
      .orderBy(conversationEntries.createdAt, conversationEntries.id);
    await t.app.db.insert(reactions).values({ entryId: firstReply!.id, userId: ana.id, value: 'up' });

    const res = await t.app.inject({
      method: 'GET',
      url: `/api/project/${projectId}/conversation`,
      headers: ana.auth,
    });
    expect(res.statusCode).toBe(200);
    const { entries } = res.json();
    expect(entries.map((e: { role: string }) => e.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(entries[0]).toMatchObject({
      content: 'Un post sobre yoga',
      status: 'complete',
      model: null,
      reaction: null,
    });
    expect(entries[1]).toMatchObject({
      id: firstReply!.id,
      model: 'redacta-demo-writer',
      demo: true,
      reaction: 'up',
      versions: [],
    });
    expect(entries[1].wordsCharged).toBeGreaterThan(0);
  });

  it('shows a reaction on every version of a regenerated reply', async () => {
    const { parts } = await chat('Un post sobre yoga');
    const first = parts.at(-1)!;
    if (first.type !== 'finish') throw new Error('no finish');
    const regenerated = await t.app.inject({
      method: 'POST',
      url: '/api/chat/send-request-stream',
      headers: ana.auth,
      payload: { workspaceId: ana.workspaceId, projectId, regenerate: { entryId: first.messageId } },
    });
    expect(regenerated.statusCode).toBe(200);
    const react = (entryId: string, value: 'up' | 'down') =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/workspace/${ana.workspaceId}/add-reaction/${entryId}`,
        headers: ana.auth,
        payload: { value },
      });
    expect((await react(first.messageId, 'down')).statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/project/${projectId}/conversation`,
      headers: ana.auth,
    });
    const [, reply] = res.json().entries;
    expect((await react(reply.id, 'up')).statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'GET',
      url: `/api/project/${projectId}/conversation`,
      headers: ana.auth,
    });
    const [, shown] = again.json().entries;
    expect(shown.reaction).toBe('up');
    expect(
      shown.versions.map((v: { id: string; reaction: string; demo: boolean }) => [v.id, v.reaction, v.demo]),
    ).toEqual([
      [first.messageId, 'down', true],
      [reply.id, 'up', true],
    ]);
  });

  it('is 404 for another user’s private project', async () => {
    const bob = await createUser(t.app);
    await addMember(t.app, ana.workspaceId, bob.id);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/project/${projectId}/conversation`,
      headers: bob.auth,
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('PATCH /api/workspace/:id/add-reaction/:reactionId', () => {
  it('sets, changes and clears the user’s reaction on a reply', async () => {
    const { parts } = await chat('Ideas para un blog');
    const finish = parts.at(-1)!;
    if (finish.type !== 'finish') throw new Error('no finish');
    const url = `/api/workspace/${ana.workspaceId}/add-reaction/${finish.messageId}`;
    for (const value of ['up', 'down', null] as const) {
      const res = await t.app.inject({ method: 'PATCH', url, headers: ana.auth, payload: { value } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ entryId: finish.messageId, value });
      const rows = await t.app.db.select().from(reactions).where(eq(reactions.entryId, finish.messageId));
      expect(rows.map((r) => r.value)).toEqual(value ? [value] : []);
    }
  });

  it('is 404 for a user entry, another workspace, or a reply the user cannot see', async () => {
    const { parts } = await chat('Ideas');
    const start = parts[0]!;
    const finish = parts.at(-1)!;
    if (start.type !== 'start' || finish.type !== 'finish') throw new Error('bad stream');
    const react = (user: TestUser, workspaceId: string, entryId: string) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/workspace/${workspaceId}/add-reaction/${entryId}`,
        headers: user.auth,
        payload: { value: 'up' },
      });
    expect((await react(ana, ana.workspaceId, start.userEntryId)).statusCode).toBe(404);
    const bob = await createUser(t.app);
    expect((await react(bob, bob.workspaceId, finish.messageId)).statusCode).toBe(404);
    await addMember(t.app, ana.workspaceId, bob.id);
    // A member of the workspace, but the project is Ana's private one.
    expect((await react(bob, ana.workspaceId, finish.messageId)).statusCode).toBe(404);
  });
});

describe('the premium model switch', () => {
  const toggle = (user: TestUser, action: 'enable' | 'disable') =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/workspace/gpt-4/${action}`,
      headers: user.auth,
      payload: { workspaceId: user.workspaceId },
    });
  const status = (user: TestUser, workspaceId = user.workspaceId) =>
    t.app.inject({ method: 'GET', url: `/api/workspace/${workspaceId}/gpt-4/status`, headers: user.auth });

  it('is refused on the free plan with PLAN_REQUIRED; the status says it is unavailable', async () => {
    for (const action of ['enable', 'disable'] as const) {
      const res = await toggle(ana, action);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        error: { code: 'PLAN_REQUIRED', message: expect.stringMatching(/paid plans/) },
      });
    }
    expect((await status(ana)).json()).toEqual({
      isGpt4TurnedOn: false,
      available: false,
      modelLabel: 'Demo writer+',
      activeModelLabel: 'Demo writer',
      demo: true,
      // A test server is not a development one: nobody is shown how to connect a model.
      setupHelp: false,
    });
  });

  it('any member of a paid workspace turns it on and off, and chat then uses the premium model', async () => {
    await setPlan(t.app, ana.workspaceId, 'pro_yearly');
    const bob = await createUser(t.app);
    await addMember(t.app, ana.workspaceId, bob.id);
    const on = await t.app.inject({
      method: 'PATCH',
      url: '/api/workspace/gpt-4/enable',
      headers: bob.auth,
      payload: { workspaceId: ana.workspaceId },
    });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({
      isGpt4TurnedOn: true,
      available: true,
      activeModelLabel: 'Demo writer+',
    });
    expect((await status(bob, ana.workspaceId)).json()).toMatchObject({ isGpt4TurnedOn: true });
    const { parts } = await chat('Un anuncio');
    expect(parts[0]).toMatchObject({ type: 'start', model: 'Demo writer+' });

    expect((await toggle(ana, 'disable')).json()).toMatchObject({ isGpt4TurnedOn: false });
  });

  it('is 404 for a workspace the user is not in', async () => {
    const bob = await createUser(t.app);
    expect((await status(bob, ana.workspaceId)).statusCode).toBe(404);
  });
});

describe('POST /api/chat/improve', () => {
  const improve = (text: string, user = ana) =>
    t.app.inject({
      method: 'POST',
      url: '/api/chat/improve',
      headers: user.auth,
      payload: { workspaceId: user.workspaceId, text },
    });

  it('rewrites the draft as a clearer request and charges its words', async () => {
    const res = await improve('anuncio zapatillas');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.text).toMatch(/^Escribe un anuncio/);
    expect(body.wordsCharged).toBeGreaterThan(5);
    expect(body.remaining).toBe(2000 - body.wordsCharged);
    expect(await wordCount(t.app, ana.workspaceId)).toBe(body.wordsCharged);
  });

  it('is refused with NO_WORDS_LEFT when the allowance is used up', async () => {
    const period = new Date().toISOString().slice(0, 7);
    await t.app.db.insert(usageCounters).values({ workspaceId: ana.workspaceId, period, wordCount: 2000 });
    const res = await improve('anuncio');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: { code: 'NO_WORDS_LEFT' } });
  });
});

describe('the OpenAPI document', () => {
  it('lists every chat route and documents the NDJSON stream', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const path of [
      '/api/chat/send-request-stream',
      '/api/chat/improve',
      '/api/project/{id}/conversation',
      '/api/workspace/{id}/add-reaction/{reactionId}',
      '/api/workspace/gpt-4/enable',
      '/api/workspace/gpt-4/disable',
      '/api/workspace/{id}/gpt-4/status',
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
    expect(doc.paths['/api/chat/send-request-stream'].post.summary).toMatch(/application\/x-ndjson/);
  });
});

describe('the provider timeouts', () => {
  it('default to 60 s for the first token and 30 s between chunks, and are configurable', () => {
    const defaults = loadConfig({ NODE_ENV: 'test' });
    expect([defaults.AI_FIRST_TOKEN_TIMEOUT_MS, defaults.AI_IDLE_TIMEOUT_MS]).toEqual([60_000, 30_000]);
    const set = loadConfig({
      NODE_ENV: 'test',
      AI_FIRST_TOKEN_TIMEOUT_MS: '5000',
      AI_IDLE_TIMEOUT_MS: '800',
    });
    expect([set.AI_FIRST_TOKEN_TIMEOUT_MS, set.AI_IDLE_TIMEOUT_MS]).toEqual([5000, 800]);
    expect(() => loadConfig({ NODE_ENV: 'test', AI_IDLE_TIMEOUT_MS: '0' })).toThrow(/AI_IDLE_TIMEOUT_MS/);
  });
});
