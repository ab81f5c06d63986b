import { afterEach, describe, expect, it } from 'vitest';
import { countWords, REPLY_LENGTH_WORDS } from '@redacta/shared';
import { brandVoices } from '../../src/db/schema.ts';
import { aiWorkspace } from '../../src/modules/ai-tasks/workspace.ts';
import { generateCopy, GenerationError } from '../../src/modules/generation/generate.ts';
import {
  generationDeps,
  prepareGeneration,
  type GenerationRequest,
} from '../../src/modules/generation/prepare.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';
import { peerAppEnv, startOpenAIPeer, type OpenAIPeer } from '../helpers/openai-peer.ts';
import { addAcmeGuide } from '../knowledge/knowledge-helpers.ts';
import { saveStyleRules } from '../style-rules/style-rules-helpers.ts';

let t: TestApp;
let peer: OpenAIPeer | undefined;
let ana: TestUser;

afterEach(async () => {
  await t.app.close();
  await peer?.close();
  peer = undefined;
});

/** An app on the peer (or, without one, on the offline demo writer) and a user with a workspace. */
async function start(script?: Parameters<typeof startOpenAIPeer>[0]) {
  peer = script ? await startOpenAIPeer(script) : undefined;
  t = await createTestApp(peer ? peerAppEnv(peer) : {});
  ana = await createUser(t.app);
}

const deps = () => generationDeps(t.app, t.app.log);

async function generate(
  request: Partial<Omit<GenerationRequest, 'workspace'>> & { message: string },
  options: { maxWords?: number; signal?: AbortSignal } = {},
) {
  const workspace = await aiWorkspace(t.app.db, ana.workspaceId, ana.id);
  const prepared = await prepareGeneration(deps(), {
    context: { brandVoice: 'default' },
    ...request,
    workspace,
  });
  const copy = await generateCopy(deps(), prepared, {
    maxWords: options.maxWords,
    signal: options.signal ?? new AbortController().signal,
  });
  return { prepared, copy };
}

async function failure(promise: Promise<unknown>): Promise<GenerationError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(GenerationError);
  return error as GenerationError;
}

const sentMessages = () => peer!.requests.at(-1)!.body.messages.map((m) => [m.role, String(m.content)]);
const systemPrompt = () => sentMessages()[0]![1]!;

async function addVoice(workspaceId: string, values: { name: string; voice: string; isDefault?: boolean }) {
  const [voice] = await t.app.db
    .insert(brandVoices)
    .values({ workspaceId, ...values })
    .returning();
  return voice!;
}

async function addKnowledge() {
  const source = await addAcmeGuide(t.app, ana);
  return source.id;
}

