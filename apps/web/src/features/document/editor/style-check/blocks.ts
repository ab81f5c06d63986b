import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { fixEdit, needsRewrite, sentenceAround, type StyleViolation } from '@redacta/shared';

/** A textblock's text as the checker reads it, with the document position of each character. */
export interface TextBlock {
  text: string;
  /** `positions[i]` is where character i sits in the document; one more entry for the block's end. */
  positions: number[];
}

/**
 * The document's textblocks (paragraphs, headings, list items' paragraphs…), each checked alone so
 * a sentence or a paragraph never runs across two. A hard break reads as a line break.
 */
export function textBlocks(doc: ProseMirrorNode): TextBlock[] {
  const blocks: TextBlock[] = [];
  doc.descendants((node, pos) => {
    if (!node.isTextblock) return true;
    let text = '';
    const positions: number[] = [];
    node.forEach((child, offset) => {
      const at = pos + 1 + offset;
      if (child.isText) {
        for (let i = 0; i < child.text!.length; i += 1) positions.push(at + i);
        text += child.text!;
      } else {
        positions.push(at);
        text += '\n';
      }
    });
    positions.push(pos + 1 + node.content.size);
    if (text.trim()) blocks.push({ text, positions });
    return false;
  });
  return blocks;
}

/**
 * A violation placed in the document, with the change that fixes it (null for a limit and a banned
 * phrase) or, for a banned phrase, the sentence that holds it, which its fix rewrites.
 */
export interface Finding {
  from: number;
  to: number;
  violation: StyleViolation;
  fix: { from: number; to: number; text: string } | null;
  sentence: { from: number; to: number } | null;
}

export function placeFindings(block: TextBlock, violations: StyleViolation[]): Finding[] {
  return violations.map((violation) => {
    const edit = fixEdit(block.text, violation);
    const sentence = needsRewrite(violation)
      ? sentenceAround(block.text, violation.start, violation.end)
      : null;
    return {
      from: block.positions[violation.start]!,
      to: block.positions[violation.end]!,
      violation,
      fix: edit && { from: block.positions[edit.start]!, to: block.positions[edit.end]!, text: edit.text },
      sentence: sentence && { from: block.positions[sentence.start]!, to: block.positions[sentence.end]! },
    };
  });
}
