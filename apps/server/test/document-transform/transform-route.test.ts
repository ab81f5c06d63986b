import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { brandVoices, usageCounters } from '../../src/db/schema.ts';
import { listeningApp, type ListeningApp } from '../helpers/listening-app.ts';
import { addMember, createUser, setPlan, type TestUser } from '../helpers/factories.ts';
import { peerAppEnv, startOpenAIPeer, type OpenAIPeer } from '../helpers/openai-peer.ts';
import { createProject, eventually, wordCount } from '../chat/chat-helpers.ts';
import { partsOf, postTransform, textOf } from './transform-client.ts';
import { saveStyleRules } from '../style-rules/style-rules-helpers.ts';

let peer: OpenAIPeer;
let t: ListeningApp;

beforeEach(async () => {
  peer = await startOpenAIPeer({ chunks: ['Texto', ' más', ' corto.'] });
  t = await listeningApp(peerAppEnv(peer));
});
afterEach(async () => {
  await t.close();
  await peer.close();
});

function transform(body: Record<string, unknown>, user: TestUser = t.ana, signal?: AbortSignal) {
  return postTransform(
    { base: t.base, user, projectId: t.projectId },
    { action: 'shorten', text: 'Un texto bastante largo que conviene acortar un poco.', ...body },
    signal,
  );
}
const systemPrompt = (n = 0) => String(peer.requests[n]!.body.messages[0]!.content);
const month = () => new Date().toISOString().slice(0, 7);

