import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { conversationEntries } from '../../src/db/schema.ts';
import type { App } from '../../src/app.ts';
import { SMALL_STORAGE_QUOTAS } from '../helpers/app.ts';
import type { TestUser } from '../helpers/factories.ts';
import { doc, insertProject } from '../helpers/project-factories.ts';
import { liveSession, settled, sharedProject, synced, until } from './live-client.ts';

const session = liveSession();

/** Text that does not compress, so it is stored at its length. */
const noise = (bytes: number) =>
  randomBytes(Math.ceil((bytes * 3) / 4))
    .toString('base64')
    .slice(0, bytes);

async function storage(app: App, user: TestUser) {
  const url = `/api/workspace/${user.workspaceId}/storage`;
  return (await app.inject({ method: 'GET', url, headers: user.auth })).json() as {
    usedBytes: number;
    limitBytes: number;
  };
}

/** Fills the user's workspace with a conversation until `room` bytes are left. */
async function fill(app: App, user: TestUser, room: number) {
  const project = await insertProject(app, user, { name: 'Relleno' });
  const { usedBytes, limitBytes } = await storage(app, user);
  await app.db.insert(conversationEntries).values({
    projectId: project.id,
    role: 'user',
    content: noise(limitBytes - usedBytes - room),
    createdBy: user.id,
  });
  expect((await storage(app, user)).limitBytes - (await storage(app, user)).usedBytes).toBe(room);
}

const paragraph = (text: string) => {
  const element = new Y.XmlElement('paragraph');
  element.insert(0, [new Y.XmlText(text)]);
  return element;
};

describe('a live document in the storage quota', () => {
  it('counts its Yjs state and plain text as well as its JSON', async () => {
    const { app } = await session.start();
    const { owner, project } = await sharedProject(app);
    const before = (await storage(app, owner)).usedBytes;
    const url = `/api/project/${project.id}/document`;
    const { updatedAt } = (await app.inject({ method: 'GET', url, headers: owner.auth })).json();
    const saved = await app.inject({
      method: 'PATCH',
      url,
      headers: owner.auth,
      payload: { content: doc(noise(100_000)), updatedAt },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // The JSON, the text and the state each hold the 100,000 characters.
    expect((await storage(app, owner)).usedBytes - before).toBeGreaterThanOrEqual(300_000);
  });

  it('refuses live growth that would pass the quota with storage-full, and keeps what fitted', async () => {
    const { app } = await session.start({}, { storageQuotas: SMALL_STORAGE_QUOTAS });
    const { owner, member, project } = await sharedProject(app);
    await fill(app, owner, 60_000);
    const editor = session.open(app, project.id, member.accessToken);
    await synced(editor);
    const fragment = editor.doc.getXmlFragment('default');
    const fits = noise(5_000);
    fragment.insert(fragment.length, [paragraph(fits)]);
    await settled(editor);
    expect(editor.refusals).toEqual([]);

    fragment.insert(fragment.length, [paragraph(noise(40_000))]);
    await until(() => editor.refusals.includes('storage-full'), 'the change to be refused');
    const url = `/api/project/${project.id}/document`;
    await until(async () => {
      const stored = (await app.inject({ method: 'GET', url, headers: owner.auth })).json();
      return JSON.stringify(stored.content).includes(fits);
    }, 'what fitted to be stored');
    const { usedBytes, limitBytes } = await storage(app, owner);
    expect(usedBytes).toBeLessThanOrEqual(limitBytes);
  });

  it('shares what is left between the workspace’s open documents: the second one cannot grow into the first one’s room', async () => {
    const { app } = await session.start({}, { storageQuotas: SMALL_STORAGE_QUOTAS });
    const { owner, member, project } = await sharedProject(app);
    const other = await insertProject(app, owner, { isShared: true, name: 'Otro' });
    // Room for about 20,000 characters of document (each stored as its JSON, its text and its state).
    await fill(app, owner, 60_000);
    const filled = await storage(app, owner);
    const first = session.open(app, project.id, owner.accessToken);
    const second = session.open(app, other.id, member.accessToken);
    await Promise.all([synced(first), synced(second)]);

    const firstFragment = first.doc.getXmlFragment('default');
    firstFragment.insert(firstFragment.length, [paragraph(noise(12_000))]);
    await settled(first);
    expect(first.refusals).toEqual([]);
    // Alone, 12,000 more characters would fit in the second document too; with the first's, they do not.
    const secondFragment = second.doc.getXmlFragment('default');
    secondFragment.insert(secondFragment.length, [paragraph(noise(12_000))]);
    await until(() => second.refusals.includes('storage-full'), 'the second document’s growth to be refused');

    // Once the first document's 12,000 characters are stored (three times over), the quota still holds.
    await until(
      async () => (await storage(app, owner)).usedBytes >= filled.usedBytes + 30_000,
      'the first document to be stored',
    );
    const { usedBytes, limitBytes } = await storage(app, owner);
    expect(usedBytes).toBeLessThanOrEqual(limitBytes);
  });
});
