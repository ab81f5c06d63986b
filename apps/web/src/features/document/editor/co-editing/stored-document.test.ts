import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { giveEmptyTextblocksText } from '@redacta/shared/collab/empty-textblocks';
import { FRAGMENT } from '../../live/live-document';
import { emptyTextblockPosition } from './editors';
import { firstFailure, runRound, type CoEditingCase } from './rounds';
import { ROUNDS } from './typing-at-once';

const element = (name: string, text?: string) => {
  const type = new Y.XmlElement(name);
  if (name === 'heading') type.setAttribute('level', 2 as unknown as string);
  if (text) type.insert(0, [new Y.XmlText(text)]);
  return type;
};

/** As stored before every textblock held a text: an empty heading and paragraph that hold nothing. */
function storedBefore(): Y.Doc {
  const doc = new Y.Doc();
  doc.clientID = 0;
  doc
    .getXmlFragment(FRAGMENT)
    .insert(0, [
      element('paragraph', 'Primer párrafo.'),
      element('heading'),
      element('paragraph'),
      element('paragraph', 'Último párrafo.'),
    ]);
  return doc;
}

const storedCase: CoEditingCase = {
  name: 'the empty paragraph of a document stored before',
  content: { type: 'doc' },
  stored: () => {
    const doc = storedBefore();
    // What the server does as it loads the document.
    giveEmptyTextblocksText(doc.getXmlFragment(FRAGMENT));
    return doc;
  },
  caret: (editor) => emptyTextblockPosition(editor, 1),
  rest: () => 'Primer párrafo.\n\n\nÚltimo párrafo.',
};

describe('a document stored with empty textblocks that hold no text', () => {
  it(`opened as the server gives it, 2 people typing at once into its empty paragraph each keep their text, once and whole (${ROUNDS} seeded rounds)`, () => {
    expect(firstFailure(storedCase, 2, ROUNDS)).toBeNull();
  }, 600_000);

  it('without those texts garbles their words: why the server gives them on load', () => {
    const asStored = { ...storedCase, stored: storedBefore };
    const garbled = Array.from({ length: 20 }, (_, seed) => runRound(asStored, 2, seed + 1));
    expect(garbled.filter(Boolean).length).toBeGreaterThan(0);
  });
});
