import { isStorableText, UNSTORABLE_TEXT_MESSAGE } from '../rules/storable-text.ts';

/** How deep ProseMirror nodes may nest (lists in lists in quotes…); far beyond any real document. */
export const DOCUMENT_MAX_DEPTH = 64;

type AttributeRule = (value: unknown) => boolean;

const optionalText =
  (max: number): AttributeRule =>
  (value) =>
    value === null || (typeof value === 'string' && value.length <= max && isStorableText(value));
const integerIn =
  (min: number, max: number): AttributeRule =>
  (value) =>
    Number.isInteger(value) && (value as number) >= min && (value as number) <= max;

/**
 * Link protocols the editor may produce (TipTap's link extension allows these and addresses without a
 * protocol, relative ones): never `javascript:`, `data:` or `vbscript:`, whose links run code.
 */
const LINK_PROTOCOLS = new Set([
  'http',
  'https',
  'ftp',
  'ftps',
  'mailto',
  'tel',
  'callto',
  'sms',
  'cid',
  'xmpp',
]);
/** Browsers drop ASCII whitespace and control characters inside an address: `java\tscript:` runs too. */
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const IGNORED_IN_ADDRESSES = /[\u0000-\u0020\u007f-\u00a0\u1680\u180e\u2000-\u2029\u205f\u3000]/g;
const LINK_MAX_LENGTH = 8192;

/** Whether a link's address is one the editor can produce: an allowed protocol, or none. */
export function isAllowedHref(href: unknown): boolean {
  if (typeof href !== 'string' || href.length > LINK_MAX_LENGTH || !isStorableText(href)) return false;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(href.replace(IGNORED_IN_ADDRESSES, ''));
  return scheme === null || LINK_PROTOCOLS.has(scheme[1]!.toLowerCase());
}

/**
 * The document's schema as the web editor builds it (TipTap's StarterKit with headings 1–3 and links):
 * every node and mark type with the attributes each may carry and the rule of each value. Anything
 * else is content no editor wrote. The web app's tests check that its editor's schema is exactly this.
 */
export const DOCUMENT_NODES: Record<string, Record<string, AttributeRule>> = {
  doc: {},
  paragraph: {},
  text: {},
  heading: { level: integerIn(1, 3) },
  blockquote: {},
  bulletList: {},
  orderedList: { start: integerIn(-1_000_000, 1_000_000), type: optionalText(16) },
  listItem: {},
  codeBlock: { language: optionalText(64) },
  hardBreak: {},
  horizontalRule: {},
};

export const DOCUMENT_MARKS: Record<string, Record<string, AttributeRule>> = {
  bold: {},
  italic: {},
  strike: {},
  underline: {},
  code: {},
  link: {
    href: isAllowedHref,
    target: optionalText(32),
    rel: optionalText(256),
    class: optionalText(256),
    title: optionalText(1024),
  },
};

export type DocumentProblem = { path: (string | number)[]; message: string };

type JsonObject = Record<string, unknown>;
const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const own = <T>(table: Record<string, T>, key: unknown): T | undefined =>
  typeof key === 'string' && Object.hasOwn(table, key) ? table[key] : undefined;

const nodeKeys = new Set(['type', 'content', 'text', 'attrs', 'marks']);
const markKeys = new Set(['type', 'attrs']);

const unknownKey = (object: JsonObject, known: Set<string>) =>
  Object.keys(object).find((key) => !known.has(key));

/** `attrs`: absent, null, or an object of the type's attributes, each null or passing its rule. */
function attrsProblem(
  attrs: unknown,
  rules: Record<string, AttributeRule>,
  path: DocumentProblem['path'],
): DocumentProblem | null {
  if (attrs === undefined || attrs === null) return null;
  if (!isObject(attrs)) return { path, message: 'attrs must be an object' };
  for (const [name, value] of Object.entries(attrs)) {
    const rule = own(rules, name);
    if (!rule) return { path: [...path, name], message: `Unknown attribute: ${name}` };
    if (value !== null && !rule(value)) return { path: [...path, name], message: `Invalid value of ${name}` };
  }
  return null;
}

function marksProblem(marks: unknown, path: DocumentProblem['path']): DocumentProblem | null {
  if (marks === undefined) return null;
  if (!Array.isArray(marks)) return { path, message: 'marks must be a list' };
  for (const [index, mark] of marks.entries()) {
    const at = [...path, index];
    if (!isObject(mark)) return { path: at, message: 'Each mark needs a type' };
    const key = unknownKey(mark, markKeys);
    if (key !== undefined) return { path: [...at, key], message: `Unknown key: ${key}` };
    const rules = own(DOCUMENT_MARKS, mark.type);
    if (!rules) return { path: [...at, 'type'], message: 'Unknown mark type' };
    const problem = attrsProblem(mark.attrs, rules, [...at, 'attrs']);
    if (problem) return problem;
    if (mark.type === 'link' && !isAllowedHref((mark.attrs as JsonObject | undefined)?.href))
      return { path: [...at, 'attrs', 'href'], message: 'A link needs a web or mail address' };
  }
  return null;
}

