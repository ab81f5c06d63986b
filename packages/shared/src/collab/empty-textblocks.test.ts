import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { giveEmptyTextblocksText } from './empty-textblocks.ts';

const element = (name: string, children: (Y.XmlElement | Y.XmlText)[] = []) => {
  const type = new Y.XmlElement(name);
  type.insert(0, children);
  return type;
};

/** A document as stored before every textblock had its text: empty ones hold nothing. */
function storedBefore() {
  const doc = new Y.Doc();
  doc
    .getXmlFragment('default')
    .insert(0, [
      element('heading'),
      element('paragraph', [new Y.XmlText('Hola')]),
      element('paragraph'),
      element('bulletList', [element('listItem', [element('paragraph')])]),
      element('blockquote', [element('paragraph'), element('codeBlock')]),
      element('horizontalRule'),
    ]);
  return doc;
}

/** Elements by name with their children; a text as its content in quotes. */
const shape = (types: (Y.XmlElement | Y.XmlText | Y.XmlHook)[]): string =>
  types
    .map((type) =>
      type instanceof Y.XmlElement
        ? `${type.nodeName}(${shape(type.toArray())})`
        : JSON.stringify(type.toString()),
    )
    .join(' ');

describe('giveEmptyTextblocksText', () => {
  it('gives each empty textblock, however deep, one empty text, and nothing else', () => {
    const doc = storedBefore();
    expect(giveEmptyTextblocksText(doc.getXmlFragment('default'))).toBe(5);
    expect(shape(doc.getXmlFragment('default').toArray())).toBe(
      'heading("") paragraph("Hola") paragraph("") bulletList(listItem(paragraph(""))) ' +
        'blockquote(paragraph("") codeBlock("")) horizontalRule()',
    );
  });

  it('changes the document once, and a second time not at all', () => {
    const doc = storedBefore();
    const updates: Uint8Array[] = [];
    doc.on('update', (update: Uint8Array) => updates.push(update));
    giveEmptyTextblocksText(doc.getXmlFragment('default'));
    expect(updates).toHaveLength(1);
    expect(giveEmptyTextblocksText(doc.getXmlFragment('default'))).toBe(0);
    expect(updates).toHaveLength(1);
  });
});
