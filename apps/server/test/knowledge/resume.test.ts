import { afterEach, describe, expect, it } from 'vitest';
import { knowledgeSources } from '../../src/db/schema.ts';
import { KNOWLEDGE_MAX_ATTEMPTS, KnowledgeProcessor } from '../../src/modules/knowledge/processor.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';
import { listSources, search } from './knowledge-helpers.ts';

let t: TestApp;
afterEach(async () => {
  await t.app.close();
});

/**
 * A source as a server that stopped mid-processing leaves it: still processing, attempts counted; with
 * `leaseUntil`, as a processor working on it holds it.
 */
async function leftProcessing(user: TestUser, attempts: number, leaseUntil?: Date) {
  const [row] = await t.app.db
    .insert(knowledgeSources)
    .values({
      workspaceId: user.workspaceId,
      name: 'horario.txt',
      kind: 'file',
      mediaType: 'text/plain',
      file: Buffer.from('La tienda abre de lunes a sábado de 9 a 21 horas.'),
      status: 'processing',
      attempts,
      leaseUntil,
      addedBy: user.id,
    })
    .returning({ id: knowledgeSources.id });
  return row!.id;
}

describe('knowledge left processing by a server that stopped', () => {
  it('is processed again at the next start, and fails INTERRUPTED once its attempts are used up', async () => {
    t = await createTestApp();
    const ana = await createUser(t.app);
    const resumed = await leftProcessing(ana, 1);
    const exhausted = await leftProcessing(ana, KNOWLEDGE_MAX_ATTEMPTS);

    // What the app runs once it is ready after a start.
    await t.app.knowledge.resume();
    await t.app.knowledge.whenIdle();

    const { sources } = await listSources(t.app, ana);
    expect(sources.find((s) => s.id === resumed)).toMatchObject({ status: 'ready', passageCount: 1 });
    expect(sources.find((s) => s.id === exhausted)).toMatchObject({
      status: 'failed',
      failureReason: 'INTERRUPTED',
    });
    expect((await search(t.app, ana, '¿A qué hora abre la tienda?')).json().results).toHaveLength(1);
  });

  it('leaves a source another instance holds to it, and takes it over, without a restart, once its lease passes', async () => {
    t = await createTestApp();
    const ana = await createUser(t.app);
    const heldUntil = new Date(Date.now() + 1_500);
    const held = await leftProcessing(ana, 1, heldUntil);
    const heldExhausted = await leftProcessing(ana, KNOWLEDGE_MAX_ATTEMPTS, heldUntil);
    // Another instance's processor, looking for sources left processing every half second.
    const other = new KnowledgeProcessor({
      db: t.app.db,
      storageQuotas: t.app.storageQuotas,
      log: t.app.log,
      embedder: null,
      fetch: { allowLoopback: false, maxBytes: 1_000_000, timeoutMs: 1_000, maxRedirects: 0 },
      concurrency: 1,
      leaseMs: 500,
    });
    try {
      await other.resume();
      await other.whenIdle();
      // Held by their processor: neither processed again nor failed meanwhile.
      const status = async () =>
        (await listSources(t.app, ana)).sources
          .filter((source) => source.id === held || source.id === heldExhausted)
          .map((source) => [source.id === held ? 'held' : 'exhausted', source.status, source.failureReason]);
      expect(await status()).toEqual(
        expect.arrayContaining([
          ['held', 'processing', null],
          ['exhausted', 'processing', null],
        ]),
      );
      // Their processor died: once the lease passes, the other instance takes them.
      await expect.poll(status, { timeout: 15_000, interval: 200 }).toEqual(
        expect.arrayContaining([
          ['held', 'ready', null],
          ['exhausted', 'failed', 'INTERRUPTED'],
        ]),
      );
    } finally {
      await other.stop();
    }
  });
});
