import { Document, HeadingLevel, Packer, Paragraph, TextRun } from 'docx';

/** The ProseMirror JSON a document is stored as (what the editor saves). */
interface DocNode {
  type: string;
  text?: string;
  attrs?: Record<string, unknown> | null;
  marks?: { type: string }[];
  content?: DocNode[];
}

const children = (node: DocNode): DocNode[] => (Array.isArray(node.content) ? node.content : []);
const hasMark = (node: DocNode, mark: string) => node.marks?.some((each) => each.type === mark) ?? false;
const headingLevel = (node: DocNode) => Math.min(Math.max(Number(node.attrs?.level ?? 1), 1), 3);

function inlineMarkdown(node: DocNode): string {
  if (node.type === 'hardBreak') return '  \n';
  if (node.type !== 'text') return children(node).map(inlineMarkdown).join('');
  let text = node.text ?? '';
  if (hasMark(node, 'code')) text = `\`${text}\``;
  if (hasMark(node, 'bold')) text = `**${text}**`;
  if (hasMark(node, 'italic')) text = `*${text}*`;
  if (hasMark(node, 'strike')) text = `~~${text}~~`;
  return text;
}

function blockMarkdown(node: DocNode, indent = ''): string[] {
  const inline = () => children(node).map(inlineMarkdown).join('');
  switch (node.type) {
    case 'heading':
      return [`${'#'.repeat(headingLevel(node))} ${inline()}`];
    case 'paragraph':
      return [`${indent}${inline()}`];
    case 'blockquote':
      return children(node).flatMap((child) => blockMarkdown(child).map((line) => `> ${line}`));
    case 'codeBlock':
      return [
        '```',
        children(node)
          .map((child) => child.text ?? '')
          .join(''),
        '```',
      ];
    case 'horizontalRule':
      return ['---'];
    case 'bulletList':
    case 'orderedList':
      return children(node).flatMap((item, position) => {
        const marker = node.type === 'orderedList' ? `${position + 1}. ` : '- ';
        const [first = '', ...rest] = children(item).flatMap((child) => blockMarkdown(child, `${indent}   `));
        return [`${indent}${marker}${first.trimStart()}`, ...rest];
      });
    default:
      return children(node).flatMap((child) => blockMarkdown(child, indent));
  }
}

/** A document as Markdown: headings, paragraphs, lists, quotes, code and the inline marks. */
export function documentMarkdown(content: unknown): string {
  const blocks = children(content as DocNode).map((block) => blockMarkdown(block).join('\n'));
  const text = blocks.join('\n\n').trim();
  return text === '' ? '' : `${text}\n`;
}

function runs(node: DocNode): TextRun[] {
  if (node.type === 'hardBreak') return [new TextRun({ text: '', break: 1 })];
  if (node.type !== 'text') return children(node).flatMap(runs);
  return [
    new TextRun({
      text: node.text ?? '',
      bold: hasMark(node, 'bold'),
      italics: hasMark(node, 'italic'),
      strike: hasMark(node, 'strike'),
      font: hasMark(node, 'code') ? 'Courier New' : undefined,
    }),
  ];
}

const headings = [HeadingLevel.HEADING_1, HeadingLevel.HEADING_2, HeadingLevel.HEADING_3] as const;

function paragraphs(node: DocNode, level = 0): Paragraph[] {
  switch (node.type) {
    case 'heading':
      return [
        new Paragraph({ heading: headings[headingLevel(node) - 1], children: children(node).flatMap(runs) }),
      ];
    case 'paragraph':
    case 'codeBlock':
      return [new Paragraph({ children: children(node).flatMap(runs) })];
    case 'bulletList':
    case 'orderedList':
      return children(node).flatMap((item, position) =>
        children(item).flatMap((child, index) => {
          if (child.type !== 'paragraph') return paragraphs(child, level + 1);
          const marker = node.type === 'orderedList' ? `${position + 1}. ` : '• ';
          return [
            new Paragraph({
              indent: { left: 360 * (level + 1) },
              children: [...(index === 0 ? [new TextRun(marker)] : []), ...children(child).flatMap(runs)],
            }),
          ];
        }),
      );
    default:
      return children(node).flatMap((child) => paragraphs(child, level));
  }
}

/** A document as a Word file (.docx) with the same structure. */
export async function documentDocx(content: unknown): Promise<Buffer> {
  const body = children(content as DocNode).flatMap((block) => paragraphs(block));
  const document = new Document({ sections: [{ children: body.length > 0 ? body : [new Paragraph('')] }] });
  return Packer.toBuffer(document);
}
