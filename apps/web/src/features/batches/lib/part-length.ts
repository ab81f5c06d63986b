import { measurePart, type BatchRow, type TemplateOutputPart } from '@redacta/shared';

export interface PartLength {
  /** Characters of the text (or of its longest item). */
  length: number;
  maxChars: number | null;
  /** Items of a list part, and how many it may have. */
  items: { count: number; max: number } | null;
  over: boolean;
}

/**
 * A part's length against its limits: characters (each item's, for a list part) and items. The
 * server's flag counts too: a part it kept over its limit after its last try is over.
 */
export function partLength(
  text: string,
  part: TemplateOutputPart,
  row?: Pick<BatchRow, 'flags'>,
): PartLength {
  const flagged = row?.flags?.some((flag) => flag.part === part.key) ?? false;
  const pieces = measurePart(text, part);
  const tooMany = part.items !== undefined && pieces.length > part.items;
  return {
    length: Math.max(0, ...pieces.map((piece) => piece.length)),
    maxChars: part.maxChars ?? null,
    items: part.items === undefined ? null : { count: pieces.length, max: part.items },
    over: flagged || tooMany || pieces.some((piece) => piece.over),
  };
}
