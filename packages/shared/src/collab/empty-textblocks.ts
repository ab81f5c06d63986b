import * as Y from 'yjs';

/**
 * The document's textblocks: the nodes whose content is inline (text and line breaks). The web app's
 * tests check that they are exactly the editor schema's textblocks.
 */
export const DOCUMENT_TEXTBLOCKS: ReadonlySet<string> = new Set(['paragraph', 'heading', 'codeBlock']);

const isEmptyTextblock = (type: Y.XmlElement) => DOCUMENT_TEXTBLOCKS.has(type.nodeName) && type.length === 0;

function emptyTextblocksIn(parent: Y.XmlFragment | Y.XmlElement, into: Y.XmlElement[]): Y.XmlElement[] {
  for (const child of parent.toArray()) {
    if (!(child instanceof Y.XmlElement)) continue;
    if (isEmptyTextblock(child)) into.push(child);
    else if (!DOCUMENT_TEXTBLOCKS.has(child.nodeName)) emptyTextblocksIn(child, into);
  }
  return into;
}

/**
 * Gives every empty textblock of a live document an empty Y.XmlText, in one change, and returns how
 * many it gave. The editors' binding gives each textblock its text when it creates it; one stored
 * without (by the binding before it was patched, or by the server) would get a text from each of two
 * people's first keystrokes, two texts side by side that the binding later merges into letters typed
 * twice. Run on load, it makes such a document safe to type in at once.
 */
export function giveEmptyTextblocksText(fragment: Y.XmlFragment): number {
  const empty = emptyTextblocksIn(fragment, []);
  if (empty.length === 0) return 0;
  fragment.doc!.transact(() => {
    for (const textblock of empty) textblock.insert(0, [new Y.XmlText()]);
  });
  return empty.length;
}
