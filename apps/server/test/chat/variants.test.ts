import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { countWords, type ChatStreamPart, type ConversationEntry } from '@redacta/shared';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { addMember, createUser, type TestUser } from '../helpers/factories.ts';
import { peerAppEnv, startOpenAIPeer, type OpenAIPeer, type PeerScript } from '../helpers/openai-peer.ts';
import { createProject, readParts, wordCount } from './chat-helpers.ts';
import { follow } from './live-helpers.ts';

/** A provider that answers `words` words in chunks of ten, whatever max_tokens it is sent. */
const verbose = (words: number, tag: string, delayMs = 2): PeerScript => ({
  chunks: Array.from({ length: words / 10 }, (_, i) =>
    Array.from({ length: 10 }, (_, j) => ` ${tag}${i * 10 + j}`).join(''),
  ),
  delayMs,
});

let peer: OpenAIPeer;
let t: TestApp;
let base: string;
let ana: TestUser;
let projectId: string;
const ALLOWANCE = '2000';

beforeEach(async () => {
  peer = await startOpenAIPeer();
  t = await createTestApp(peerAppEnv(peer, { FREE_PLAN_WORDS: ALLOWANCE, AI_IDLE_TIMEOUT_MS: '5000' }));
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  ana = await createUser(t.app);
  projectId = await createProject(t.app, ana.workspaceId, ana.id, true);
});
afterEach(async () => {
  t.app.server.closeAllConnections();
  await t.app.close();
  await peer.close();
});

function post(body: Record<string, unknown>, user: TestUser = ana) {
  return fetch(`${base}/api/chat/send-request-stream`, {
    method: 'POST',
    headers: { ...user.auth, 'content-type': 'application/json' },
    body: JSON.stringify({ workspaceId: user.workspaceId, projectId, ...body }),
  });
}

async function conversation() {
  const res = await fetch(`${base}/api/project/${projectId}/conversation`, { headers: ana.auth });
  return ((await res.json()) as { entries: ConversationEntry[] }).entries;
}

const systemPrompt = (request: number) => peer.requests[request]!.body.messages[0]!.content as string;
const lastMessage = (request: number) => peer.requests[request]!.body.messages.at(-1)!.content;

