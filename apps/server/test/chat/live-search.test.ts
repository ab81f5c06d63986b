import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { countWords } from '@redacta/shared';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { builtInPromptId } from '../../src/modules/prompts/built-ins.ts';
import { catalogue } from '../../src/modules/prompts/catalogue/index.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';
import {
  PEER_FIRST_TOKEN_TIMEOUT_MS,
  peerAppEnv,
  startOpenAIPeer,
  type OpenAIPeer,
} from '../helpers/openai-peer.ts';
import { startSearchPeer, type SearchPeer } from '../helpers/search-peer.ts';
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
let search: SearchPeer;
let t: TestApp | undefined;
let base: string;
let ana: TestUser;
let projectId: string;

const coffeeResult = {
  title: 'El precio del café sube un 3 % esta semana',
  url: 'https://noticias.example.com/cafe/precio-semana',
  content: 'El café arábica cerró el viernes con una subida del 3 %.',
};

async function start(env: Record<string, string>, locale: 'es' | 'en' = 'es') {
  t = await createTestApp(peerAppEnv(peer, env));
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  ana = await createUser(t.app, { locale });
  projectId = await createProject(t.app, ana.workspaceId, ana.id);
}

beforeEach(async () => {
  peer = await startOpenAIPeer();
  search = await startSearchPeer({ results: [coffeeResult] });
});
afterEach(async () => {
  if (t) {
    t.app.server.closeAllConnections();
    await t.app.close();
    t = undefined;
  }
  await peer.close();
  await search.close();
});

function send(body: Record<string, unknown>, signal?: AbortSignal) {
  return fetch(`${base}/api/chat/send-request-stream`, {
    method: 'POST',
    headers: { ...ana.auth, 'content-type': 'application/json' },
    body: JSON.stringify({ workspaceId: ana.workspaceId, projectId, message: 'Escribe un post', ...body }),
    signal,
  });
}

const searchCall = (query: string) => ({
  chunks: [],
  toolCalls: [{ name: 'web_search', arguments: { query } }],
});
const toolsOffered = (n: number) => peer.requests[n]!.body.tools?.map((tool) => tool.function.name);