describe('POST /api/document/transform over a real OpenAI-protocol stream', () => {
  it('streams start, text and finish, sends the selection as the message, and charges the words', async () => {
    const res = await transform({});
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
    const parts = await partsOf(res);
    expect(parts[0]).toEqual({ type: 'start', model: 'peer-standard', demo: false });
    expect(textOf(parts)).toBe('Texto más corto.');
    expect(parts.at(-1)).toEqual({ type: 'finish', wordsCharged: 3, remaining: 1997 });
    expect(await wordCount(t.app, t.ana.workspaceId)).toBe(3);

    const messages = peer.requests[0]!.body.messages;
    expect(messages.at(-1)).toEqual({
      role: 'user',
      content: 'Un texto bastante largo que conviene acortar un poco.',
    });
    expect(systemPrompt()).toMatch(/clearly shorter/);
    expect(systemPrompt()).toMatch(/answer with the new passage only/);
  });

  it('the prompt carries the action, the tone, the language, the instruction and the brand voice', async () => {
    const [voice] = await t.app.db
      .insert(brandVoices)
      .values({ workspaceId: t.ana.workspaceId, name: 'Cercana', voice: 'Tuteamos siempre y sonreímos.' })
      .returning();
    await partsOf(await transform({ action: 'tone', tone: 'formal', brandVoiceId: voice!.id }));
    expect(systemPrompt(0)).toMatch(/more formal/);
    expect(systemPrompt(0)).toContain('brand voice "Cercana"');
    expect(systemPrompt(0)).toContain('Tuteamos siempre y sonreímos.');

    await partsOf(await transform({ action: 'translate', language: 'de' }));
    expect(systemPrompt(1)).toMatch(/Translate the text into German \(Deutsch\)/);
    expect(systemPrompt(1)).not.toContain('brand voice');

    await partsOf(await transform({ action: 'custom', instruction: 'Añade un emoji al final' }));
    expect(systemPrompt(2)).toContain('<instruction>\nAñade un emoji al final\n</instruction>');

    await partsOf(await transform({ action: 'correct' }));
    expect(systemPrompt(3)).toMatch(/Correct spelling, grammar/);
  });

  it('the prompt asks for a closing line only when the passage reaches the end of the document', async () => {
    await partsOf(await transform({ action: 'tone', tone: 'persuasive', reachesEnd: false }));
    expect(systemPrompt(0)).toMatch(/more persuasive/);
    expect(systemPrompt(0)).toContain('add no closing line, sign-off or call to action at its end');
    expect(systemPrompt(0)).not.toMatch(/end it with a clear call to action/);

    await partsOf(await transform({ action: 'tone', tone: 'persuasive', reachesEnd: true }));
    expect(systemPrompt(1)).toMatch(/end it with a clear call to action/);
    expect(systemPrompt(1)).not.toContain('add no closing line');

    // A client that does not say where the selection ends gets no closing line.
    await partsOf(await transform({ action: 'tone', tone: 'formal' }));
    expect(systemPrompt(2)).toContain('add no closing line');
  });

  it("the prompt carries the workspace's style rules of the language the passage is written in", async () => {
    await saveStyleRules(t.app, t.ana, [
      { kind: 'ban', phrase: 'revolucionario', language: 'es' },
      { kind: 'ban', phrase: 'game-changer', language: 'en' },
    ]);

    await partsOf(await transform({ action: 'shorten' }));
    expect(systemPrompt(0)).toContain('revolucionario');
    expect(systemPrompt(0)).not.toContain('game-changer');

    await partsOf(await transform({ action: 'translate', language: 'en' }));
    expect(systemPrompt(1)).toContain('game-changer');
    expect(systemPrompt(1)).not.toContain('revolucionario');
  });

  it('refuses a body whose action lacks its setting or carries another one (400, no model call)', async () => {
    for (const body of [
      { action: 'custom' },
      { action: 'tone' },
      { action: 'tone', tone: 'angry' },
      { action: 'translate', language: 'ru' },
      { action: 'shorten', tone: 'formal' },
      { action: 'summon' },
      { text: '   ' },
      { text: 'x'.repeat(8001) },
    ]) {
      const res = await transform(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
    }
    expect(peer.requests).toHaveLength(0);
  });

  it("another workspace's project, a workspace that is not the project's, or its voice is 404", async () => {
    const bruno = await createUser(t.app);
    const res = await transform({}, bruno);
    expect(res.status).toBe(404);
    // Bruno's own workspace with Ana's project: still not his.
    const mixed = await transform({ workspaceId: bruno.workspaceId }, bruno);
    expect(mixed.status).toBe(404);
    // Ana names her project with Bruno's workspace.
    expect((await transform({ workspaceId: bruno.workspaceId })).status).toBe(404);
    const [voice] = await t.app.db
      .insert(brandVoices)
      .values({ workspaceId: bruno.workspaceId, name: 'Ajena', voice: 'Otra voz' })
      .returning();
    expect((await transform({ brandVoiceId: voice!.id })).status).toBe(404);
    expect(peer.requests).toHaveLength(0);
  });

  it('a member of the workspace may transform in a shared project, not in a private one', async () => {
    const carla = await createUser(t.app);
    await addMember(t.app, t.ana.workspaceId, carla.id);
    const shared = await createProject(t.app, t.ana.workspaceId, t.ana.id, true);
    const asCarla = { ...carla, workspaceId: t.ana.workspaceId };
    expect((await transform({ projectId: shared }, asCarla)).status).toBe(200);
    expect((await transform({}, asCarla)).status).toBe(404);
  });

  it('with no words left answers 403 NO_WORDS_LEFT before calling the provider; Pro has no limit', async () => {
    await t.app.db
      .insert(usageCounters)
      .values({ workspaceId: t.ana.workspaceId, period: month(), wordCount: 2000 });
    const res = await transform({});
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: { code: 'NO_WORDS_LEFT' } });
    expect(peer.requests).toHaveLength(0);

    await setPlan(t.app, t.ana.workspaceId, 'pro_monthly');
    const parts = await partsOf(await transform({}));
    expect(parts.at(-1)).toEqual({ type: 'finish', wordsCharged: 3, remaining: null });
  });

  it('is cut at its reservation when few words are left, and charges only those', async () => {
    await t.app.db
      .insert(usageCounters)
      .values({ workspaceId: t.ana.workspaceId, period: month(), wordCount: 1998 });
    peer.script = { chunks: ['uno', ' dos', ' tres', ' cuatro'] };
    const parts = await partsOf(await transform({}));
    expect(textOf(parts)).toBe('uno dos');
    expect(parts.at(-1)).toEqual({ type: 'finish', wordsCharged: 2, remaining: 0 });
    expect(peer.requests[0]!.body).toMatchObject({ max_tokens: 4 });
    expect(await wordCount(t.app, t.ana.workspaceId)).toBe(2000);
  });

  it('Stop (the client leaving) closes the upstream call and charges only the words that arrived', async () => {
    peer.script = { chunks: Array.from({ length: 60 }, (_, i) => ` palabra${i}`), delayMs: 40 };
    const controller = new AbortController();
    const res = await transform({}, t.ana, controller.signal);
    const parts = await partsOf(res, (all) => all.filter((p) => p.type === 'text').length === 3);
    controller.abort();
    const upstream = await peer.ended(1);
    expect(upstream.closedByClient).toBe(true);
    expect(upstream.completed).toBe(false);
    expect(textOf(parts).trim().split(' ').length).toBeGreaterThanOrEqual(3);
    const charged = await eventually(async () => {
      const words = await wordCount(t.app, t.ana.workspaceId);
      return words > 0 ? words : undefined;
    });
    expect(charged).toBeGreaterThanOrEqual(3);
    expect(charged).toBeLessThan(10);
  });

  it('a failure before the first token is an error response and charges nothing', async () => {
    peer.script = { chunks: [], status: 500 };
    const res = await transform({});
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({ error: { code: 'AI_PROVIDER_ERROR' } });
    peer.script = { chunks: ['tarde'], stallAfter: 0 };
    const late = await transform({});
    expect(late.status).toBe(504);
    expect(await late.json()).toMatchObject({ error: { code: 'AI_TIMEOUT' } });
    expect(await wordCount(t.app, t.ana.workspaceId)).toBe(0);
  });

  it('a stall mid-way ends with AI_TIMEOUT in the stream, the partial text charged', async () => {
    peer.script = { chunks: ['Hola', ' que', ' tal'], stallAfter: 2 };
    const parts = await partsOf(await transform({}));
    expect(textOf(parts)).toBe('Hola que');
    expect(parts.at(-1)).toEqual({
      type: 'error',
      code: 'AI_TIMEOUT',
      message: expect.any(String),
      wordsCharged: 2,
      remaining: 1998,
    });
  });
});
