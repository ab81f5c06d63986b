import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';
import { peerAppEnv, startOpenAIPeer, type OpenAIPeer } from '../helpers/openai-peer.ts';
import { createProject, eventually, readParts, stopReplies } from '../chat/chat-helpers.ts';
import {
  batchAction,
  createdBatch,
  createTemplate,
  productsCsv,
  waitForBatch,
} from '../batches/batch-helpers.ts';

let peer: OpenAIPeer | undefined;
let t: TestApp | undefined;
afterEach(async () => {
  t?.app.server.closeAllConnections();
  await t?.app.close();
  await peer?.close();
  t = undefined;
});

/** One scrape of the metrics listener, as Prometheus reads it: `name{labels} value` per line. */
async function scrape(): Promise<string> {
  const url = t!.app.metricsUrl();
  if (!url) throw new Error('the metrics listener is not running');
  const res = await fetch(`${url}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/plain');
  return res.text();
}

/** The value of one series, or undefined when the scrape has no such series. */
function valueOf(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return undefined;
}

async function start(env: Record<string, string> = {}) {
  peer = await startOpenAIPeer();
  t = await createTestApp(peerAppEnv(peer, { METRICS_PORT: '0', METRICS_HOST: '127.0.0.1', ...env }));
  const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const user = await createUser(t.app);
  const projectId = await createProject(t.app, user.workspaceId, user.id);
  return { base, user, projectId };
}

function sendChat(base: string, user: TestUser, projectId: string, signal?: AbortSignal) {
  return fetch(`${base}/api/chat/send-request-stream`, {
    method: 'POST',
    headers: { ...user.auth, 'content-type': 'application/json' },
    body: JSON.stringify({ workspaceId: user.workspaceId, projectId, message: 'Escribe un anuncio' }),
    signal,
  });
}

const chatRoute = '/api/chat/send-request-stream';
const peerModel = { provider: 'openai', model: 'peer-standard' };

// The first test opens the worker's database, which takes a while on a busy machine.
describe('metrics on METRICS_PORT', { timeout: 120_000 }, () => {
  it('count requests by route pattern and status, model latency, words, provider errors and allowance refusals', async () => {
    // Five words, the whole allowance: the first chat is answered, the next one refused.
    const { base, user, projectId } = await start({ FREE_PLAN_WORDS: '5' });

    peer!.queue = [{ status: 500, chunks: [] }];
    expect((await sendChat(base, user, projectId)).status).toBe(502);
    peer!.queue = [{ chunks: ['Zapatillas', ' ligeras', ' para', ' correr', ' lejos.'], delayMs: 20 }];
    const parts = await readParts(await sendChat(base, user, projectId));
    expect(parts.at(-1)?.part.type).toBe('finish');
    const refused = await sendChat(base, user, projectId);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('NO_WORDS_LEFT');
    const missingProject = randomUUID();
    expect((await fetch(`${base}/api/project/${missingProject}`, { headers: user.auth })).status).toBe(404);
    expect((await fetch(`${base}/api/nothing-here`)).status).toBe(404);

    // A streamed reply is observed when its response closes, just after its last part was read.
    const text = await eventually(async () => {
      const scraped = await scrape();
      const observed = valueOf(scraped, 'redacta_http_request_duration_seconds_count', {
        method: 'POST',
        route: chatRoute,
        status: '200',
      });
      return observed === 1 ? scraped : undefined;
    });
    const requests = (labels: Record<string, string>) =>
      valueOf(text, 'redacta_http_request_duration_seconds_count', labels);
    expect(requests({ method: 'POST', route: chatRoute, status: '502' })).toBe(1);
    expect(requests({ method: 'POST', route: chatRoute, status: '403' })).toBe(1);
    expect(requests({ method: 'GET', route: '/api/project/:id', status: '404' })).toBe(1);
    expect(requests({ method: 'GET', route: '(unmatched)', status: '404' })).toBe(1);
    // Routes are labelled by their pattern: no id and no unknown path becomes a series.
    expect(text).not.toContain(missingProject);
    expect(text).not.toContain('nothing-here');

    expect(valueOf(text, 'redacta_model_first_token_seconds_count', peerModel)).toBe(1);
    // Every model call ends once: the one the provider failed and the complete one.
    expect(valueOf(text, 'redacta_model_reply_duration_seconds_count', peerModel)).toBe(2);
    expect(valueOf(text, 'redacta_words_generated_total', peerModel)).toBe(5);
    expect(valueOf(text, 'redacta_model_provider_errors_total', { ...peerModel, kind: '5xx' })).toBe(1);
    expect(
      valueOf(text, 'redacta_allowance_refusals_total', { route: chatRoute, code: 'NO_WORDS_LEFT' }),
    ).toBe(1);
    expect(valueOf(text, 'redacta_chat_streams_open')).toBe(0);
    const databaseLoad =
      t!.app.database.kind === 'pglite' ? 'redacta_db_queries_in_flight' : 'redacta_db_pool_waiting_queries';
    expect(valueOf(text, databaseLoad)).toBeGreaterThanOrEqual(0);
    if (t!.app.database.kind === 'postgres') {
      expect(valueOf(text, 'redacta_db_pool_connections', { state: 'idle' })).toBeGreaterThan(0);
    }
    if (t!.app.database.kind === 'pglite') {
      // The database thread's own memory, which the process's heap figures leave out.
      expect(valueOf(text, 'redacta_pglite_wasm_memory_bytes')).toBeGreaterThan(0);
      expect(valueOf(text, 'redacta_pglite_thread_heap_bytes')).toBeGreaterThan(0);
    }
    expect(valueOf(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(valueOf(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('count the chat streams open and the provider errors by kind', async () => {
    // The stalled reply below must stay open while the test looks, not time out.
    const { base, user, projectId } = await start({ AI_IDLE_TIMEOUT_MS: '30000' });
    peer!.queue = [{ status: 429, chunks: [] }];
    expect((await sendChat(base, user, projectId)).status).toBe(502);
    peer!.queue = [{ chunks: ['Uno', ' dos', ' tres'], dropAfter: 2 }];
    const dropped = await readParts(await sendChat(base, user, projectId));
    expect(dropped.at(-1)?.part.type).toBe('error');

    // A reply that stalls after its first words stays open until its sender stops it (a client that
    // leaves does not end the reply: a reload follows it).
    peer!.queue = [{ chunks: ['Hola', ' mundo'], stallAfter: 1 }];
    const client = new AbortController();
    const open = await sendChat(base, user, projectId, client.signal);
    const reader = open.body!.getReader();
    await reader.read();
    expect(valueOf(await scrape(), 'redacta_chat_streams_open')).toBe(1);
    client.abort();
    expect(valueOf(await scrape(), 'redacta_chat_streams_open')).toBe(1);
    await stopReplies(base, user, projectId);
    await eventually(async () =>
      valueOf(await scrape(), 'redacta_chat_streams_open') === 0 ? true : undefined,
    );

    const text = await scrape();
    expect(valueOf(text, 'redacta_model_provider_errors_total', { ...peerModel, kind: '4xx' })).toBe(1);
    expect(valueOf(text, 'redacta_model_provider_errors_total', { ...peerModel, kind: 'dropped' })).toBe(1);
    // A reply its sender stopped is not the provider's failure.
    expect(valueOf(text, 'redacta_model_provider_errors_total', { ...peerModel, kind: 'timeout' })).toBe(
      undefined,
    );

    // A member's own budget used up is an allowance refusal too, told apart by its code.
    const budget = await fetch(`${base}/api/workspace/${user.workspaceId}/member/${user.id}/budget`, {
      method: 'PUT',
      headers: { ...user.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ monthlyWords: 0 }),
    });
    expect(budget.status).toBe(200);
    const overBudget = await sendChat(base, user, projectId);
    expect(overBudget.status).toBe(403);
    expect(((await overBudget.json()) as { error: { code: string } }).error.code).toBe(
      'MEMBER_BUDGET_EXHAUSTED',
    );
    expect(
      valueOf(await scrape(), 'redacta_allowance_refusals_total', {
        route: chatRoute,
        code: 'MEMBER_BUDGET_EXHAUSTED',
      }),
    ).toBe(1);
  });

  it('count the batch rows this instance wrote', async () => {
    const { user } = await start();
    peer!.script = { chunks: ['Unas zapatillas', ' ligeras.'] };
    expect(valueOf(await scrape(), 'redacta_batch_rows_total', { outcome: 'done' })).toBeUndefined();
    const template = await createTemplate(t!.app, user);
    const batch = await createdBatch(t!.app, user, { csv: productsCsv(3), templateId: template.id });
    expect((await batchAction(t!.app, user, batch.id, 'start')).statusCode).toBe(200);
    await waitForBatch(t!.app, user, batch.id, (b) => b.status === 'done');
    expect(valueOf(await scrape(), 'redacta_batch_rows_total', { outcome: 'done' })).toBe(3);
  });

  it('are not served on the public port, and have no listener unless METRICS_PORT is set', async () => {
    const { base } = await start();
    const publicScrape = await fetch(`${base}/metrics`);
    expect(publicScrape.status).toBe(404);
    expect(await publicScrape.text()).not.toContain('redacta_');
    await t!.app.close();
    await peer!.close();

    peer = await startOpenAIPeer();
    t = await createTestApp(peerAppEnv(peer));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    expect(t.app.metricsUrl()).toBeUndefined();
  });

  it('cannot be given the public port', () => {
    const settings = { NODE_ENV: 'test', DATA_DIR: '/nonexistent', PORT: '3000' };
    expect(() => loadConfig({ ...settings, METRICS_PORT: '3000' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...settings, METRICS_PORT: '3000' })).toThrow(
      /METRICS_PORT: must differ from PORT/,
    );
    expect(loadConfig({ ...settings, METRICS_PORT: '9464' }).METRICS_PORT).toBe(9464);
    expect(loadConfig({ ...settings, METRICS_PORT: '' }).METRICS_PORT).toBeUndefined();
  });
});