describe('live search with SEARCH_URL', () => {
  beforeEach(() => start({ SEARCH_URL: search.url }));

  it('lets the model search, gives it the results, cites them in the reply and charges the kept words', async () => {
    peer.queue = [
      searchCall('precio café esta semana'),
      { chunks: ['El café', ' sube un 3 %', ' esta semana:', ' buen momento para tu promo.'] },
    ];
    const res = await send({ message: 'Un post sobre el precio del café', liveSearch: true });
    expect(res.status).toBe(200);
    const parts = await readParts(res);

    expect(search.queries).toEqual([{ q: 'precio café esta semana', format: 'json' }]);
    expect(peer.requests).toHaveLength(2);
    expect(toolsOffered(0)).toEqual(['web_search']);
    expect(String(peer.requests[0]!.body.messages[0]!.content)).toContain('web_search tool');
    // The second call carries the search results back to the model as the tool's answer.
    const toolMessage = peer.requests[1]!.body.messages.find((m) => m.role === 'tool')!;
    expect(String(toolMessage.content)).toContain(coffeeResult.url);
    expect(String(toolMessage.content)).toContain(coffeeResult.content);

    const text = textOf(parts);
    expect(text.startsWith('El café sube un 3 % esta semana: buen momento para tu promo.')).toBe(true);
    expect(text).toContain(`[${coffeeResult.title}](${coffeeResult.url})`);
    expect(text).toMatch(/\*\*Fuentes:\*\*/);

    const finish = parts.at(-1)!.part;
    const reply = (await entries(t!.app, projectId)).find((e) => e.role === 'assistant')!;
    expect(reply).toMatchObject({ status: 'complete', content: text });
    expect(finish).toMatchObject({ type: 'finish', messageId: reply.id, wordsCharged: countWords(text) });
    expect(reply.wordsCharged).toBe(countWords(text));
    expect(await wordCount(t!.app, ana.workspaceId)).toBe(countWords(text));
  });

  it('does not list a source again when the model already linked it', async () => {
    peer.queue = [
      searchCall('café precio'),
      { chunks: ['Sube un 3 % ', `([fuente](${coffeeResult.url})).`] },
    ];
    const parts = await readParts(await send({ message: 'precio del café', liveSearch: true }));
    expect(textOf(parts)).toBe(`Sube un 3 % ([fuente](${coffeeResult.url})).`);
  });

  it('turns on by itself for a message that asks for current facts, and stays off for plain copy', async () => {
    peer.queue = [searchCall('últimas noticias café'), { chunks: ['Titular'] }];
    await readParts(await send({ message: 'Resume las últimas noticias del sector del café' }));
    expect(toolsOffered(0)).toEqual(['web_search']);
    expect(search.queries.map((q) => q.q)).toEqual(['últimas noticias café']);

    peer.script = { chunks: ['Anuncio'] };
    await readParts(await send({ message: 'Escribe un anuncio para la oferta de hoy' }));
    expect(peer.requests).toHaveLength(3);
    expect(peer.requests[2]!.body.tools).toBeUndefined();
    expect(String(peer.requests[2]!.body.messages[0]!.content)).toContain('no live web access');
  });

  it('turns on for a prompt of the real-time search category sent by its id', async () => {
    const searchPrompt = builtInPromptId('es', catalogue.es.find((c) => c.key === 'search')!.prompts[0]!.key);
    const copyPrompt = builtInPromptId('es', catalogue.es.find((c) => c.key === 'ads')!.prompts[0]!.key);
    peer.queue = [searchCall('precio café'), { chunks: ['Sube'] }, { chunks: ['Anuncio'] }];
    await readParts(await send({ message: 'Escribe un post', promptId: searchPrompt }));
    expect(toolsOffered(0)).toEqual(['web_search']);
    expect(search.queries.map((q) => q.q)).toEqual(['precio café']);

    await readParts(await send({ message: 'Escribe un post', promptId: copyPrompt }));
    expect(peer.requests.at(-1)!.body.tools).toBeUndefined();
  });

  it('goes on without results when the search backend fails, and says so in the reply', async () => {
    search.script = { results: [], status: 500 };
    peer.queue = [searchCall('precio café'), { chunks: ['Sin datos', ' de hoy.'] }];
    const parts = await readParts(await send({ message: 'precio del café hoy', liveSearch: true }));
    expect(search.queries).toHaveLength(1);
    const toolMessage = peer.requests[1]!.body.messages.find((m) => m.role === 'tool')!;
    expect(String(toolMessage.content)).toMatch(/search service failed/);
    const text = textOf(parts);
    expect(text).toMatch(/^Sin datos de hoy\.\n\n> \*\*La búsqueda en tiempo real ha fallado\.\*\*/);
    expect(parts.at(-1)!.part).toMatchObject({ type: 'finish', wordsCharged: countWords(text) });
  });

  it('a provider failure before any text is a 502 with one upstream call and nothing charged', async () => {
    peer.script = { chunks: [], status: 500 };
    const res = await send({ liveSearch: true });
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({ error: { code: 'AI_PROVIDER_ERROR' } });
    expect(peer.requests).toHaveLength(1);
    expect(await wordCount(t!.app, ana.workspaceId)).toBe(0);
  });

  it('a stall after the search ends with AI_TIMEOUT and the upstream call abandoned', async () => {
    peer.queue = [searchCall('café'), { chunks: ['Hola', ' qué', ' tal'], stallAfter: 2 }];
    const parts = await readParts(await send({ liveSearch: true }));
    expect(textOf(parts)).toBe('Hola qué');
    expect(parts.at(-1)!.part).toMatchObject({ type: 'error', code: 'AI_TIMEOUT', wordsCharged: 2 });
    expect((await peer.ended(2)).closedByClient).toBe(true);
  });

  it('the answer after a search gets the idle timeout between its chunks, even when text came before the search', async () => {
    peer.queue = [
      { chunks: ['Busco datos.'], toolCalls: [{ name: 'web_search', arguments: { query: 'café' } }] },
      { chunks: [' Hola', ' qué'], stallAfter: 1 },
    ];
    const parts = await readParts(await send({ liveSearch: true }));
    expect(textOf(parts)).toBe('Busco datos. Hola');
    expect(parts.at(-1)!.part).toMatchObject({ type: 'error', code: 'AI_TIMEOUT' });
    const lastText = parts.filter((p) => p.part.type === 'text').at(-1)!;
    // The idle timeout (300 ms here, 1,500 on CI) ended it, well before the first-token one would have.
    expect(parts.at(-1)!.at - lastText.at).toBeLessThan(PEER_FIRST_TOKEN_TIMEOUT_MS - 200);
  });

  it('stopping mid-reply closes the upstream connection at once and keeps the partial reply as aborted', async () => {
    peer.queue = [
      searchCall('café'),
      { chunks: Array.from({ length: 60 }, (_, i) => ` palabra${i}`), delayMs: 40 },
    ];
    const controller = new AbortController();
    const res = await send({ liveSearch: true }, controller.signal);
    const stop = () => stopReplies(base, ana, projectId);
    const { parts, stoppedAt: abortedAt } = await readPartsThenStop(res, stop, controller, 3);
    const upstream = await peer.ended(2);
    expect(upstream.closedByClient).toBe(true);
    // At once: long before the 2.4 s the answer had left; the time counts the Stop request's round trip,
    // which a machine busy with other test files can stretch past a few milliseconds.
    expect(upstream.closedAt! - abortedAt).toBeLessThan(500);
    const reply = await eventually(async () =>
      (await entries(t!.app, projectId)).find((e) => e.role === 'assistant'),
    );
    expect(reply.status).toBe('aborted');
    expect(reply.content.startsWith(textOf(parts))).toBe(true);
    expect(reply.content).not.toContain('Fuentes');
    expect(reply.wordsCharged).toBe(countWords(reply.content));
    expect(await wordCount(t!.app, ana.workspaceId)).toBe(reply.wordsCharged);
  });
});

