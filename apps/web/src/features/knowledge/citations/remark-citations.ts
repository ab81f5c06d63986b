/** The part of a markdown syntax tree (mdast) this plugin reads and writes. */
interface MdNode {
  type: string;
  value?: string;
  children?: MdNode[];
  data?: { hName?: string; hProperties?: Record<string, string> };
}

/** The element a citation becomes; the renderer draws it as a CitationLink (raw HTML never reaches it). */
export const CITATION_ELEMENT = 'button';
/** The element's property naming the source's number, as the renderer's components receive it. */
export const CITATION_PROPERTY = 'dataCitation';

const MARKER = /\[(\d{1,3})\]/g;

function citationNode(n: number): MdNode {
  return {
    type: 'citation',
    data: { hName: CITATION_ELEMENT, hProperties: { [CITATION_PROPERTY]: String(n) } },
    children: [{ type: 'text', value: `[${n}]` }],
  };
}

/** A text's "[n]" markers of known sources as citations, the rest of it as text. */
function splitText(value: string, numbers: ReadonlySet<number>): MdNode[] {
  const parts: MdNode[] = [];
  let from = 0;
  for (const match of value.matchAll(MARKER)) {
    const n = Number(match[1]);
    if (!numbers.has(n)) continue;
    if (match.index > from) parts.push({ type: 'text', value: value.slice(from, match.index) });
    parts.push(citationNode(n));
    from = match.index + match[0].length;
  }
  if (from === 0) return [{ type: 'text', value }];
  if (from < value.length) parts.push({ type: 'text', value: value.slice(from) });
  return parts;
}

/** Links keep their text: a citation inside a link would be a control inside a control. */
function transform(node: MdNode, numbers: ReadonlySet<number>): void {
  if (!node.children || node.type === 'link' || node.type === 'linkReference') return;
  node.children = node.children.flatMap((child) => {
    if (child.type === 'text' && child.value !== undefined) return splitText(child.value, numbers);
    transform(child, numbers);
    return [child];
  });
}

/**
 * A remark plugin turning a reply's "[n]" into citations of the reply's sources (only numbers the
 * reply has a source for; code and links are left as written).
 */
export function remarkCitations(numbers: ReadonlySet<number>) {
  return () => (tree: MdNode) => {
    if (numbers.size > 0) transform(tree, numbers);
  };
}
