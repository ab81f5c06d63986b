import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { documents } from '../../src/db/schema.ts';
import { stateFromContent } from '../../src/modules/collab/prosemirror-yjs.ts';
import type { TestApp } from '../helpers/app.ts';
import { liveSession, settled, sharedProject, synced, until } from './live-client.ts';

const session = liveSession();

const element = (name: string, children: (Y.XmlElement | Y.XmlText)[] = [], level?: number) => {
  const type = new Y.XmlElement(name);
  if (level) type.setAttribute('level', level as unknown as string);
  type.insert(0, children);
  return type;
};

/** A document as stored before every empty textblock held a text: an empty heading and paragraph. */
function storedBefore(): Uint8Array {
  const doc = new Y.Doc();
  doc
    .getXmlFragment('default')
    .insert(0, [
      element('paragraph', [new Y.XmlText('Primer párrafo.')]),
      element('heading', [], 2),
      element('paragraph'),
      element('paragraph', [new Y.XmlText('Último párrafo.')]),
    ]);
  return Y.encodeStateAsUpdate(doc);
}

/** Each top-level node's name and what it holds: texts by their content. */
const shape = (doc: Y.Doc) =>
  (doc.getXmlFragment('default').toArray() as Y.XmlElement[]).map((node) => [
    node.nodeName,
    ...node.toArray().map((child) => (child instanceof Y.XmlText ? `text "${child.toString()}"` : 'other')),
  ]);

const givenTexts = [
  ['paragraph', 'text "Primer párrafo."'],
  ['heading', 'text ""'],
  ['paragraph', 'text ""'],
  ['paragraph', 'text "Último párrafo."'],
];

async function storedRow(app: TestApp['app'], projectId: string) {
  const [row] = await app.db.select().from(documents).where(eq(documents.projectId, projectId));
  const doc = new Y.Doc();
  Y.applyUpdate(doc, row!.yjsState!);
  return { row: row!, doc };
}

describe('documents stored with empty textblocks that hold no text', () => {
  it('get a text in each when they are opened, stored at once, and both people’s words stay whole', async () => {
    const { app } = await session.start();
    const { owner, member, project } = await sharedProject(app);
    await app.db
      .update(documents)
      .set({ yjsState: storedBefore() })
      .where(eq(documents.projectId, project.id));

    const ana = session.open(app, project.id, owner.accessToken);
    await synced(ana);
    expect(shape(ana.doc)).toEqual(givenTexts);
    // Stored right after the load, before anyone typed.
    await until(async () => {
      const { doc } = await storedRow(app, project.id);
      return JSON.stringify(shape(doc)) === JSON.stringify(givenTexts);
    }, 'the given texts to be stored');

    // Both type into the empty paragraph at once: into the one text it holds, so neither word is
    // split or doubled.
    const ben = session.open(app, project.id, member.accessToken);
    await synced(ben);
    const textOf = (doc: Y.Doc) => (doc.getXmlFragment('default').get(2) as Y.XmlElement).get(0) as Y.XmlText;
    textOf(ana.doc).insert(0, 'Texto de Ana. ');
    textOf(ben.doc).insert(0, 'Texto de Ben. ');
    await Promise.all([settled(ana), settled(ben)]);
    await until(
      () => textOf(ana.doc).length === 28 && textOf(ben.doc).length === 28,
      'each to have the other’s words',
    );
    const paragraph = ana.doc.getXmlFragment('default').get(2) as Y.XmlElement;
    expect(paragraph.length).toBe(1);
    expect(['Texto de Ana. Texto de Ben. ', 'Texto de Ben. Texto de Ana. ']).toContain(
      textOf(ana.doc).toString(),
    );
    expect(textOf(ben.doc).toString()).toBe(textOf(ana.doc).toString());
  });

  it('are given their texts once: opened again, the stored document is not changed', async () => {
    const testApp = await session.start();
    const { app } = testApp;
    const { owner, project } = await sharedProject(app);
    await app.db
      .update(documents)
      .set({ yjsState: storedBefore() })
      .where(eq(documents.projectId, project.id));
    const first = session.open(app, project.id, owner.accessToken);
    await synced(first);
    await until(async () => {
      const { doc } = await storedRow(app, project.id);
      return JSON.stringify(shape(doc)) === JSON.stringify(givenTexts);
    }, 'the given texts to be stored');
    first.destroy();
    const stored = await storedRow(app, project.id);
    await session.stop(testApp);

    // The server restarted opens it from the database: nothing left to give, nothing to store.
    const again = (await session.another(testApp)).app;
    const second = session.open(again, project.id, owner.accessToken);
    await synced(second);
    expect(shape(second.doc)).toEqual(givenTexts);
    await new Promise((resolve) => setTimeout(resolve, 700));
    const after = await storedRow(again, project.id);
    expect(after.row.updatedAt).toEqual(stored.row.updatedAt);
    expect(Buffer.from(after.row.yjsState!)).toEqual(Buffer.from(stored.row.yjsState!));
  });

  it('are no longer written by the server: a document seeded from JSON holds a text in each', () => {
    const doc = new Y.Doc();
    Y.applyUpdate(
      doc,
      stateFromContent({
        type: 'doc',
        content: [
          { type: 'paragraph', content: [{ type: 'text', text: 'Primer párrafo.' }] },
          { type: 'heading', attrs: { level: 2 } },
          { type: 'paragraph' },
          { type: 'paragraph', content: [{ type: 'text', text: 'Último párrafo.' }] },
        ],
      }),
    );
    expect(shape(doc)).toEqual(givenTexts);
  });
});
