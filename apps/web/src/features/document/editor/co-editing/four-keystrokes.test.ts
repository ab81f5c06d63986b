import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import type { Editor } from '@tiptap/core';
import { emptyTextblockPosition, liveEditor, placeCaret, textOf, typeKey } from './editors';
import { FROM_NETWORK } from './network';
import { CASES, serverDocument } from './rounds';

const opened: Editor[] = [];
afterEach(() => opened.splice(0).forEach((editor) => editor.destroy()));

/**
 * Two editors on copies of one document, each holding what it sends until it is delivered, so that
 * a test says which update arrives when.
 */
function twoEditors(clientIds: [number, number]) {
  const start = Y.encodeStateAsUpdate(serverDocument(CASES.emptyParagraph.content));
  const outboxes: Uint8Array[][] = [[], []];
  const docs = clientIds.map((clientId, index) => {
    const doc = new Y.Doc();
    // Which of two texts typed at once comes first depends on the client ids: both orders are tried.
    doc.clientID = clientId;
    Y.applyUpdate(doc, start, FROM_NETWORK);
    doc.on('update', (update: Uint8Array, origin: unknown) => {
      if (origin !== FROM_NETWORK) outboxes[index]!.push(update);
    });
    return doc;
  });
  const editors = docs.map((doc) => liveEditor(doc));
  opened.push(...editors);
  for (const editor of editors) placeCaret(editor, emptyTextblockPosition(editor));
  /** Delivers the first `count` updates `from` has not delivered yet (all by default). */
  const deliver = (from: 0 | 1, count = Infinity) => {
    for (const update of outboxes[from]!.splice(0, count))
      Y.applyUpdate(docs[1 - from]!, update, FROM_NETWORK);
  };
  const deliverAll = () => {
    while (outboxes[0]!.length + outboxes[1]!.length > 0) {
      deliver(0);
      deliver(1);
    }
  };
  return { editors: editors as [Editor, Editor], deliver, deliverAll };
}

describe('two people typing "Te" into one empty paragraph', () => {
  it.each([[[1, 2]], [[2, 1]]] as [[number, number]][])(
    'keep each "Te" once and whole when the first updates cross (client ids %j)',
    (clientIds) => {
      const { editors, deliver, deliverAll } = twoEditors(clientIds);
      const [first, second] = editors;
      typeKey(first, 'T');
      typeKey(second, 'T');
      deliver(0);
      // Only the second's first update reaches the first before both type again.
      deliver(1, 1);
      typeKey(first, 'e');
      typeKey(second, 'e');
      deliverAll();
      expect(textOf(first)).toBe('Primer párrafo.\nTeTe\nÚltimo párrafo.');
      expect(textOf(second)).toBe(textOf(first));
    },
  );
});
