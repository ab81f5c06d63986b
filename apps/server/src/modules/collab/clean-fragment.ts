import * as Y from 'yjs';
import { DOCUMENT_NODES, isAllowedAttribute, isAllowedMark, isStorableText } from '@redacta/shared';
import { FRAGMENT_NAME, markOf } from './prosemirror-yjs.ts';

/** Removes from a text what the schema does not have: unknown marks, unsafe links, embeds, bad text. */
function cleanText(text: Y.XmlText): boolean {
  let changed = false;
  let index = 0;
  const deltas = text.toDelta() as { insert: unknown; attributes?: Record<string, unknown> }[];
  for (const { insert, attributes } of deltas) {
    const length = typeof insert === 'string' ? insert.length : 1;
    if (typeof insert !== 'string' || !isStorableText(insert)) {
      text.delete(index, length);
      changed = true;
      continue;
    }
    const refused = Object.entries(attributes ?? {}).filter(
      ([name, value]) => !isAllowedMark(markOf(name, value)),
    );
    if (refused.length > 0) {
      text.format(index, length, Object.fromEntries(refused.map(([name]) => [name, null])));
      changed = true;
    }
    index += length;
  }
  return changed;
}

function cleanChildren(parent: Y.XmlFragment | Y.XmlElement): boolean {
  let changed = false;
  for (let index = parent.length - 1; index >= 0; index -= 1) {
    const child = parent.get(index);
    if (child instanceof Y.XmlText) {
      changed = cleanText(child) || changed;
      continue;
    }
    const name = child instanceof Y.XmlElement ? child.nodeName : null;
    if (name === null || name === 'doc' || name === 'text' || !Object.hasOwn(DOCUMENT_NODES, name)) {
      parent.delete(index, 1);
      changed = true;
      continue;
    }
    const element = child as Y.XmlElement;
    for (const [attribute, value] of Object.entries(element.getAttributes())) {
      if (!isAllowedAttribute(name, attribute, value)) {
        element.removeAttribute(attribute);
        changed = true;
      }
    }
    changed = cleanChildren(element) || changed;
  }
  return changed;
}

/**
 * Removes from a loaded document, in one change, every node, attribute and mark the editor's schema
 * does not have (a `<script>` element, an `onclick` attribute, a `javascript:` link…), keeping the
 * rest: documents stored before every change was checked against the schema are read clean. Returns
 * whether anything was removed.
 */
export function cleanFragment(doc: Y.Doc): boolean {
  let changed = false;
  doc.transact(() => {
    changed = cleanChildren(doc.getXmlFragment(FRAGMENT_NAME));
  });
  return changed;
}