describe('live search without SEARCH_URL', () => {
  it('opens the reply saying live search is not connected, offers no tool, and charges the kept words', async () => {
    await start({});
    peer.script = { chunks: ['Aquí tienes', ' un post.'] };
    const parts = await readParts(await send({ message: 'Un post sobre el café', liveSearch: true }));
    const text = textOf(parts);
    expect(text).toMatch(/^> \*\*Búsqueda en tiempo real no conectada\.\*\*.*\n\nAquí tienes un post\.$/s);
    expect(peer.requests[0]!.body.tools).toBeUndefined();
    expect(String(peer.requests[0]!.body.messages[0]!.content)).toContain('live search is not connected');
    expect(parts.at(-1)!.part).toMatchObject({ type: 'finish', wordsCharged: countWords(text) });
    expect(search.queries).toHaveLength(0);
  });

  it('says it in the workspace language', async () => {
    await start({}, 'en');
    peer.script = { chunks: ['Here it is.'] };
    const parts = await readParts(await send({ message: 'What are the latest news about coffee?' }));
    expect(textOf(parts)).toMatch(/^> \*\*Live search is not connected\.\*\*.*\n\nHere it is\.$/s);
  });

  it('a provider failure before the first token is still an error status, not a notice', async () => {
    await start({});
    peer.script = { chunks: [], status: 429 };
    const res = await send({ liveSearch: true });
    expect(res.status).toBe(502);
  });
});

describe('live search with the demo writer', () => {
  async function demoReply(
    env: Record<string, string>,
    message: string,
    fields: Record<string, unknown> = {},
  ) {
    t = await createTestApp({ FREE_PLAN_WORDS: '2000', AI_FIRST_TOKEN_TIMEOUT_MS: '5000', ...env });
    ana = await createUser(t.app);
    projectId = await createProject(t.app, ana.workspaceId, ana.id);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/chat/send-request-stream',
      headers: ana.auth,
      payload: { workspaceId: ana.workspaceId, projectId, message, liveSearch: true, ...fields },
    });
    expect(res.statusCode).toBe(200);
    return (await entries(t.app, projectId)).find((e) => e.role === 'assistant')!;
  }

  it('says live search is not connected, in the workspace language', async () => {
    const reply = await demoReply({}, 'Ideas para un post');
    expect(reply.content).toMatch(/^> \*\*Búsqueda en tiempo real no conectada\.\*\*/);
    expect(reply.wordsCharged).toBe(countWords(reply.content));
  });

  it('searches through SEARCH_URL and opens its reply with the findings, each linked', async () => {
    const reply = await demoReply({ SEARCH_URL: search.url }, 'Un post sobre el precio del café');
    expect(search.queries).toEqual([{ q: 'el precio del café', format: 'json' }]);
    expect(reply.content).toMatch(/^### Lo que dice la web ahora\n\n/);
    expect(reply.content).toContain(
      `- **${coffeeResult.title}**: ${coffeeResult.content} ([noticias.example.com](${coffeeResult.url}))`,
    );
    // Linked already: no second list of sources.
    expect(reply.content).not.toContain('**Fuentes:**');
    expect(reply.wordsCharged).toBe(countWords(reply.content));
  });

  it('introduces the findings in the language the reply is written in', async () => {
    const reply = await demoReply({ SEARCH_URL: search.url }, 'Un post sobre el precio del café', {
      language: 'en',
    });
    expect(reply.content).toMatch(/^### What the web says now\n\n/);
  });
});
