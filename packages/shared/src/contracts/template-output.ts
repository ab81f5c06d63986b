import type { TemplateOutput, TemplateOutputPart } from './templates.ts';

/**
 * A template's reply comes in named parts: a heading line `### key` opens each part, and a part with
 * `items` lists them one per line starting with `- `. The server's checks and the chat's display read a
 * reply through this one parser, so both count the same parts and the same characters.
 */

let graphemes: Intl.Segmenter | undefined;

/** Characters as a person counts them: an emoji or an accented letter written in two code points is one. */
export function countCharacters(text: string): number {
  // Plain ASCII has one character per code unit: no segmenter needed.
  if (/^[\x20-\x7e]*$/.test(text)) return text.length;
  graphemes ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  let count = 0;
  for (const _segment of graphemes.segment(text)) count += 1;
  return count;
}

/** `### title`, `## **Title**`, `**title:**` alone on a line: the words naming a part, or null. */
function headingName(line: string): string | null {
  const heading = /^\s*#{1,6}\s+(.+?)\s*$/.exec(line);
  const bold = heading ? null : /^\s*\*\*(.+?)\*\*\s*:?\s*$/.exec(line);
  const name = (heading ?? bold)?.[1];
  if (name === undefined) return null;
  return name
    .replace(/\*\*|__|`/g, '')
    .replace(/:$/, '')
    .trim()
    .toLowerCase();
}

const itemMarker = /^\s*(?:[-*•]|\d+[.)])\s+/;

/** The items of a part's text: its marked lines (`- `, `* `, `1. `), or each non-empty line when none is marked. */
function itemsOf(text: string): string[] {
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  const marked = lines.filter((line) => itemMarker.test(line));
  return (marked.length > 0 ? marked : lines).map((line) => line.replace(itemMarker, '').trim());
}

/**
 * Each part's text by key, read from a reply: a part's heading names its key or its label (any case,
 * bold or not); an items part's items are joined by "\n" without their markers; a part the reply lacks
 * is ''. Text before the first heading belongs to no part.
 */
export function splitTemplateReply(text: string, output: TemplateOutput): Record<string, string> {
  const byName = new Map<string, TemplateOutputPart>();
  for (const part of output.parts) {
    byName.set(part.key, part);
    byName.set(part.label.trim().toLowerCase(), part);
  }
  const lines = new Map<string, string[]>();
  let current: TemplateOutputPart | null = null;
  for (const line of text.split(/\r?\n/)) {
    const name = headingName(line);
    const named = name === null ? undefined : byName.get(name);
    if (named) {
      current = named;
      if (!lines.has(named.key)) lines.set(named.key, []);
      continue;
    }
    if (current) lines.get(current.key)!.push(line);
  }
  return Object.fromEntries(
    output.parts.map((part) => {
      const body = (lines.get(part.key) ?? []).join('\n').trim();
      return [part.key, part.items ? itemsOf(body).join('\n') : body];
    }),
  );
}

/** How one piece of a part measures against its limit. */
export interface TemplatePieceLength {
  text: string;
  length: number;
  /** Past the part's `maxChars`. */
  over: boolean;
}

/** A part of a reply measured: its whole text, or each item, against the part's limits. */
export interface TemplatePartMeasure {
  part: TemplateOutputPart;
  /** The part's text; an items part's items one per line. */
  text: string;
  /** The whole text (a part without items), or each item. */
  pieces: TemplatePieceLength[];
  /** More items than the part asks for. */
  tooManyItems: boolean;
  /** The reply has nothing for this part. */
  missing: boolean;
}

/** Every part of a template's reply, measured the way a person counts characters. */
export function measureTemplateReply(text: string, output: TemplateOutput): TemplatePartMeasure[] {
  const split = splitTemplateReply(text, output);
  return output.parts.map((part) => {
    const partText = split[part.key] ?? '';
    const pieces = (part.items ? partText.split('\n').filter(Boolean) : partText ? [partText] : []).map(
      (piece) => {
        const length = countCharacters(piece);
        return { text: piece, length, over: part.maxChars !== undefined && length > part.maxChars };
      },
    );
    return {
      part,
      text: partText,
      pieces,
      tooManyItems: part.items !== undefined && pieces.length > part.items,
      missing: pieces.length === 0,
    };
  });
}
