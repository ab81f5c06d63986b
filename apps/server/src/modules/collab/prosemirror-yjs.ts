import * as Y from 'yjs';
import { DOCUMENT_MAX_DEPTH, type DocumentContent } from '@redacta/shared';
import { DOCUMENT_TEXTBLOCKS } from '@redacta/shared/collab/empty-textblocks';

/** The Yjs XML fragment TipTap's collaboration extension keeps a document in. */
export const FRAGMENT_NAME = 'default';

interface Mark {
  type: string;
  attrs?: unknown;
}
interface Node {
  type: string;
  attrs?: Record<string, unknown>;
  content?: Node[];
  text?: unknown;
  marks?: Mark[];
}

/** Deeper than the document rule allows: the derived JSON is refused anyway, so the walk stops there. */
export class TooDeepError extends Error {}

/**
 * y-prosemirror names a mark that may overlap itself `<mark>--<8-char hash>`; ProseMirror knows it by
 * the part before the suffix.
 */
const hashedMarkName = /^(.*)--[a-zA-Z0-9+/=]{8}$/;
const markName = (attribute: string) => hashedMarkName.exec(attribute)?.[1] ?? attribute;

const isEmptyObject = (value: unknown) =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 0;

/**
 * The ProseMirror mark a Yjs text's formatting attribute stands for. A mark without attributes is
 * stored with {} (y-prosemirror's way); ProseMirror's JSON leaves them out.
 */
export const markOf = (attribute: string, attrs: unknown): Mark =>
  isEmptyObject(attrs) ? { type: markName(attribute) } : { type: markName(attribute), attrs };

function textNodes(text: Y.XmlText): Node[] {
  return (text.toDelta() as { insert: unknown; attributes?: Record<string, unknown> }[]).map((delta) => {
    const node: Node = { type: 'text', text: delta.insert };
    if (delta.attributes) {
      node.marks = Object.entries(delta.attributes).map(([name, attrs]) => markOf(name, attrs));
    }
    return node;
  });
}

function elementNode(element: Y.XmlElement, depth: number): Node {
  if (depth > DOCUMENT_MAX_DEPTH + 1) throw new TooDeepError();
  const node: Node = { type: element.nodeName };
  const attrs = element.getAttributes();
  if (Object.keys(attrs).length > 0) node.attrs = attrs;
  // An empty textblock holds an empty text, which is no content.
  const content = childNodes(element.toArray(), depth + 1);
  if (content.length > 0) node.content = content;
  return node;
}

function childNodes(children: (Y.XmlElement | Y.XmlText | Y.XmlHook)[], depth: number): Node[] {
  return children.flatMap((child) => {
    if (child instanceof Y.XmlText) return textNodes(child);
    if (child instanceof Y.XmlElement) return [elementNode(child, depth)];
    // Hooks are no part of a ProseMirror document: a node without a valid type, refused by the rule.
    return [{ type: '' }];
  });
}

/**
 * The ProseMirror JSON of a Yjs fragment, read the way y-prosemirror (TipTap's collaboration) writes
 * it: elements are nodes named by their node name with their attributes, texts are text nodes whose
 * formatting attributes are marks. Not checked here: the document rule decides whether it is valid.
 */
export function fragmentToContent(fragment: Y.XmlFragment): { type: 'doc'; content: Node[] } {
  return { type: 'doc', content: childNodes(fragment.toArray(), 1) };
}

/** Nodes as Yjs types, not yet in a document (Yjs keeps their content until they are inserted). */
function toYjs(nodes: Node[]): (Y.XmlElement | Y.XmlText)[] {
  const out: (Y.XmlElement | Y.XmlText)[] = [];
  let run: { insert: string; attributes?: Record<string, unknown> }[] = [];
  const endRun = () => {
    if (run.length === 0) return;
    const text = new Y.XmlText();
    text.applyDelta(run);
    out.push(text);
    run = [];
  };
  for (const node of nodes) {
    if (node.type === 'text') {
      if (typeof node.text !== 'string' || node.text === '') continue;
      const attributes = node.marks?.length
        ? Object.fromEntries(node.marks.map((mark) => [mark.type, mark.attrs ?? {}]))
        : undefined;
      run.push(attributes ? { insert: node.text, attributes } : { insert: node.text });
      continue;
    }
    endRun();
    const element = new Y.XmlElement(node.type);
    for (const [name, value] of Object.entries(node.attrs ?? {})) {
      // y-prosemirror leaves attributes at null out; ProseMirror restores their defaults.
      if (value !== null && value !== undefined) element.setAttribute(name, value as string);
    }
    const children = node.content?.length ? toYjs(node.content) : [];
    // As the editors' binding writes one: an empty textblock holds an empty text, which people
    // typing into it at once then share.
    if (children.length === 0 && DOCUMENT_TEXTBLOCKS.has(node.type)) children.push(new Y.XmlText());
    if (children.length > 0) element.insert(0, children);
    out.push(element);
  }
  endRun();
  return out;
}

/** Replaces everything in the fragment with the content, inside the caller's transaction if any. */
export function writeContent(fragment: Y.XmlFragment, content: DocumentContent): void {
  fragment.doc!.transact(() => {
    if (fragment.length > 0) fragment.delete(0, fragment.length);
    fragment.insert(0, toYjs(content.content as Node[]));
  });
}

/** A document's Yjs state holding the content: how a document without live history is seeded. */
export function stateFromContent(content: DocumentContent): Uint8Array {
  const doc = new Y.Doc();
  writeContent(doc.getXmlFragment(FRAGMENT_NAME), content);
  const state = Y.encodeStateAsUpdate(doc);
  doc.destroy();
  return state;
}

/**
 * The plain text of a document: each textblock on a line of its own (an empty one as an empty line),
 * a hard break as a line break. What search and summaries read.
 */
export function contentToText(content: { content?: unknown }): string {
  const lines: string[] = [];
  const visit = (node: Node) => {
    const children = node.content ?? [];
    const inline = children.some((child) => child.type === 'text' || child.type === 'hardBreak');
    if (inline || (children.length === 0 && node.type !== 'doc')) {
      lines.push(
        children
          .map((child) =>
            child.type === 'text' && typeof child.text === 'string'
              ? child.text
              : child.type === 'hardBreak'
                ? '\n'
                : '',
          )
          .join(''),
      );
      return;
    }
    children.forEach(visit);
  };
  visit(content as Node);
  return lines.join('\n');
}