/** What is wrong with one node itself (not its children), or null. */
function nodeProblem(node: unknown, path: DocumentProblem['path'], depth: number): DocumentProblem | null {
  if (depth > DOCUMENT_MAX_DEPTH) return { path, message: 'The document is nested too deeply' };
  if (!isObject(node)) return { path, message: 'Each node needs a type' };
  const key = unknownKey(node, nodeKeys);
  if (key !== undefined) return { path: [...path, key], message: `Unknown key: ${key}` };
  const rules = own(DOCUMENT_NODES, node.type);
  if (!rules || (node.type === 'doc') !== (depth === 0))
    return { path: [...path, 'type'], message: 'Unknown node type' };
  const problem = attrsProblem(node.attrs, rules, [...path, 'attrs']);
  if (problem) return problem;
  if (node.type === 'text') {
    if (typeof node.text !== 'string' || node.text === '')
      return { path: [...path, 'text'], message: 'A text node needs its text' };
    if (!isStorableText(node.text)) return { path: [...path, 'text'], message: UNSTORABLE_TEXT_MESSAGE };
    if (node.content !== undefined)
      return { path: [...path, 'content'], message: 'A text node has no content' };
    return marksProblem(node.marks, [...path, 'marks']);
  }
  if (node.text !== undefined) return { path: [...path, 'text'], message: 'Only text nodes have text' };
  if (node.content !== undefined && !Array.isArray(node.content))
    return { path: [...path, 'content'], message: 'content must be a list' };
  // An inline node (a line break in bold text) carries marks as text does.
  return marksProblem(node.marks, [...path, 'marks']);
}

/**
 * What makes a document something the editor cannot produce: a node or mark type outside its schema,
 * an attribute it does not know or a value it would not write (a `javascript:` link…), another key,
 * text that cannot be stored, or nesting beyond DOCUMENT_MAX_DEPTH. Null when there is nothing.
 * Walked iteratively, so no document can overflow the stack.
 */
export function documentProblem(root: unknown): DocumentProblem | null {
  const stack: { node: unknown; path: (string | number)[]; depth: number }[] = [
    { node: root, path: [], depth: 0 },
  ];
  while (stack.length > 0) {
    const { node, path, depth } = stack.pop()!;
    const problem = nodeProblem(node, path, depth);
    if (problem) return problem;
    const { content } = node as JsonObject;
    if (Array.isArray(content)) {
      content.forEach((child, index) =>
        stack.push({ node: child, path: [...path, 'content', index], depth: depth + 1 }),
      );
    }
  }
  return null;
}

/** Whether a node of type `type` may carry attribute `name` with `value` (null: unset, always allowed). */
export function isAllowedAttribute(type: string, name: string, value: unknown): boolean {
  const rule = own(DOCUMENT_NODES, type) && own(DOCUMENT_NODES[type]!, name);
  return rule !== undefined && (value === null || rule(value));
}

/** Whether a mark (`{type, attrs?}`) is one of the schema's, with attributes and values it would write. */
export const isAllowedMark = (mark: unknown): boolean => marksProblem([mark], []) === null;

/** A mark kept as it is, or without what the schema does not know; null to drop it (a bad link). */
function cleanMark(mark: unknown): JsonObject | null {
  if (!isObject(mark)) return null;
  const rules = own(DOCUMENT_MARKS, mark.type);
  if (!rules) return null;
  const attrs = cleanAttrs(mark.attrs, rules);
  if (mark.type === 'link' && !isAllowedHref(attrs?.href)) return null;
  return attrs ? { type: mark.type, attrs } : { type: mark.type };
}

function cleanAttrs(attrs: unknown, rules: Record<string, AttributeRule>): JsonObject | undefined {
  if (!isObject(attrs)) return undefined;
  const kept = Object.entries(attrs).filter(([name, value]) => {
    const rule = own(rules, name);
    return rule !== undefined && (value === null || rule(value));
  });
  return kept.length > 0 ? Object.fromEntries(kept) : undefined;
}

/** A node and its descendants with what the schema does not know left out; null to drop it whole. */
function cleanNode(node: unknown, depth: number): JsonObject | null {
  if (depth > DOCUMENT_MAX_DEPTH || !isObject(node)) return null;
  const rules = own(DOCUMENT_NODES, node.type);
  if (!rules || node.type === 'doc') return null;
  const clean: JsonObject = { type: node.type };
  const attrs = cleanAttrs(node.attrs, rules);
  if (attrs) clean.attrs = attrs;
  const marks = Array.isArray(node.marks) ? node.marks.map(cleanMark).filter((mark) => mark !== null) : [];
  if (node.type === 'text') {
    if (typeof node.text !== 'string' || !isStorableText(node.text) || node.text === '') return null;
    clean.text = node.text;
  } else if (Array.isArray(node.content)) {
    const children = node.content
      .map((child) => cleanNode(child, depth + 1))
      .filter((child) => child !== null);
    if (children.length > 0) clean.content = children;
  }
  if (marks.length > 0) clean.marks = marks;
  return clean;
}

/** A document that passes the rule. */
export type CleanDocument = { type: 'doc'; content: ({ type: string } & JsonObject)[] };

/**
 * The document with everything the editor cannot produce left out (unknown nodes with what they hold,
 * unknown marks and attributes, unsafe links' marks, text that cannot be stored): how a document
 * stored before the rule was this strict is read. Whatever passes the rule comes back as it is.
 */
export function cleanDocumentContent(content: unknown): CleanDocument {
  if (documentProblem(content) === null) return content as CleanDocument;
  const children = isObject(content) && Array.isArray(content.content) ? content.content : [];
  const kept = children.map((child) => cleanNode(child, 1)).filter((child) => child !== null);
  return {
    type: 'doc',
    content: (kept.length > 0 ? kept : [{ type: 'paragraph' }]) as CleanDocument['content'],
  };
}
