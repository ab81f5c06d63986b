import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BATCH_CONCURRENCY } from '@redacta/shared';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';
import { peerAppEnv, startOpenAIPeer, type OpenAIPeer, type PeerRequest } from '../helpers/openai-peer.ts';
import {
  batchAction,
  createdBatch,
  createTemplate,
  productTemplate,
  readRows,
  waitForBatch,
} from './batch-helpers.ts';

let peer: OpenAIPeer;
let t: TestApp;

beforeAll(async () => {
  peer = await startOpenAIPeer();
});
afterAll(() => peer.close());
beforeEach(async () => {
  peer.requests.length = 0;
  peer.queue.length = 0;
  peer.script = { chunks: ['Unas zapatillas', ' ligeras para cada día.'] };
  t = await createTestApp(
    peerAppEnv(peer, { AI_FIRST_TOKEN_TIMEOUT_MS: '5000', AI_IDLE_TIMEOUT_MS: '5000' }),
  );
});
afterEach(() => t.app.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const promptOf = (body: PeerRequest['body']) => JSON.stringify(body.messages.at(-1)?.content ?? '');

/** `rows` products named after the workspace's letter, so the model's side knows whose row it writes. */
const csvOf = (letter: string, rows: number) =>
  ['Producto', ...Array.from({ length: rows }, (_, i) => `${letter}-${i + 1}`)].join('\n') + '\n';

describe('the batch queue', () => {
  it("gives each workspace its plan's rows at a time: a big batch never starves a small one", async () => {
    const inFlight = { A: 0, B: 0 };
    const most = { A: 0, B: 0 };
    peer.script = {
      pieces: async function* (body) {
        const letter = promptOf(body).includes('B-') ? 'B' : 'A';
        inFlight[letter] += 1;
        most[letter] = Math.max(most[letter], inFlight[letter]);
        try {
          yield 'Una descripción';
          await sleep(250);
          yield ' breve y clara.';
        } finally {
          inFlight[letter] -= 1;
        }
      },
    };
    const ana: TestUser = await createUser(t.app);
    const bea: TestUser = await createUser(t.app);
    const big = await createdBatch(t.app, ana, {
      csv: csvOf('A', 30),
      templateId: (await createTemplate(t.app, ana)).id,
    });
    const small = await createdBatch(t.app, bea, {
      csv: csvOf('B', 3),
      templateId: (await createTemplate(t.app, bea)).id,
    });
    expect((await batchAction(t.app, ana, big.id, 'start')).statusCode).toBe(200);
    await waitForBatch(t.app, ana, big.id, (b) => b.done >= 2);
    expect((await batchAction(t.app, bea, small.id, 'start')).statusCode).toBe(200);

    await waitForBatch(t.app, bea, small.id, (b) => b.status === 'done');
    const bigMeanwhile = await waitForBatch(t.app, ana, big.id, () => true);
    expect(bigMeanwhile.done).toBeLessThan(20);
    await waitForBatch(t.app, ana, big.id, (b) => b.status === 'done', 60_000);
    expect(most.A).toBe(BATCH_CONCURRENCY.free);
    expect(most.B).toBeLessThanOrEqual(BATCH_CONCURRENCY.free);
  });

  it("waits as long as a provider's 429 asks (Retry-After), then writes the row once", async () => {
    peer.queue.push({ status: 429, headers: { 'retry-after': '2' } });
    const ana = await createUser(t.app);
    const batch = await createdBatch(t.app, ana, {
      csv: csvOf('A', 1),
      templateId: (await createTemplate(t.app, ana)).id,
    });
    const startedAt = Date.now();
    expect((await batchAction(t.app, ana, batch.id, 'start')).statusCode).toBe(200);
    const done = await waitForBatch(t.app, ana, batch.id, (b) => b.status === 'done');
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(2000);
    expect(peer.requests).toHaveLength(2);
    const [row] = await readRows(t.app, ana, batch.id);
    expect(row).toMatchObject({
      status: 'done',
      outputs: { text: 'Unas zapatillas ligeras para cada día.' },
      words: 6,
    });
    expect(done).toMatchObject({ done: 1, failed: 0, wordsCharged: 6 });
  });

  it("writes a row again when its answer misses a part's limit, keeping and charging only the last answer", async () => {
    peer.queue.push({ chunks: ['### titular\n', 'Un titular demasiado largo para caber'] });
    peer.script = { chunks: ['### titular\n', 'Zapatillas ligeras'] };
    const ana = await createUser(t.app);
    const template = await createTemplate(t.app, ana, {
      ...productTemplate,
      output: { parts: [{ key: 'titular', label: 'Titular', maxChars: 20 }] },
    });
    const batch = await createdBatch(t.app, ana, { csv: csvOf('A', 1), templateId: template.id });
    await batchAction(t.app, ana, batch.id, 'start');
    const done = await waitForBatch(t.app, ana, batch.id, (b) => b.status === 'done');
    const [row] = await readRows(t.app, ana, batch.id);
    expect(row).toMatchObject({ status: 'done', outputs: { titular: 'Zapatillas ligeras' } });
    expect(row!.flags).toBeUndefined();
    expect(peer.requests).toHaveLength(2);
    expect(done.wordsCharged).toBe(row!.words);
  });

  it('fails a row the provider keeps refusing after its tries, with an error a person can read', async () => {
    peer.script = { status: 500 };
    const ana = await createUser(t.app);
    const batch = await createdBatch(t.app, ana, {
      csv: csvOf('A', 1),
      templateId: (await createTemplate(t.app, ana)).id,
    });
    await batchAction(t.app, ana, batch.id, 'start');
    const done = await waitForBatch(t.app, ana, batch.id, (b) => b.status === 'done', 40_000);
    expect(done).toMatchObject({ done: 0, failed: 1, wordsCharged: 0 });
    const [row] = await readRows(t.app, ana, batch.id);
    expect(row!.status).toBe('failed');
    expect(row!.error).toMatch(/^The AI provider failed to answer/);
    expect(peer.requests).toHaveLength(3);
  });
});
