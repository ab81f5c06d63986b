import { charCount, type BatchRow, type TemplateOutputPart } from '@redacta/shared';

/**
 * A list part's items as a row keeps them: one a line (the shared reply parser joins them so), blank
 * lines left out.
 */
export function partItems(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

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
  const maxChars = part.maxChars ?? null;
  if (part.items === undefined) {
    const length = charCount(text);
    return { length, maxChars, items: null, over: flagged || (maxChars !== null && length > maxChars) };
  }
  const items = partItems(text);
  const length = Math.max(0, ...items.map(charCount));
  return {
    length,
    maxChars,
    items: { count: items.length, max: part.items },
    over: flagged || items.length > part.items || (maxChars !== null && length > maxChars),
  };
}