describe('generateCopy through an OpenAI-protocol provider', () => {
  it('writes the copy in one go, counted as the chat counts it, with the model that wrote it', async () => {
    await start({ chunks: ['Zapatillas que', ' vuelan: ', 'corre más ligero.'] });
    const { copy } = await generate({ message: 'Un anuncio de zapatillas' });
    expect(copy).toEqual({
      text: 'Zapatillas que vuelan: corre más ligero.',
      words: countWords('Zapatillas que vuelan: corre más ligero.'),
      citations: [],
      model: 'peer-standard',
    });
    // No conversation: the system prompt, then the request alone.
    expect(sentMessages()).toEqual([
      ['system', expect.stringContaining('You are Redacta')],
      ['user', 'Un anuncio de zapatillas'],
    ]);
  });

  it('gives the model the knowledge passages to cite and returns them with the copy', async () => {
    await start({ chunks: ['El Plan Pro', ' cuesta 49 € [1].'] });
    const knowledgeId = await addKnowledge();
    const { copy } = await generate({ message: '¿Cuánto cuesta el Plan Pro?' });
    expect(copy.text).toBe('El Plan Pro cuesta 49 € [1].');
    expect(copy.citations[0]).toMatchObject({ n: 1, knowledgeId, name: 'guia.md' });
    expect(copy.citations[0]!.excerpt).toContain('49 euros al mes');
    expect(systemPrompt()).toContain('<source n="1" name="guia.md">');
    expect(systemPrompt()).toContain('49 euros al mes');

    const without = await generate({ message: '¿Cuánto cuesta el Plan Pro?', useKnowledge: false });
    expect(without.copy.citations).toEqual([]);
    expect(systemPrompt()).not.toContain('<knowledge>');
  });

  it('writes in the brand voice named, else in the workspace’s default, and refuses another workspace’s', async () => {
    await start({ chunks: ['Listo.'] });
    const chosen = await addVoice(ana.workspaceId, { name: 'Cercana', voice: 'Tuteamos siempre.' });
    await addVoice(ana.workspaceId, { name: 'Formal', voice: 'Trato de usted.', isDefault: true });
    const bob = await createUser(t.app);
    const foreign = await addVoice(bob.workspaceId, { name: 'Ajena', voice: 'No.' });

    const byId = await generate({ message: 'Un post', context: { brandVoice: { id: chosen.id } } });
    expect(byId.prepared.brandVoice).toEqual({ id: chosen.id, name: 'Cercana', voice: 'Tuteamos siempre.' });
    expect(systemPrompt()).toContain('Write in the brand voice "Cercana"');
    expect(systemPrompt()).not.toContain('Trato de usted.');

    await generate({ message: 'Un post', context: { brandVoice: 'default' } });
    expect(systemPrompt()).toContain('Write in the brand voice "Formal"');

    await generate({ message: 'Un post', context: { brandVoice: null } });
    expect(systemPrompt()).not.toContain('brand voice');

    const refused = generate({ message: 'Un post', context: { brandVoice: { id: foreign.id } } });
    await expect(refused).rejects.toMatchObject({ code: 'NOT_FOUND', status: 404 });
  });

  it('follows the workspace’s style rules and the writing controls', async () => {
    await start({ chunks: ['Listo.'] });
    await saveStyleRules(t.app, ana, [
      { kind: 'ban', phrase: 'revolucionario', language: 'es' },
      { kind: 'ban', phrase: 'game-changer', language: 'en' },
    ]);

    await generate({ message: 'Un anuncio' });
    expect(systemPrompt()).toContain('Never use "revolucionario".');
    expect(systemPrompt()).not.toContain('game-changer');

    // Written in English, the English rules apply.
    await generate({ message: 'Un anuncio', controls: { tone: 'formal', length: 'short', language: 'en' } });
    expect(systemPrompt()).toContain(
      'Write the reply in English, whatever language the request is written in.',
    );
    expect(systemPrompt()).toContain('Tone: formal and respectful');
    expect(systemPrompt()).toMatch(/Length: between \d+ and \d+ words in all\./);
    expect(systemPrompt()).toContain('Never use "game-changer".');
    expect(systemPrompt()).not.toContain('revolucionario');
  });

  it('adds the instruction to the request the model reads, but searches the knowledge for the request alone', async () => {
    await start({ chunks: ['## title', 'Plan Pro'] });
    await addKnowledge();
    const instruction = 'Answer in parts: title (at most 30 characters).';
    const output = { parts: [{ key: 'title', label: 'Title', maxChars: 30 }] };
    const { prepared, copy } = await generate({
      message: '¿Cuánto cuesta el Plan Pro?',
      instruction,
      demo: { output },
    });
    expect(sentMessages()[1]).toEqual(['user', `¿Cuánto cuesta el Plan Pro?\n\n${instruction}`]);
    expect(copy.citations.map((c) => c.n)).toEqual([1]);
    // The demo writer, which cannot read the instruction, is handed the parts.
    expect(prepared.demo.output).toEqual(output);
  });

  it('stops at maxWords, its reservation, and asks the provider for no more tokens than that', async () => {
    await start({ chunks: ['uno dos ', 'tres cuatro ', 'cinco seis ', 'siete ocho'] });
    const { copy } = await generate({ message: 'Cuenta' }, { maxWords: 3 });
    expect(copy.text).toBe('uno dos tres');
    expect(copy.words).toBe(3);
    const body = peer!.requests[0]!.body as { max_tokens?: number; max_completion_tokens?: number };
    expect(body.max_tokens ?? body.max_completion_tokens).toBe(6);
  });

  it('tells a queue to back off for as long as a rate-limited provider asks (its Retry-After)', async () => {
    await start({ status: 429, headers: { 'retry-after': '7' } });
    const limited = await failure(generate({ message: 'Un anuncio' }));
    expect(limited).toMatchObject({ code: 'AI_PROVIDER_ERROR', status: 502, reason: 'provider' });
    expect(limited.rateLimited).toBe(true);
    expect(limited.retryAfterMs).toBe(7000);

    peer!.script = { status: 429, headers: { 'retry-after-ms': '1500', 'retry-after': '2' } };
    expect((await failure(generate({ message: 'Un anuncio' }))).retryAfterMs).toBe(1500);

    peer!.script = { status: 429, headers: { 'retry-after': new Date(Date.now() + 60_000).toUTCString() } };
    const byDate = (await failure(generate({ message: 'Un anuncio' }))).retryAfterMs!;
    expect(byDate).toBeGreaterThan(55_000);
    expect(byDate).toBeLessThanOrEqual(60_000);

    peer!.script = { status: 500 };
    const failed = await failure(generate({ message: 'Un anuncio' }));
    expect(failed).toMatchObject({ code: 'AI_PROVIDER_ERROR', rateLimited: false, retryAfterMs: undefined });
  });

  it('stops the provider when the caller aborts, and fails as aborted', async () => {
    await start({ chunks: ['Uno', ' dos', ' tres'], stallAfter: 1 });
    const stop = new AbortController();
    const run = failure(generate({ message: 'Un anuncio' }, { signal: stop.signal }));
    while (peer!.requests[0]?.chunksSent !== 1) await new Promise((resolve) => setTimeout(resolve, 10));
    stop.abort();
    expect(await run).toMatchObject({ reason: 'aborted', code: 'AI_PROVIDER_ERROR' });
    expect((await peer!.ended(1)).closedByClient).toBe(true);
  });

  it('fails as a timeout (504) when the provider goes quiet, and closes its connection', async () => {
    await start({ chunks: ['Uno', ' dos'], stallAfter: 1 });
    const error = await failure(generate({ message: 'Un anuncio' }));
    expect(error).toMatchObject({ reason: 'timeout', code: 'AI_TIMEOUT', status: 504 });
    expect((await peer!.ended(1)).closedByClient).toBe(true);
  });

  it('fails when the provider answers nothing, instead of returning empty copy', async () => {
    await start({ chunks: [] });
    const error = await failure(generate({ message: 'Un anuncio' }));
    expect(error).toMatchObject({ reason: 'empty', code: 'AI_PROVIDER_ERROR' });
  });
});

