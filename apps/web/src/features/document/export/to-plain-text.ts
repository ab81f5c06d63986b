import type { DocumentContent } from '@redacta/shared';
import { childrenOf, linkHref, type DocNode } from './document-nodes';

/** Inline text of a block; a link whose text is not its address keeps the address in brackets. */
function inlineText(node: DocNode): string {
  let out = '';
  let linkText = '';
  const nodes = childrenOf(node);
  nodes.forEach((child, index) => {
    if (child.type === 'hardBreak') {
      out += '\n';
      return;
    }
    if (child.type !== 'text') {
      out += inlineText(child);
      return;
    }
    const text = child.text ?? '';
    out += text;
    const href = linkHref(child);
    if (!href) return;
    linkText += text;
    const next = nodes[index + 1];
    if (next && linkHref(next) === href) return;
    if (linkText !== href && `mailto:${linkText}` !== href) out += ` (${href})`;
    linkText = '';
  });
  return out;
}

const indentLines = (text: string, first: string, rest: string) =>
  text
    .split('\n')
    .map((line, index) => (index === 0 ? first : rest) + line)
    .join('\n');

function blockText(node: DocNode): string {
  switch (node.type) {
    case 'bulletList':
    case 'orderedList': {
      const start = typeof node.attrs?.start === 'number' ? node.attrs.start : 1;
      return childrenOf(node)
        .map((item, index) => {
          const marker = node.type === 'bulletList' ? '- ' : `${start + index}. `;
          const body = childrenOf(item).map(blockText).join('\n');
          return indentLines(body, marker, ' '.repeat(marker.length));
        })
        .join('\n');
    }
    case 'blockquote':
      return indentLines(childrenOf(node).map(blockText).join('\n\n'), '> ', '> ');
    case 'horizontalRule':
      return '---';
    default:
      return inlineText(node);
  }
}

/** The document as plain text: blocks separated by a blank line, lists with their markers. */
export function documentToPlainText(content: DocumentContent): string {
  const blocks = childrenOf(content)
    .map(blockText)
    .filter((text) => text.trim() !== '');
  return blocks.length === 0 ? '' : `${blocks.join('\n\n')}\n`;
}
