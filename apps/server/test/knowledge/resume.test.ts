import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { knowledgeSources } from '../../src/db/schema.ts';
import { KNOWLEDGE_MAX_ATTEMPTS } from '../../src/modules/knowledge/processor.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { workerDatabase } from '../helpers/database.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';
import { listSources, search } from './knowledge-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  await workerDatabase();
});
afterEach(async () => {
  await t.app.close();
});

/** A source as a server that stopped mid-processing leaves it: still processing, attempts counted. */
async function leftProcessing(user: TestUser, attempts: number) {
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
});