describe('the composer’s writing controls', () => {
  it('reach the prompt as structured instructions, never glued to the message', async () => {
    peer.script = { chunks: ['Hello', ' there.'] };
    const res = await post({
      message: 'Un anuncio para una cafetería',
      tone: 'formal',
      length: 'short',
      language: 'en',
    });
    expect(res.status).toBe(200);
    await readParts(res);
    const system = systemPrompt(0);
    expect(system).toContain('Write the reply in English, whatever language the request is written in.');
    expect(system).toContain('Tone: formal and respectful');
    expect(system).toContain('Length: between 50 and 120 words in all.');
    expect(lastMessage(0)).toBe('Un anuncio para una cafetería');

    peer.script = { chunks: ['Hola.'] };
    await readParts(await post({ message: 'Otro anuncio' }));
    expect(systemPrompt(1)).toContain('Write in Spanish (español) unless the user explicitly asks');
    expect(systemPrompt(1)).not.toContain('Tone:');
    expect(systemPrompt(1)).not.toContain('Length:');
  });

  it('are reused by Regenerate when sent with it', async () => {
    peer.script = { chunks: ['Uno.'] };
    const parts = await readParts(await post({ message: 'Un titular' }));
    const finish = parts.at(-1)!.part;
    if (finish.type !== 'finish') throw new Error('no finish');
    peer.script = { chunks: ['Dos.'] };
    await readParts(
      await post({ regenerate: { entryId: finish.messageId }, tone: 'persuasive', language: 'de' }),
    );
    expect(systemPrompt(1)).toContain('Tone: persuasive');
    expect(systemPrompt(1)).toContain('Write the reply in German (Deutsch)');
  });

  it('refuse values outside the shared lists with 400', async () => {
    for (const body of [
      { tone: 'angry' },
      { length: 'huge' },
      { language: 'xx' },
      { variants: 4 },
      { variants: 0 },
    ]) {
      const res = await post({ message: 'Hola', ...body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
    }
    expect(peer.requests).toHaveLength(0);
  });
});

describe('versions side by side', () => {
  it('streams three versions with their index, charges each, and saves them as versions of one reply in order', async () => {
    peer.queue = [verbose(20, 'uno'), verbose(30, 'dos'), verbose(40, 'tres')];
    const res = await post({ message: 'Tres titulares', variants: 3 });
    expect(res.status).toBe(200);
    const parts = (await readParts(res)).map(({ part }) => part);
    expect(peer.requests).toHaveLength(3);

    const [start] = parts;
    expect(start).toMatchObject({ type: 'start', variants: 3 });
    const texts = [0, 1, 2].map((variant) =>
      parts.map((part) => (part.type === 'text' && part.variant === variant ? part.text : '')).join(''),
    );
    expect(parts.filter((part) => part.type === 'text' && part.variant === undefined)).toEqual([]);
    const finishes = parts.filter(
      (part): part is Extract<ChatStreamPart, { type: 'finish' }> => part.type === 'finish',
    );
    expect(finishes.map((part) => part.variant).sort()).toEqual([0, 1, 2]);
    for (const finish of finishes) expect(finish.wordsCharged).toBe(countWords(texts[finish.variant!]!));
    // A version's text all comes before its finish, however its last words were gathered.
    for (const finish of finishes) {
      const lastText = parts.findLastIndex((part) => part.type === 'text' && part.variant === finish.variant);
      expect(lastText).toBeLessThan(parts.indexOf(finish));
    }
    expect(await wordCount(t.app, ana.workspaceId)).toBe(20 + 30 + 40);
    // Each finish says what was left right after its own charge.
    expect(Math.min(...finishes.map((part) => part.remaining!))).toBe(2000 - 90);

    const listed = await conversation();
    expect(listed.filter((entry) => entry.role === 'user')).toHaveLength(1);
    const reply = listed.find((entry) => entry.role === 'assistant')!;
    expect(reply.versions.map((version) => version.content)).toEqual(texts);
    const byVariant = [...finishes].sort((a, b) => a.variant! - b.variant!);
    expect(reply.versions.map((version) => version.id)).toEqual(byVariant.map((part) => part.messageId));
  });

  it('reserves every version’s words before any starts: three versions share the 2,000 words left', async () => {
    peer.script = verbose(1000, 'palabra', 5);
    const res = await post({ message: 'Tres artículos largos', variants: 3 });
    expect(res.status).toBe(200);
    // The three versions hold all 2,000 words at once: nothing is left for another request meanwhile.
    const other = await post({ message: 'Otra cosa' });
    expect(other.status).toBe(429);
    expect(await other.json()).toMatchObject({ error: { code: 'REPLIES_IN_PROGRESS' } });
    const parts = (await readParts(res)).map(({ part }) => part);
    const finishes = parts.filter((part) => part.type === 'finish');
    expect(finishes).toHaveLength(3);
    // 2,000 words shared by three versions: at most 666 each, however much the provider writes.
    for (const finish of finishes) expect(finish.wordsCharged).toBe(666);
    expect(await wordCount(t.app, ana.workspaceId)).toBe(3 * 666);
    for (const request of peer.requests) {
      expect((request.body as { max_tokens?: number }).max_tokens).toBe(666 * 2);
    }
  });

  it('one version asked for streams as before: no variant on any part', async () => {
    peer.script = { chunks: ['Una', ' versión.'] };
    const parts = (await readParts(await post({ message: 'Un titular', variants: 1 }))).map(
      ({ part }) => part,
    );
    expect(parts[0]!.type).toBe('start');
    expect(parts.at(-1)!.type).toBe('finish');
    expect(parts.filter((part) => part.type === 'finish')).toHaveLength(1);
    for (const part of parts) expect(part).not.toHaveProperty('variant');
    expect(parts[0]).not.toHaveProperty('variants');
  });

  it('Stop stops every version; each keeps its partial text, saved as stopped', async () => {
    peer.script = verbose(400, 'larga', 20);
    const res = await post({ message: 'Dos textos', variants: 2 });
    let stop: Promise<Response> | undefined;
    // Stopped from another tab once four texts arrived; the stream is read to its end.
    const parts = await readParts(res, (_part, all) => {
      if (!stop && all.filter((p) => p.part.type === 'text').length >= 4) {
        stop = fetch(`${base}/api/project/${projectId}/conversation/stop`, {
          method: 'POST',
          headers: { ...ana.auth, 'content-type': 'application/json' },
          body: '{}',
        });
      }
    });
    expect((await stop!).status).toBe(204);
    const reply = (await conversation()).find((entry) => entry.role === 'assistant');
    expect(reply!.versions.map((version) => version.status)).toEqual(['aborted', 'aborted']);
    for (const version of reply!.versions) expect(countWords(version.content)).toBeLessThan(400);
    // Each version ends with its own `aborted` part, naming its saved version and its words.
    const ends = parts
      .map(({ part }) => part)
      .filter((part) => part.type !== 'text' && part.type !== 'start');
    expect(ends).toHaveLength(2);
    for (const version of reply!.versions) {
      expect(ends).toContainEqual({
        type: 'aborted',
        variant: expect.any(Number),
        messageId: version.id,
        wordsCharged: countWords(version.content),
        remaining: expect.any(Number),
      });
    }
  });

  it('teammates following the conversation see each version stream as its own reply', async () => {
    const bea = await createUser(t.app);
    await addMember(t.app, ana.workspaceId, bea.id);
    const follower = await follow(base, bea, projectId);
    await follower.until((part) => part.type === 'replies');
    peer.queue = [verbose(20, 'uno'), verbose(20, 'dos')];
    const parts = (await readParts(await post({ message: 'Dos eslóganes', variants: 2 }))).map(
      ({ part }) => part,
    );
    const start = parts[0]!;
    if (start.type !== 'start') throw new Error('no start');
    await follower.until((part) => part.type === 'end' && part.variant === 0);
    await follower.until((part) => part.type === 'end' && part.variant === 1);
    const seen = follower.parts.map(({ part }) => part);
    const requests = seen.filter((part) => part.type === 'request');
    expect(requests.map((part) => part.type === 'request' && part.reply.variant).sort()).toEqual([0, 1]);
    for (const variant of [0, 1]) {
      const streamed = parts
        .map((part) => (part.type === 'text' && part.variant === variant ? part.text : ''))
        .join('');
      const followed = seen
        .map((part) => (part.type === 'text' && part.variant === variant ? part.text : ''))
        .join('');
      expect(followed).toBe(streamed);
    }
    follower.leave();
  });
});
