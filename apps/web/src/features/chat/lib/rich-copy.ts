/**
 * A reply as the clipboard should hold it: the HTML of its rendered Markdown (headings, lists, bold
 * and links survive pasting into Google Docs or Word), without the app's classes and attributes, and
 * plain text that reads well where formatting is lost (headings and paragraphs on their own lines,
 * list items marked, no Markdown syntax).
 */
export interface RichCopy {
  html: string;
  plain: string;
}

const KEPT_ATTRIBUTES = new Set(['href', 'colspan', 'rowspan', 'start']);
const BLOCKS = new Set([
  'P',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'UL',
  'OL',
  'PRE',
  'BLOCKQUOTE',
  'TABLE',
  'HR',
]);

function clean(element: Element): void {
  for (const attribute of [...element.attributes]) {
    if (!KEPT_ATTRIBUTES.has(attribute.name)) element.removeAttribute(attribute.name);
  }
  for (const child of element.children) clean(child);
}

function listMarker(item: Element): string {
  const list = item.parentElement;
  if (list?.tagName !== 'OL') return '• ';
  const start = Number(list.getAttribute('start') ?? 1);
  return `${start + [...list.children].indexOf(item)}. `;
}

function inlineText(node: Node): string {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
  if (!(node instanceof Element)) return '';
  if (node.tagName === 'BR') return '\n';
  return [...node.childNodes].map(inlineText).join('');
}

/** The blocks of `element` as lines of text, nested lists indented. */
function blocksOf(element: Element, depth = 0): string[] {
  const blocks: string[] = [];
  for (const child of element.children) {
    const tag = child.tagName;
    if (tag === 'UL' || tag === 'OL') {
      blocks.push(
        [...child.children]
          .map((item) => {
            const nested = [...item.children].filter(
              (node) => node.tagName === 'UL' || node.tagName === 'OL',
            );
            const own = [...item.childNodes]
              .filter((node) => !(node instanceof Element && nested.includes(node)))
              .map(inlineText)
              .join('')
              .trim();
            const line = `${'  '.repeat(depth)}${listMarker(item)}${own}`;
            return [line, ...nested.flatMap((list) => blocksOf(wrap(list), depth + 1))].join('\n');
          })
          .join('\n'),
      );
    } else if (tag === 'HR') {
      blocks.push('———');
    } else if (tag === 'TABLE') {
      blocks.push(
        [...child.querySelectorAll('tr')]
          .map((row) => [...row.children].map((cell) => inlineText(cell).trim()).join('\t'))
          .join('\n'),
      );
    } else if (BLOCKS.has(tag)) {
      blocks.push(inlineText(child).trim());
    } else if (child.children.length > 0 && [...child.children].some((node) => BLOCKS.has(node.tagName))) {
      blocks.push(...blocksOf(child, depth));
    } else {
      blocks.push(inlineText(child).trim());
    }
  }
  return blocks.filter((block) => block !== '');
}

function wrap(list: Element): Element {
  const holder = list.ownerDocument.createElement('div');
  holder.append(list.cloneNode(true));
  return holder;
}

/** The clipboard's two forms of a reply rendered in `rendered` (its Markdown, drawn as HTML). */
export function richCopyOf(rendered: Element): RichCopy {
  const copy = rendered.cloneNode(true) as Element;
  clean(copy);
  return { html: copy.innerHTML, plain: blocksOf(copy).join('\n\n') };
}

/**
 * Puts both forms on the clipboard; where the browser cannot write HTML (no ClipboardItem), the
 * plain text alone.
 */
export async function writeRichCopy(copy: RichCopy): Promise<void> {
  if (typeof ClipboardItem === 'undefined' || !navigator.clipboard.write) {
    await navigator.clipboard.writeText(copy.plain);
    return;
  }
  await navigator.clipboard.write([
    new ClipboardItem({
      'text/html': new Blob([copy.html], { type: 'text/html' }),
      'text/plain': new Blob([copy.plain], { type: 'text/plain' }),
    }),
  ]);
}
