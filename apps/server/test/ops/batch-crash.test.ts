import { expect, it } from 'vitest';
import type { Batch, BatchRow, WorkspaceUsage } from '@redacta/shared';
import { peerAppEnv } from '../helpers/openai-peer.ts';
import { productTemplate } from '../batches/batch-helpers.ts';
import { childServerRun, signUpOver } from './child-server.ts';

const run = childServerRun('batch-crash');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it('a server killed (SIGKILL) in the middle of a batch finishes it once restarted on the same data: no row lost, none charged twice', async () => {
  const peer = await run.openAIPeer({
    pieces: async function* () {
      yield 'Una descripción';
      await sleep(400);
      yield ' breve, clara y lista para publicar.';
    },
  });
  const sink = await run.smtpSink();
  const env = {
    ...(await run.database()).env,
    ...peerAppEnv(peer, {
      FREE_PLAN_WORDS: '100000',
      AI_FIRST_TOKEN_TIMEOUT_MS: '5000',
      AI_IDLE_TIMEOUT_MS: '5000',
    }),
    SMTP_URL: sink.url,
    BATCH_HEARTBEAT_SECONDS: '10',
    // The same secret in both processes: the session signed in before the kill is still good after it.
    JWT_SECRET: 'batch-crash-test-secret-of-enough-length',
    RATE_LIMIT_CODE_REQUESTS_PER_HOUR: '1000',
    RATE_LIMIT_LOGIN_ATTEMPTS_PER_15MIN: '1000',
  };
  let server = await run.server(env);
  let { url } = server;
  const { auth, workspaceId } = await signUpOver(url, sink, 'crash@example.com');
  const json = { ...auth, 'content-type': 'application/json' };
  const template = await fetch(`${url}/api/workspace/${workspaceId}/templates`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ id: crypto.randomUUID(), ...productTemplate }),
  });
  expect(template.status).toBe(201);
  const form = new FormData();
  form.set('templateId', ((await template.json()) as { id: string }).id);
  const csv = ['Producto', ...Array.from({ length: 20 }, (_, i) => `Producto ${i + 1}`)].join('\n');
  form.set('file', new Blob([csv], { type: 'text/csv' }), 'productos.csv');
  const created = await fetch(`${url}/api/workspace/${workspaceId}/batches`, {
    method: 'POST',
    headers: auth,
    body: form,
  });
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as Batch;
  const started = await fetch(`${url}/api/batch/${id}/start`, { method: 'POST', headers: auth });
  expect(started.status, await started.clone().text()).toBe(200);

  const read = async () => (await (await fetch(`${url}/api/batch/${id}`, { headers: auth })).json()) as Batch;
  await expect
    .poll(async () => (await read()).done, { timeout: 30_000, interval: 100 })
    .toBeGreaterThanOrEqual(4);
  server.process.kill('SIGKILL');
  await server.exited;
  const requestsBefore = peer.requests.length;

  server = await run.server(env);
  url = server.url;
  await expect.poll(async () => (await read()).status, { timeout: 60_000, interval: 250 }).toBe('done');

  const batch = await read();
  const { rows } = (await (
    await fetch(`${url}/api/batch/${id}/rows?limit=50`, { headers: auth })
  ).json()) as {
    rows: BatchRow[];
  };
  expect(rows.map((row) => row.status)).toEqual(Array(20).fill('done'));
  const sum = rows.reduce((total, row) => total + row.words, 0);
  expect(batch).toMatchObject({ done: 20, failed: 0, wordsCharged: sum });
  const usage = (await (
    await fetch(`${url}/api/workspace/${workspaceId}/usage`, { headers: auth })
  ).json()) as WorkspaceUsage;
  expect(usage.wordCount).toBe(sum);
  // Rows cut off by the kill were written again after the restart, and only those.
  expect(peer.requests.length).toBeGreaterThanOrEqual(20);
  expect(peer.requests.length - requestsBefore).toBeLessThanOrEqual(20 - 4 + 2);
}, 150_000);
