import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { usagePeriod, type Batch, type BatchRow } from '@redacta/shared';
import { usageCounters } from '../src/db/schema.ts';
import { productTemplate } from '../test/batches/batch-helpers.ts';
import { signUpOver } from '../test/ops/child-server.ts';
import { startCluster, type Cluster } from './start-cluster.ts';

let cluster: Cluster;
beforeAll(async () => {
  cluster = await startCluster();
});
afterAll(() => cluster?.stop());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it('a batch made through one instance and started through the other is worked by the queue they share; when one is killed the other finishes it, each row written and charged once', async () => {
  const [a, b] = cluster.instances;
  cluster.peer.script = {
    pieces: async function* () {
      yield 'Una descripción';
      await sleep(300);
      yield ' breve y clara.';
    },
  };
  const { auth, workspaceId } = await signUpOver(cluster.url, cluster.sink, 'lotes@example.com');
  const template = await fetch(`${cluster.url}/api/workspace/${workspaceId}/templates`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ id: crypto.randomUUID(), ...productTemplate }),
  });
  expect(template.status).toBe(201);
  const form = new FormData();
  form.set('templateId', ((await template.json()) as { id: string }).id);
  const csv = ['Producto', ...Array.from({ length: 40 }, (_, i) => `Producto ${i + 1}`)].join('\n');
  form.set('file', new Blob([csv], { type: 'text/csv' }), 'productos.csv');
  // Made through one instance, started through the other: the queue is the database's, not an instance's.
  const created = await fetch(`${a.url}/api/workspace/${workspaceId}/batches`, {
    method: 'POST',
    headers: auth,
    body: form,
  });
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as Batch;
  expect((await fetch(`${b.url}/api/batch/${id}/start`, { method: 'POST', headers: auth })).status).toBe(200);

  const read = async () =>
    (await (await fetch(`${b.url}/api/batch/${id}`, { headers: auth })).json()) as Batch;
  await expect
    .poll(async () => (await read()).done, { timeout: 60_000, interval: 100 })
    .toBeGreaterThanOrEqual(5);
  a.server.process.kill('SIGKILL');
  await a.server.exited;

  await expect.poll(async () => (await read()).status, { timeout: 120_000, interval: 250 }).toBe('done');
  const batch = await read();
  const { rows } = (await (
    await fetch(`${b.url}/api/batch/${id}/rows?limit=50`, { headers: auth })
  ).json()) as {
    rows: BatchRow[];
  };
  expect(rows.map((row) => row.status)).toEqual(Array(40).fill('done'));
  const sum = rows.reduce((total, row) => total + row.words, 0);
  expect(batch).toMatchObject({ done: 40, failed: 0, wordsCharged: sum });
  const [counter] = await cluster.database.db
    .select({ words: usageCounters.wordCount })
    .from(usageCounters)
    .where(
      and(eq(usageCounters.workspaceId, workspaceId), eq(usageCounters.period, usagePeriod(new Date()))),
    );
  expect(counter?.words).toBe(sum);
  await cluster.restart(a);
});
