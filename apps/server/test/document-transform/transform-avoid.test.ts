import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listeningApp, type ListeningApp } from '../helpers/listening-app.ts';
import { peerAppEnv, startOpenAIPeer, type OpenAIPeer } from '../helpers/openai-peer.ts';
import { wordCount } from '../chat/chat-helpers.ts';
import { partsOf, postTransform, textOf } from './transform-client.ts';

let t: ListeningApp;

afterEach(async () => {
  await t.close();
});

function transform(body: Record<string, unknown>) {
  return postTransform(
    { base: t.base, user: t.ana, projectId: t.projectId },
    { action: 'avoid', phrase: 'complicaciones', text: 'Compra sin complicaciones y disfruta.', ...body },
  );
}

describe('POST /api/document/transform, action avoid, over a real OpenAI-protocol stream', () => {
  let peer: OpenAIPeer;
  beforeEach(async () => {
    peer = await startOpenAIPeer({ chunks: ['Compra', ' y', ' disfruta', ' sin', ' esfuerzo.'] });
    t = await listeningApp(peerAppEnv(peer));
  });
  afterEach(async () => {
    await peer.close();
  });

  it('asks the model to rewrite the sentence without the phrase, streams the answer and charges it', async () => {
    const res = await transform({});
    expect(res.status).toBe(200);
    const parts = await partsOf(res);
    expect(textOf(parts)).toBe('Compra y disfruta sin esfuerzo.');
    // Charged like every transform: the words that came back.
    expect(parts.at(-1)).toEqual({ type: 'finish', wordsCharged: 5, remaining: 1995 });
    expect(await wordCount(t.app, t.ana.workspaceId)).toBe(5);

    const [system, ...rest] = peer.requests[0]!.body.messages;
    expect(rest.at(-1)).toEqual({ role: 'user', content: 'Compra sin complicaciones y disfruta.' });
    const prompt = String(system!.content);
    expect(prompt).toContain('<phrase>\ncomplicaciones\n</phrase>');
    expect(prompt).toMatch(/no longer contains that phrase/);
    expect(prompt).toMatch(/Do not just delete it/);
    expect(prompt).toMatch(/Keep its meaning, its language, about the same length and its formatting/);
  });

  it('refuses an avoid without its phrase, with an empty, too long or unstorable one, or a phrase on another action', async () => {
    for (const body of [
      { phrase: undefined },
      { phrase: '   ' },
      { phrase: 'x'.repeat(101) },
      { phrase: 'compli\u0000caciones' },
      { phrase: 7 },
      { action: 'rewrite' },
      { phrase: 'complicaciones', instruction: 'Quítala' },
    ]) {
      const res = await transform(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
    }
    expect(peer.requests).toHaveLength(0);
  });
});

describe('POST /api/document/transform, action avoid, with the offline demo writer', () => {
  beforeEach(async () => {
    t = await listeningApp();
  });

  it('answers the sentence without the banned phrase, readable, and charges its words', async () => {
    const parts = await partsOf(await transform({}));
    expect(parts[0]).toMatchObject({ type: 'start', demo: true });
    expect(textOf(parts)).toBe('Compra y disfruta.');
    expect(parts.at(-1)).toMatchObject({ type: 'finish', wordsCharged: 3 });

    const english = await partsOf(
      await transform({ phrase: 'hassle', text: 'Get great results without the hassle?' }),
    );
    expect(textOf(english)).toBe('Get great results?');
  });
});
