import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BatchRow, Template } from '@redacta/shared';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { addMember, createUser, type TestUser } from '../helpers/factories.ts';
import { peerAppEnv, startOpenAIPeer, type OpenAIPeer } from '../helpers/openai-peer.ts';
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
let ana: TestUser;
let bea: TestUser;
let template: Template;

/** The model's answer for a row: a headline and a description, numbered by the answer it is. */
let answers = 0;
function answer() {
  answers += 1;
  return [`### titular\nTitular ${answers}\n`, `### descripcion\nDescripción número ${answers}.`];
}

beforeAll(async () => {
  peer = await startOpenAIPeer();
});
afterAll(() => peer.close());
beforeEach(async () => {
  answers = 0;
  peer.requests.length = 0;
  peer.queue.length = 0;
  peer.script = {
    pieces: async function* () {
      yield* answer();
    },
  };
  t = await createTestApp(
    peerAppEnv(peer, { AI_FIRST_TOKEN_TIMEOUT_MS: '60000', AI_IDLE_TIMEOUT_MS: '60000' }),
  );
  ana = await createUser(t.app);
  bea = await createUser(t.app);
  await addMember(t.app, ana.workspaceId, bea.id);
  template = await createTemplate(t.app, ana, {
    ...productTemplate,
    name: 'Anuncio',
    output: {
      parts: [
        { key: 'titular', label: 'Titular' },
        { key: 'descripcion', label: 'Descripción' },
      ],
    },
  });
});
afterEach(() => t.app.close());

const edit = (user: TestUser, batchId: string, index: number, part: string, text: string) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/batch/${batchId}/row/${index}`,
    headers: user.auth,
    payload: { part, text },
  });

const regenerate = (user: TestUser, batchId: string, index: number) =>
  t.app.inject({ method: 'POST', url: `/api/batch/${batchId}/row/${index}/regenerate`, headers: user.auth });

/** A one-row batch, written. */
async function writtenBatch(csv = 'Producto\nZapatillas\n') {
  const batch = await createdBatch(t.app, ana, { csv, templateId: template.id });
  expect((await batchAction(t.app, ana, batch.id, 'start')).statusCode).toBe(200);
  return waitForBatch(t.app, ana, batch.id, (b) => b.status === 'done', 120_000);
}

/** Holds the model's next answer until `release`: the row stays being written until then. */
function holdNextAnswer() {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  peer.queue.push({
    pieces: async function* () {
      await gate;
      yield* answer();
    },
  });
  return release;
}

async function rowOf(batchId: string): Promise<BatchRow> {
  return (await readRows(t.app, ana, batchId))[0]!;
}

describe('two people and the worker on one row', () => {
  it('keeps both edits when two members edit different parts of a row at the same time', async () => {
    const batch = await writtenBatch();
    const [fromAna, fromBea] = await Promise.all([
      edit(ana, batch.id, 0, 'titular', 'El titular de Ana'),
      edit(bea, batch.id, 0, 'descripcion', 'La descripción de Bea.'),
    ]);
    expect([fromAna.statusCode, fromBea.statusCode]).toEqual([200, 200]);
    expect(await rowOf(batch.id)).toMatchObject({
      edited: true,
      outputs: { titular: 'El titular de Ana', descripcion: 'La descripción de Bea.' },
    });
  });

  it("keeps a member's edit made while the row is being written again, and writes the other parts", async () => {
    const batch = await writtenBatch();
    const release = holdNextAnswer();
    const asked = peer.requests.length;
    expect((await regenerate(bea, batch.id, 0)).statusCode).toBe(200);
    // The worker has the row and waits for the model: the member edits now.
    await expect.poll(() => peer.requests.length, { timeout: 60_000 }).toBe(asked + 1);
    expect((await rowOf(batch.id)).status).toBe('running');
    const edited = await edit(ana, batch.id, 0, 'titular', 'Mi titular');
    expect(edited.statusCode, edited.body).toBe(200);
    release();
    const done = await waitForBatch(t.app, ana, batch.id, (b) => b.status === 'done', 60_000);
    const row = await rowOf(batch.id);
    expect(row).toMatchObject({
      status: 'done',
      edited: true,
      outputs: { titular: 'Mi titular', descripcion: 'Descripción número 2.' },
    });
    expect(done.done).toBe(1);
  });

  it('applies an edit that comes just after the new write to that write, keeping its other parts', async () => {
    const batch = await writtenBatch();
    const release = holdNextAnswer();
    expect((await regenerate(bea, batch.id, 0)).statusCode).toBe(200);
    release();
    await waitForBatch(t.app, ana, batch.id, (b) => b.status === 'done' && b.done === 1, 60_000);
    expect(await rowOf(batch.id)).toMatchObject({ edited: false, outputs: { titular: 'Titular 2' } });
    expect((await edit(ana, batch.id, 0, 'titular', 'Mi titular')).statusCode).toBe(200);
    expect((await rowOf(batch.id)).outputs).toEqual({
      titular: 'Mi titular',
      descripcion: 'Descripción número 2.',
    });
  });

  it('still refuses to edit a row that was never written', async () => {
    const release = holdNextAnswer();
    const batch = await createdBatch(t.app, ana, { csv: 'Producto\nZapatillas\n', templateId: template.id });
    await batchAction(t.app, ana, batch.id, 'start');
    await expect.poll(() => peer.requests.length, { timeout: 60_000 }).toBe(1);
    expect((await edit(ana, batch.id, 0, 'titular', 'Pronto')).statusCode).toBe(409);
    release();
    await waitForBatch(t.app, ana, batch.id, (b) => b.status === 'done', 60_000);
  });
});

describe('a failed row written again', () => {
  it('gets all its tries again rather than failing at its first', { timeout: 180_000 }, async () => {
    peer.script = { status: 500 };
    const batch = await createdBatch(t.app, ana, { csv: 'Producto\nZapatillas\n', templateId: template.id });
    await batchAction(t.app, ana, batch.id, 'start');
    await waitForBatch(t.app, ana, batch.id, (b) => b.status === 'done', 90_000);
    expect((await rowOf(batch.id)).status).toBe('failed');
    expect(peer.requests).toHaveLength(3);

    expect((await regenerate(ana, batch.id, 0)).statusCode).toBe(200);
    const again = await waitForBatch(t.app, ana, batch.id, (b) => b.status === 'done', 90_000);
    expect(again).toMatchObject({ done: 0, failed: 1 });
    expect(peer.requests).toHaveLength(6);
  });
});
