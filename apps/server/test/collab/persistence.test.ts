import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { documents } from '../../src/db/schema.ts';
import type { TestApp } from '../helpers/app.ts';
import { doc } from '../helpers/project-factories.ts';
import { liveSession, settled, sharedProject, synced, until, type LiveClient } from './live-client.ts';

const session = liveSession();
const { open } = session;

async function setUp(content = doc('Hola equipo')) {
  const testApp = await session.start();
  const { app } = testApp;
  const team = await sharedProject(app);
  await app.db.update(documents).set({ content }).where(eq(documents.projectId, team.project.id));
  return { testApp, app, ...team };
}

const liveText = (client: LiveClient) => client.doc.getXmlFragment('default').toString();

async function storedRow(app: TestApp['app'], projectId: string) {
  const [row] = await app.db.select().from(documents).where(eq(documents.projectId, projectId));
  return row!;
}

describe('storing live documents', () => {
  it('seeds a stored document once, and five restarts in a row duplicate nothing', async () => {
    const { testApp, owner, project } = await setUp();
    let current = testApp;
    for (let restart = 0; restart < 5; restart++) {
      const client = open(current.app, project.id, owner.accessToken);
      await synced(client);
      expect(liveText(client)).toBe('<paragraph>Hola equipo</paragraph>');
      client.destroy();
      await session.stop(current);
      current = await session.another(current);
    }
    const row = await storedRow(current.app, project.id);
    expect(row.content).toEqual(doc('Hola equipo'));
    expect(row.text).toBe('Hola equipo');
    const stored = new Y.Doc();
    Y.applyUpdate(stored, row.yjsState!);
    expect(stored.getXmlFragment('default').toString()).toBe('<paragraph>Hola equipo</paragraph>');
  });

  it('two clients on two instances opening a new document at once get one seed', async () => {
    const { testApp, owner, member, project } = await setUp();
    const second = await session.another(testApp);
    const a = open(testApp.app, project.id, owner.accessToken);
    const b = open(second.app, project.id, member.accessToken);
    await Promise.all([synced(a), synced(b)]);
    a.doc.getXmlFragment('default').insert(1, [new Y.XmlElement('paragraph')]);
    await settled(a);
    // The second instance hears of it only through what is stored; a reconnect there reads it.
    expect(liveText(a)).toBe('<paragraph>Hola equipo</paragraph><paragraph></paragraph>');
    expect(liveText(b)).toBe('<paragraph>Hola equipo</paragraph>');
    await until(async () => (await storedRow(testApp.app, project.id)).text === 'Hola equipo\n', 'the store');
    const row = await storedRow(testApp.app, project.id);
    expect(row.content).toEqual({
      type: 'doc',
      content: [...doc('Hola equipo').content, { type: 'paragraph' }],
    });
  });

  it('stores after a pause in editing, with who edited, and answers the live content meanwhile', async () => {
    const { app, owner, member, project } = await setUp();
    const stored: { editorIds: string[] }[] = [];
    app.collab.events.on('stored', (event) => {
      if (event.projectId === project.id) stored.push(event);
    });
    const client = open(app, project.id, member.accessToken);
    await synced(client);
    const paragraph = client.doc.getXmlFragment('default').get(0) as Y.XmlElement;
    (paragraph.get(0) as Y.XmlText).insert(11, ', hoy');
    await settled(client);
    const live = await app.inject({
      method: 'GET',
      url: `/api/project/${project.id}/document`,
      headers: owner.auth,
    });
    expect(live.json().content).toEqual(doc('Hola equipo, hoy'));
    await until(() => stored.length > 0, 'the store after the pause');
    expect(stored[0]!.editorIds).toEqual([member.id]);
    const row = await storedRow(app, project.id);
    expect(row.content).toEqual(doc('Hola equipo, hoy'));
    expect(row.text).toBe('Hola equipo, hoy');
    expect(row.updatedAt.toISOString()).toBe(live.json().updatedAt);
  });

  it('a load that fails serves nothing and never overwrites what is stored', async () => {
    const { testApp, app, owner, project } = await setUp();
    const broken = new Uint8Array([0xff, 0xff, 0xff, 0x01, 0x02]);
    await app.db.update(documents).set({ yjsState: broken }).where(eq(documents.projectId, project.id));
    const before = await storedRow(app, project.id);
    const client = open(app, project.id, owner.accessToken);
    await until(() => client.refusals.length > 0, 'the failed load to end');
    expect(client.provider.synced).toBe(false);
    // What the client holds (nothing, or its own text) never reaches the stored document.
    client.doc.getXmlFragment('default').insert(0, [new Y.XmlElement('paragraph')]);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(client.refusals[0]).toBe('server-error');
    client.destroy();
    await session.stop(testApp);
    const restarted = await session.another(testApp);
    const after = await storedRow(restarted.app, project.id);
    expect(Buffer.from(after.yjsState!)).toEqual(Buffer.from(before.yjsState!));
    expect(after.content).toEqual(before.content);
    expect(after.updatedAt).toEqual(before.updatedAt);
  });
});
