import {
  AlignmentType,
  Document,
  ExternalHyperlink,
  HeadingLevel,
  LevelFormat,
  Packer,
  Paragraph,
  TextRun,
  type ParagraphChild,
} from 'docx';
import type { DocumentContent } from '@redacta/shared';
import { childrenOf, linkHref, type DocNode } from './document-nodes';

const ORDERED = 'ordered-list';
const headingLevels = [HeadingLevel.HEADING_1, HeadingLevel.HEADING_2, HeadingLevel.HEADING_3] as const;

interface Context {
  /** Nesting depth inside lists (Word's numbering level). */
  depth: number;
  /** Each ordered list is its own numbering instance, so every list counts from its own start. */
  nextListInstance: number;
  /** Inside a quote: indented and in italics. */
  quote: boolean;
}

function textRun(node: DocNode, context: Context, link: boolean): TextRun {
  const marks = new Set(node.marks?.map((mark) => mark.type));
  return new TextRun({
    text: node.text ?? '',
    bold: marks.has('bold'),
    italics: marks.has('italic') || context.quote,
    strike: marks.has('strike'),
    underline: marks.has('underline') || link ? {} : undefined,
    color: link ? '6D28D9' : undefined,
    font: marks.has('code') ? 'Courier New' : undefined,
  });
}

/** Inline nodes → runs; consecutive text with the same link address becomes one hyperlink. */
function inlineRuns(node: DocNode, context: Context): ParagraphChild[] {
  const runs: ParagraphChild[] = [];
  let openHref: string | null = null;
  let linked: TextRun[] = [];
  const closeLink = () => {
    if (openHref) runs.push(new ExternalHyperlink({ link: openHref, children: linked }));
    openHref = null;
    linked = [];
  };
  for (const child of childrenOf(node)) {
    const href = child.type === 'text' ? linkHref(child) : null;
    if (href !== openHref) closeLink();
    if (child.type === 'hardBreak') runs.push(new TextRun({ text: '', break: 1 }));
    else if (child.type !== 'text') runs.push(...inlineRuns(child, context));
    else if (href) {
      openHref = href;
      linked.push(textRun(child, context, true));
    } else runs.push(textRun(child, context, false));
  }
  closeLink();
  return runs;
}

function blockParagraphs(node: DocNode, context: Context): Paragraph[] {
  switch (node.type) {
    case 'heading': {
      const level = Math.min(Math.max(Number(node.attrs?.level) || 1, 1), 3);
      return [new Paragraph({ heading: headingLevels[level - 1], children: inlineRuns(node, context) })];
    }
    case 'bulletList':
    case 'orderedList':
      return listParagraphs(node, context);
    case 'blockquote':
      return childrenOf(node).flatMap((child) => blockParagraphs(child, { ...context, quote: true }));
    case 'codeBlock':
      return (childrenOf(node)[0]?.text ?? '')
        .split('\n')
        .map((line) => new Paragraph({ children: [new TextRun({ text: line, font: 'Courier New' })] }));
    case 'horizontalRule':
      return [new Paragraph({ thematicBreak: true, children: [] })];
    default:
      return [
        new Paragraph({
          children: inlineRuns(node, context),
          indent: context.quote ? { left: 720 } : undefined,
        }),
      ];
  }
}

/** A list item's first paragraph carries the bullet or number; the rest are indented under it. */
function listParagraphs(list: DocNode, context: Context): Paragraph[] {
  const ordered = list.type === 'orderedList';
  const instance = context.nextListInstance;
  if (ordered) context.nextListInstance += 1;
  const level = Math.min(context.depth, 8);
  return childrenOf(list).flatMap((item) =>
    childrenOf(item).flatMap((block, index) => {
      if (block.type === 'bulletList' || block.type === 'orderedList') {
        const inner = { ...context, depth: context.depth + 1 };
        const paragraphs = listParagraphs(block, inner);
        context.nextListInstance = inner.nextListInstance;
        return paragraphs;
      }
      if (index > 0) {
        return [new Paragraph({ children: inlineRuns(block, context), indent: { left: 720 * (level + 1) } })];
      }
      return [
        new Paragraph({
          children: inlineRuns(block, context),
          ...(ordered ? { numbering: { reference: ORDERED, level, instance } } : { bullet: { level } }),
        }),
      ];
    }),
  );
}

/** The document as a Word file: headings, bold/italic, lists (bulleted and numbered) and live links. */
export async function documentToDocx(content: DocumentContent, title: string): Promise<Blob> {
  const context: Context = { depth: 0, nextListInstance: 1, quote: false };
  const children = childrenOf(content).flatMap((node) => blockParagraphs(node, context));
  const document = new Document({
    title,
    creator: 'Redacta',
    numbering: {
      config: [
        {
          reference: ORDERED,
          levels: Array.from({ length: 9 }, (_, level) => ({
            level,
            format: LevelFormat.DECIMAL,
            text: `%${level + 1}.`,
            alignment: AlignmentType.START,
            style: { paragraph: { indent: { left: 720 * (level + 1), hanging: 360 } } },
          })),
        },
      ],
    },
    sections: [{ children: children.length > 0 ? children : [new Paragraph({ children: [] })] }],
  });
  return Packer.toBlob(document);
}