describe('generateCopy with the offline demo writer', () => {
  it('quotes and cites the knowledge passage the request asks about', async () => {
    await start();
    await addKnowledge();
    const { copy } = await generate({ message: '¿Cuánto cuesta el Plan Pro?' });
    const price = copy.citations.find((c) => c.excerpt.includes('49 euros'))!;
    expect(copy.text).toContain(
      `El Plan Pro de Acme cuesta 49 euros al mes e incluye tres asientos. [${price.n}]`,
    );
    expect(copy.model).toBe(t.app.models.standard.id);
  });

  it('writes in the workspace’s default brand voice and follows the tone and length controls', async () => {
    await start();
    const message = 'Escribe un anuncio para una cafetería de barrio';
    const plain = (await generate({ message })).copy.text;
    await addVoice(ana.workspaceId, {
      name: 'Cercana',
      voice: 'Tuteamos siempre, tono cercano y desenfadado.',
      isDefault: true,
    });
    const voiced = (await generate({ message })).copy.text;
    // A close, informal voice signs off inviting the reader to answer; copy in no voice does not.
    expect(voiced).toContain('Cuéntanos qué te parece');
    expect(plain).not.toContain('Cuéntanos qué te parece');
    const formal = (await generate({ message, controls: { tone: 'formal', length: 'long' } })).copy;
    expect(formal.text).not.toContain('!');
    expect(formal.words).toBeGreaterThanOrEqual(REPLY_LENGTH_WORDS.long.min);
    expect(formal.words).toBeLessThanOrEqual(REPLY_LENGTH_WORDS.long.max);
  });
});
