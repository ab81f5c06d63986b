import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  countWords,
  generateResponseSchema,
  generateStreamPartSchema,
  readNdjson,
  type GenerateStreamPart,
} from '@redacta/shared';
import { wordReservations } from '../../src/db/schema.ts';
import { builtInTemplateId } from '../../src/modules/templates/built-ins.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { workerDatabase } from '../helpers/database.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';
import { peerAppEnv, startOpenAIPeer, type OpenAIPeer, type PeerScript } from '../helpers/openai-peer.ts';
import { wordCount } from '../chat/chat-helpers.ts';
import { addAcmeGuide } from '../knowledge/knowledge-helpers.ts';

let t: TestApp;
let base: string;
let peer: OpenAIPeer | undefined;
let ana: TestUser;
/** The app's own close, when a test stopped the server itself. */
let stopped: Promise<void> | undefined;

// The worker's database is made once, in a hook's time rather than the first test's.
beforeAll(() => workerDatabase());
afterEach(async () => {
  t.app.server.closeAllConnections();
  await (stopped ?? t.app.close());
  stopped = undefined;
  await peer?.close();
  peer = undefined;
});

/** A listening app on the peer (or, without a script, on the offline demo writer) and a user. */
async function start(script?: PeerScript, env: Record<string, string> = {}) {
  peer = script ? await startOpenAIPeer(script) : undefined;
  t = await createTestApp(peer ? peerAppEnv(peer, env) : env);
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  ana = await createUser(t.app);
}

function generate(body: Record<string, unknown>, options: { stream?: boolean; user?: TestUser } = {}) {
  const user = options.user ?? ana;
  return fetch(`${base}/api/workspace/${user.workspaceId}/generate`, {
    method: 'POST',
    headers: {
      ...user.auth,
      'content-type': 'application/json',
      ...(options.stream ? { accept: 'application/x-ndjson' } : {}),
    },
    body: JSON.stringify(body),
  });
}

async function partsOf(res: Response): Promise<GenerateStreamPart[]> {
  const parts: GenerateStreamPart[] = [];
  for await (const part of readNdjson(res.body!, generateStreamPartSchema)) parts.push(part);
  return parts;
}

const reservations = () => t.app.db.select().from(wordReservations);

