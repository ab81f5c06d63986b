import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { usagePeriod, type Batch, type BatchRow, type Plan } from '@redacta/shared';
import { usageCounters, workspaces } from '../src/db/schema.ts';
import { productTemplate } from '../test/batches/batch-helpers.ts';
import { signUpOver } from '../test/ops/child-server.ts';
import { startCluster, type Cluster, type Instance } from './start-cluster.ts';

let cluster: Cluster;
beforeAll(async () => {
  cluster = await startCluster();
});
afterAll(() => cluster?.stop());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Rows of batches this instance wrote and saved, from its own `/metrics`. */
async function rowsWritten(instance: Instance): Promise<number> {
  const text = await (await fetch(`${instance.metricsUrl}/metrics`)).text();
  const line = text.split('\n').find((entry) => entry.startsWith('redacta_batch_rows_total{outcome="done"}'));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

/** A workspace of its own on `plan`, the product template in it, and a batch of `rows` made through `via`. */
async function madeBatch(email: string, rows: number, via: Instance, plan: Plan = 'free') {
  const { auth, workspaceId } = await signUpOver(cluster.url, cluster.sink, email);
  await cluster.database.db.update(workspaces).set({ plan }).where(eq(workspaces.id, workspaceId));
  const template = await fetch(`${cluster.url}/api/workspace/${workspaceId}/templates`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ id: crypto.randomUUID(), ...productTemplate }),
  });
  expect(template.status).toBe(201);
  const form = new FormData();
  form.set('templateId', ((await template.json()) as { id: string }).id);
  const csv = ['Producto', ...Array.from({ length: rows }, (_, i) => `Producto ${i + 1}`)].join('\n');
  form.set('file', new Blob([csv], { type: 'text/csv' }), 'productos.csv');
  const created = await fetch(`${via.url}/api/workspace/${workspaceId}/batches`, {
    method: 'POST',
    headers: auth,
    body: form,
  });
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as Batch;
  return { auth, workspaceId, id };
}

/** Every row done, each charged once: the batch's words are its rows' words, and so is the month's count. */
async function expectWrittenOnce(
  via: Instance,
  batch: { auth: Record<string, string>; workspaceId: string; id: string },
  total: number,
) {
  const read = (await (
    await fetch(`${via.url}/api/batch/${batch.id}`, { headers: batch.auth })
  ).json()) as Batch;
  const { rows } = (await (
    await fetch(`${via.url}/api/batch/${batch.id}/rows?limit=${total}`, { headers: batch.auth })
  ).json()) as { rows: BatchRow[] };
  expect(rows.map((row) => row.status)).toEqual(Array(total).fill('done'));
  const sum = rows.reduce((words, row) => words + row.words, 0);
  expect(read).toMatchObject({ status: 'done', done: total, failed: 0, wordsCharged: sum });
  const [counter] = await cluster.database.db
    .select({ words: usageCounters.wordCount })
    .from(usageCounters)
    .where(
      and(
        eq(usageCounters.workspaceId, batch.workspaceId),
        eq(usageCounters.period, usagePeriod(new Date())),
      ),
    );
  expect(counter?.words).toBe(sum);
}

/**
 * When each row of the batch was being written on the instance, from its `batch row written` lines:
 * the line's time is the saved commit's, and `ms` how long before that the row was delivered.
 */
function rowSpans(instance: Instance, batchId: string): { from: number; to: number }[] {
  return instance.runs
    .flatMap((server) => server.lines)
    .filter((line) => line.msg === 'batch row written' && line.batchId === batchId)
    .map((line) => ({ from: (line.time as number) - (line.ms as number), to: line.time as number }));
}

const slowAnswer = {
  pieces: async function* () {
    yield 'Una descripción';
    await sleep(300);
    yield ' breve y clara.';
  },
};

it(
  'both instances write rows of one batch while it runs, and between them write each row once',
  { timeout: 180_000 },
  async () => {
    const [a, b] = cluster.instances;
    // Rows of uneven length, as a model's answers are. The instance that fetched a round of rows waits
    // for its slowest before it fetches again, so the places its quick rows free in the workspace's share
    // go to whichever instance asks next. The instance that fetched first asks again as soon as a round
    // ends; the other only at its backstop poll (every few seconds), hence a batch long enough for many.
    const ROWS = 120;
    cluster.peer.script = {
      pieces: async function* (body) {
        const row = Number(/Producto (\d+)/.exec(JSON.stringify(body.messages))?.[1] ?? 0);
        yield 'Una descripción';
        await sleep(row % 2 === 1 ? 3000 : 100);
        yield ' breve y clara.';
      },
    };
    const before = { a: await rowsWritten(a), b: await rowsWritten(b) };
    const batch = await madeBatch('ambos@example.com', ROWS, a, 'pro_monthly');
    expect(
      (await fetch(`${b.url}/api/batch/${batch.id}/start`, { method: 'POST', headers: batch.auth })).status,
    ).toBe(200);
    const read = async () =>
      (await (await fetch(`${b.url}/api/batch/${batch.id}`, { headers: batch.auth })).json()) as Batch;
    await expect.poll(async () => (await read()).status, { timeout: 150_000, interval: 250 }).toBe('done');
    // One batch, no instance stopped: each instance's count of rows saved grew while it ran.
    const written = { a: (await rowsWritten(a)) - before.a, b: (await rowsWritten(b)) - before.b };
    expect(written.a, JSON.stringify(written)).toBeGreaterThan(0);
    expect(written.b, JSON.stringify(written)).toBeGreaterThan(0);
    // No row was saved by both: what each instance counts adds up to the batch's rows.
    expect(written.a + written.b).toBe(ROWS);
    // And at the same time, not one after the other: some row of each was in flight at once.
    const spans = { a: rowSpans(a, batch.id), b: rowSpans(b, batch.id) };
    expect(spans.a.length + spans.b.length).toBe(ROWS);
    const overlapping = spans.a.filter((x) => spans.b.some((y) => x.from < y.to && y.from < x.to));
    expect(overlapping.length, JSON.stringify(spans)).toBeGreaterThan(0);
    await expectWrittenOnce(b, batch, ROWS);
  },
);

// Its waits (a first rows' 60 s, the rest's 120 s, a restart) bound it, not the suite's default.
it(
  'a batch made through one instance and started through the other is worked by the queue they share; when one is killed the other finishes it, each row written and charged once',
  {
    timeout: 300_000,
  },
  async () => {
    const [a, b] = cluster.instances;
    cluster.peer.script = slowAnswer;
    const batch = await madeBatch('lotes@example.com', 40, a);
    // Made through one instance, started through the other: the queue is the database's, not an instance's.
    expect(
      (await fetch(`${b.url}/api/batch/${batch.id}/start`, { method: 'POST', headers: batch.auth })).status,
    ).toBe(200);

    const read = async () =>
      (await (await fetch(`${b.url}/api/batch/${batch.id}`, { headers: batch.auth })).json()) as Batch;
    await expect
      .poll(async () => (await read()).done, { timeout: 60_000, interval: 100 })
      .toBeGreaterThanOrEqual(5);
    a.server.process.kill('SIGKILL');
    await a.server.exited;

    await expect.poll(async () => (await read()).status, { timeout: 120_000, interval: 250 }).toBe('done');
    await expectWrittenOnce(b, batch, 40);
    await cluster.restart(a);
  },
);
