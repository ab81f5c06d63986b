import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import { documents } from '../../src/db/schema.ts';
import type { TestApp } from '../helpers/app.ts';
import { doc } from '../helpers/project-factories.ts';
import { liveSession, settled, sharedProject, sleep, synced, until } from './live-client.ts';

const session = liveSession();

async function setUp() {
  const { app } = await session.start();
  const { owner, member, project } = await sharedProject(app);
  await app.db
    .update(documents)
    .set({ content: doc('Texto válido') })
    .where(eq(documents.projectId, project.id));
  const open = (token: string) => session.open(app, project.id, token);
  return { app, owner, member, project, open };
}

const read = async (app: TestApp['app'], projectId: string, auth: { authorization: string }) =>
  (await app.inject({ method: 'GET', url: `/api/project/${projectId}/document`, headers: auth })).json();

describe('updates the server refuses', () => {
  it.each([
    [
      'an attribute that is an object',
      (f: Y.XmlFragment) => {
        const heading = new Y.XmlElement('heading');
        heading.setAttribute('level', { nested: true } as unknown as string);
        f.insert(1, [heading]);
      },
    ],
    [
      'a node type beyond 64 characters',
      (f: Y.XmlFragment) => f.insert(1, [new Y.XmlElement('x'.repeat(65))]),
    ],
    [
      'a script element',
      (f: Y.XmlFragment) => {
        const script = new Y.XmlElement('script');
        script.insert(0, [new Y.XmlText('alert(1)')]);
        f.insert(0, [script]);
      },
    ],
    [
      'an iframe',
      (f: Y.XmlFragment) => {
        const iframe = new Y.XmlElement('iframe');
        iframe.setAttribute('src', 'https://example.com');
        f.insert(1, [iframe]);
      },
    ],
    [
      'a javascript: link',
      (f: Y.XmlFragment) =>
        ((f.get(0) as Y.XmlElement).get(0) as Y.XmlText).format(0, 5, {
          link: { href: 'javascript:alert(1)' },
        }),
    ],
    ["a shared type outside the editor's fragment", (f: Y.XmlFragment) => f.doc!.getMap('other').set('a', 1)],
    [
      'text that cannot be stored',
      (f: Y.XmlFragment) => {
        const paragraph = new Y.XmlElement('paragraph');
        paragraph.insert(0, [new Y.XmlText('a\u0000b')]);
        f.insert(1, [paragraph]);
      },
    ],
  ])('refuses %s as invalid-update and keeps the document as it was', async (_what, change) => {
    const { app, owner, member, project, open } = await setUp();
    const watcher = open(owner.accessToken);
    const writer = open(member.accessToken);
    await Promise.all([synced(watcher), synced(writer)]);
    // An expected refusal goes to the server's log, not to the console as an error.
    const consoleErrors = vi.spyOn(console, 'error');
    change(writer.doc.getXmlFragment('default'));
    await until(
      () => writer.refusals.includes('invalid-update') && writer.socketCloses.length > 0,
      'the refusal',
    );
    expect(writer.socketCloses[0]).toEqual({ code: 4400, reason: 'invalid-update' });
    expect(consoleErrors).not.toHaveBeenCalled();
    consoleErrors.mockRestore();
    expect((await read(app, project.id, owner.auth)).content).toEqual(doc('Texto válido'));
    expect(watcher.doc.getXmlFragment('default').toString()).toBe('<paragraph>Texto válido</paragraph>');
    expect(watcher.refusals).toEqual([]);
  });

  it('refuses growing past 1 MB as too-large, and still takes edits that fit', async () => {
    const { app, owner, project, open } = await setUp();
    const writer = open(owner.accessToken);
    await synced(writer);
    const text = (writer.doc.getXmlFragment('default').get(0) as Y.XmlElement).get(0) as Y.XmlText;
    text.insert(0, 'Más ');
    await settled(writer);
    text.insert(0, 'x'.repeat(1024 * 1024));
    await until(() => writer.refusals.includes('too-large') && writer.socketCloses.length > 0, 'the refusal');
    expect(writer.socketCloses[0]).toEqual({ code: 4413, reason: 'too-large' });
    expect((await read(app, project.id, owner.auth)).content).toEqual(doc('Más Texto válido'));
  });

  it('throttles one connection flooding updates without slowing another editor', async () => {
    const { owner, member, open } = await setUp();
    const flooder = open(member.accessToken);
    const typist = open(owner.accessToken);
    const watcher = open(owner.accessToken);
    await Promise.all([synced(flooder), synced(typist), synced(watcher)]);
    const flood = (flooder.doc.getXmlFragment('default').get(0) as Y.XmlElement).get(0) as Y.XmlText;
    for (let i = 0; i < 1500; i++) flood.insert(0, 'f');
    // Past the burst a socket may send at once, the flood goes on at its allowed pace.
    await sleep(1500);
    const typed = (typist.doc.getXmlFragment('default').get(0) as Y.XmlElement).get(0) as Y.XmlText;
    const start = Date.now();
    typed.insert(typed.length, '!');
    await until(
      () => watcher.doc.getXmlFragment('default').toString().includes('!'),
      "the typist's edit",
      2000,
    );
    const typistLatency = Date.now() - start;
    expect(typistLatency).toBeLessThan(500);
    expect(watcher.doc.getXmlFragment('default').toString().split('f').length - 1).toBeLessThan(700);
    // The flood still arrives, paced: nothing of it is lost.
    await until(
      () => watcher.doc.getXmlFragment('default').toString().split('f').length - 1 === 1500,
      'the whole flood',
      45_000,
    );
  }, 90_000);
});