describe('POST /workspace/{id}/generate', () => {
  it('answers JSON with the copy, its words and the words left, charged once through the model', async () => {
    await start({ chunks: ['Pan', ' recién', ' hecho.'] });
    const res = await generate({ prompt: 'Un eslogan para una panadería', tone: 'closer', language: 'es' });
    expect(res.status).toBe(200);
    const answer = generateResponseSchema.parse(await res.json());
    expect(answer).toEqual({
      outputs: [{ text: 'Pan recién hecho.', words: 3 }],
      words: 3,
      citations: [],
      remaining: 1997,
      model: expect.any(String),
      demo: false,
    });
    expect(await wordCount(t.app, ana.workspaceId)).toBe(3);
    expect(await reservations()).toEqual([]);
    // The controls reach the model as the chat's do: in the system prompt, the request as the user's.
    const sent = peer!.requests[0]!.body.messages;
    expect(JSON.stringify(sent.at(-1)!.content)).toContain('Un eslogan para una panadería');
    // The reservation of the free plan's words bounds the model's answer, as a chat reply's does.
    const body = peer!.requests[0]!.body as { max_tokens?: number; max_completion_tokens?: number };
    expect(body.max_tokens ?? body.max_completion_tokens).toBeGreaterThan(0);
  });

  it('streams the chat’s parts with Accept: application/x-ndjson, ending with one finish', async () => {
    await start({ chunks: ['Uno', ' dos', ' tres.'] });
    const res = await generate({ prompt: 'Tres palabras' }, { stream: true });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/x-ndjson');
    const parts = await partsOf(res);
    expect(parts[0]).toMatchObject({ type: 'start', demo: false });
    expect(
      parts
        .filter((part) => part.type === 'text')
        .map((part) => part.type === 'text' && part.text)
        .join(''),
    ).toBe('Uno dos tres.');
    expect(parts.at(-1)).toMatchObject({
      type: 'finish',
      outputs: [{ text: 'Uno dos tres.', words: 3 }],
      words: 3,
      remaining: 1997,
    });
    expect(parts.filter((part) => ['finish', 'error', 'aborted'].includes(part.type))).toHaveLength(1);
    expect(await wordCount(t.app, ana.workspaceId)).toBe(3);
  });

  it('writes several versions side by side, each part naming its variant, each charged its words', async () => {
    await start({ chunks: [] });
    peer!.queue = [{ chunks: ['Primera', ' versión.'] }, { chunks: ['Segunda', ' versión', ' aquí.'] }];
    const res = await generate({ prompt: 'Dos eslóganes', variants: 2 }, { stream: true });
    const parts = await partsOf(res);
    expect(parts[0]).toMatchObject({ type: 'start', variants: 2 });
    const texts = parts.filter((part) => part.type === 'text');
    expect(texts.every((part) => part.type === 'text' && part.variant !== undefined)).toBe(true);
    const finish = parts.at(-1)!;
    if (finish.type !== 'finish') throw new Error(`ended with ${finish.type}`);
    expect(finish.outputs.map((output) => output.text).sort()).toEqual([
      'Primera versión.',
      'Segunda versión aquí.',
    ]);
    expect(finish.words).toBe(5);
    expect(await wordCount(t.app, ana.workspaceId)).toBe(5);
    expect(peer!.requests).toHaveLength(2);
  });

  it('runs a template with its inputs and reads its output parts back (the demo writer)', async () => {
    await start();
    const res = await generate({
      template: {
        id: builtInTemplateId('en', 'product-description'),
        inputs: { product: 'Leather boots', features: 'Hand-stitched, waterproof, resoleable' },
      },
    });
    expect(res.status).toBe(200);
    const answer = generateResponseSchema.parse(await res.json());
    expect(answer.demo).toBe(true);
    const [output] = answer.outputs;
    expect(Object.keys(output!.parts!).sort()).toEqual(['bullets', 'description', 'title']);
    expect(output!.parts!.title!.length).toBeGreaterThan(0);
    expect(answer.words).toBe(countWords(output!.text));
    expect(await wordCount(t.app, ana.workspaceId)).toBe(answer.words);
  });

  it('cites the workspace’s knowledge', async () => {
    await start({ chunks: ['Acme', ' entrega', ' en', ' 24', ' horas [1].'] });
    await addAcmeGuide(t.app, ana);
    const res = await generate({ prompt: '¿Cuánto tarda el envío de Acme?' });
    const answer = generateResponseSchema.parse(await res.json());
    expect(answer.citations.length).toBeGreaterThan(0);
    expect(answer.citations[0]).toMatchObject({ n: 1, name: expect.any(String) });
  });

  it('refuses a request with both a prompt and a template, or neither, and a template’s bad inputs', async () => {
    await start();
    const id = builtInTemplateId('en', 'product-description');
    for (const body of [
      {},
      { prompt: 'Hola', template: { id, inputs: { product: 'Botas', features: 'Cuero' } } },
    ]) {
      const res = await generate(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('VALIDATION_FAILED');
    }
    const missing = await generate({ template: { id, inputs: { product: 'Botas' } } });
    expect(missing.status).toBe(400);
    const body = (await missing.json()) as { error: { issues: { path: string }[] } };
    expect(body.error.issues.map((issue) => issue.path)).toContain('template.inputs.features');
    expect(await wordCount(t.app, ana.workspaceId)).toBe(0);
  });

  it('is 404 for another workspace, its template or its brand voice', async () => {
    await start();
    const outsider = await createUser(t.app);
    const other = await fetch(`${base}/api/workspace/${outsider.workspaceId}/generate`, {
      method: 'POST',
      headers: { ...ana.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: 'Hola' }),
    });
    expect(other.status).toBe(404);
    const voice = await generate({ prompt: 'Hola', brandVoiceId: crypto.randomUUID() });
    expect(voice.status).toBe(404);
    const template = await generate({ template: { id: crypto.randomUUID(), inputs: {} } });
    expect(template.status).toBe(404);
  });

  it('a failed model call fails the JSON request and charges nothing; streamed, a failure mid-way ends with error and charges what was sent', async () => {
    await start({ status: 500 });
    const failed = await generate({ prompt: 'Hola' });
    expect(failed.status).toBe(502);
    expect(((await failed.json()) as { error: { code: string } }).error.code).toBe('AI_PROVIDER_ERROR');
    expect(await wordCount(t.app, ana.workspaceId)).toBe(0);
    expect(await reservations()).toEqual([]);

    peer!.script = { chunks: ['Uno', ' dos', ' tres', ' cuatro'], dropAfter: 2 };
    const parts = await partsOf(await generate({ prompt: 'Hola' }, { stream: true }));
    const last = parts.at(-1)!;
    expect(last).toMatchObject({ type: 'error', code: 'AI_PROVIDER_ERROR', wordsCharged: 2 });
    expect(await wordCount(t.app, ana.workspaceId)).toBe(2);
    expect(await reservations()).toEqual([]);
  });

  it('403 NO_WORDS_LEFT once the month is used up, before calling the model', async () => {
    await start({ chunks: ['Uno', ' dos'] }, { FREE_PLAN_WORDS: '2' });
    expect((await generate({ prompt: 'Hola' })).status).toBe(200);
    const refused = await generate({ prompt: 'Hola' });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('NO_WORDS_LEFT');
    expect(peer!.requests).toHaveLength(1);
  });

  it('a server stopping mid-stream ends it with one aborted part, charging the words sent', async () => {
    await start({ chunks: Array.from({ length: 100 }, (_, i) => ` palabra${i}`), delayMs: 30 });
    const res = await generate({ prompt: 'Un texto largo' }, { stream: true });
    const parts: GenerateStreamPart[] = [];
    for await (const part of readNdjson(res.body!, generateStreamPartSchema)) {
      parts.push(part);
      // The test app's grace is 0: closing it aborts the streams still open at once.
      if (part.type === 'text' && !stopped) stopped = t.app.close();
    }
    // The connection undici keeps alive would hold the closing server open.
    t.app.server.closeAllConnections();
    await stopped;
    const sent = parts.map((part) => (part.type === 'text' ? part.text : '')).join('');
    expect(parts.filter((part) => ['finish', 'error', 'aborted'].includes(part.type))).toHaveLength(1);
    expect(parts.at(-1)).toEqual({
      type: 'aborted',
      wordsCharged: countWords(sent),
      remaining: 2000 - countWords(sent),
    });
    expect(countWords(sent)).toBeLessThan(100);
    expect(await wordCount(t.app, ana.workspaceId)).toBe(countWords(sent));
    expect(await reservations()).toEqual([]);
  });

  it('closing the connection stops the model', async () => {
    await start({ chunks: Array.from({ length: 200 }, (_, i) => ` palabra${i}`), delayMs: 20 });
    const res = await generate({ prompt: 'Un texto largo' }, { stream: true });
    const reader = res.body!.getReader();
    await reader.read();
    await reader.cancel();
    const upstream = await peer!.ended(1);
    expect(upstream.closedByClient).toBe(true);
    expect(upstream.completed).toBe(false);
  });
});
