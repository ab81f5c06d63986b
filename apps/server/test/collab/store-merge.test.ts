import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import * as Y from 'yjs';
import type { DocumentContent } from '@redacta/shared';
import { documents } from '../../src/db/schema.ts';
import { storeState } from '../../src/modules/collab/persistence.ts';
import { stateFromContent } from '../../src/modules/collab/prosemirror-yjs.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser } from '../helpers/factories.ts';
import { doc, insertProject } from '../helpers/project-factories.ts';

/*
 * A store works out its merge before its transaction: one that finds the stored state changed in the
 * meantime (another store, another instance) merges again with what is stored now, and loses nothing.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.app.close());

/** The stored state with one more paragraph, as one instance's copy of the document. */
function withParagraph(stored: Uint8Array, text: string): Uint8Array {
  const copy = new Y.Doc();
  Y.applyUpdate(copy, stored);
  const paragraph = new Y.XmlElement('paragraph');
  paragraph.insert(0, [new Y.XmlText(text)]);
  const fragment = copy.getXmlFragment('default');
  fragment.insert(fragment.length, [paragraph]);
  return Y.encodeStateAsUpdate(copy);
}

it('two stores at once, each from a copy without the other: both kept, state, JSON and text', async () => {
  const owner = await createUser(t.app);
  const project = await insertProject(t.app, owner);
  const seed = stateFromContent(doc('Inicio') as DocumentContent);
  await storeState(t.app.db, project.id, seed, new Date());

  const at = new Date();
  const stored = await Promise.all([
    storeState(t.app.db, project.id, withParagraph(seed, 'De Ana'), at),
    storeState(t.app.db, project.id, withParagraph(seed, 'De Bea'), at),
  ]);
  expect(stored.every((one) => one?.updatedAt.getTime() === at.getTime())).toBe(true);

  const [row] = await t.app.db.select().from(documents).where(eq(documents.projectId, project.id));
  const texts = row!.text.split('\n');
  expect(texts[0]).toBe('Inicio');
  expect(texts.slice(1).sort()).toEqual(['De Ana', 'De Bea']);
  const paragraphs = (row!.content as { content: { content: { text: string }[] }[] }).content;
  expect(paragraphs.map((paragraph) => paragraph.content[0]!.text).sort()).toEqual([
    'De Ana',
    'De Bea',
    'Inicio',
  ]);
  const whole = new Y.Doc();
  Y.applyUpdate(whole, row!.yjsState!);
  expect(whole.getXmlFragment('default').length).toBe(3);
});
