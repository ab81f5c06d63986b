import type { TemplateOutput, TemplateOutputPart } from './templates.ts';

/*
 * A template's reply comes in labelled sections: a line `### key` before each part's text, and items
 * one per line starting with "- ". This is the one reader of that format: the server checks a reply
 * with it (and writes again one over a limit), the chat shows each part's length with it, so both
 * count the same parts and the same characters. (The instruction asking for the format is the
 * server's, with the rest of the prompt.)
 */

let graphemes: Intl.Segmenter | undefined;

/** Characters as a person counts them: an emoji, a flag or an accented letter is one, whatever its code units. */
export function charCount(text: string): number {
  // Printable ASCII has one character per code unit: no segmenter needed.
  if (/^[\x20-\x7e]*$/.test(text)) return text.length;
  graphemes ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  let count = 0;
  for (const _segment of graphemes.segment(text)) count += 1;
  return count;
}

/** A part, or one of its items, longer than its limit. `item` counts from 1. */
export interface OutputFlag {
  part: string;
  item?: number;
  length: number;
  maxChars: number;
}

/** A part the answer left out, or whose number of items is not the one asked for. */
export interface OutputProblem {
  part: string;
  problem: 'missing' | 'items';
  expected?: number;
  found?: number;
}

export interface ParsedOutput {
  /** Each part's text by key (items joined by "\n"); a template without parts gives `{ text }`. */
  outputs: Record<string, string>;
  flags: OutputFlag[];
  problems: OutputProblem[];
}

/** A heading or label as compared: lower case, no accents, no markup, no note in brackets. */
function normalised(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\([^)]*\)|\[[^\]]*\]/g, ' ')
    .replace(/[_\-–—]+/g, ' ')
    .replace(/[^\p{L}\p{N} ]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The markup a model may wrap a heading in: `### `, `**…**`, `__…__`, a number, a trailing colon. */
const headingMarkup =
  /^\s*(?:#{1,6}\s*)?(?:\d+[.)]\s*)?(?:\*\*|__)?\s*(.*?)\s*(?:\*\*|__)?\s*:?\s*(?:\*\*|__)?\s*$/u;
/** "**Title:** text" and "Title: text": a label with its text on the same line. */
const inlineHeading =
  /^\s*(?:#{1,6}\s*)?(?:\d+[.)]\s*)?(?:\*\*|__)?([^:*_#]{1,80}?)(?:\*\*|__)?\s*:\s*(?:\*\*|__)?\s*(\S.*)$/u;

/** The part a line opens, and any text after its label on the same line; null for a line of text. */
function headingOf(
  line: string,
  names: Map<string, TemplateOutputPart>,
): { part: TemplateOutputPart; rest: string } | null {
  const trimmed = line.trim();
  if (!trimmed || /^[-*•]\s/.test(trimmed)) return null;
  const part = names.get(normalised(trimmed.match(headingMarkup)?.[1] ?? trimmed));
  if (part) return { part, rest: '' };
  const inline = trimmed.match(inlineHeading);
  if (inline) {
    const labelled = names.get(normalised(inline[1]!));
    if (labelled) return { part: labelled, rest: inline[2]!.trim() };
  }
  return null;
}

/** A list item or heading text without the bold or quotes a model wrapped it in. */
const unwrapped = (text: string) =>
  text
    .trim()
    .replace(/^(?:\*\*|__)(.*)(?:\*\*|__)$/u, '$1')
    .replace(/^["“«'](.*)["”»']$/u, '$1')
    .trim();

/**
 * A line of a list without its bullet or number, its bold or quotes, and a count the model added after
 * it: "(28 caracteres)", or a bare "(28)" when it is the item's own length (so "(2024)" stays).
 */
function itemText(line: string): string {
  let text = line.trim().replace(/^(?:[-*•·]|\d+[.)])\s+/u, '');
  const counted = text.match(/^(.*?)\s*\((\d+)(\s*(?:caracteres|car\.?|characters|chars))?\)$/iu);
  if (counted && (counted[3] || Number(counted[2]) === charCount(unwrapped(counted[1]!)))) text = counted[1]!;
  return unwrapped(text);
}

/** A part's lines as its text: outer blank lines dropped, paragraphs kept, at most one blank between. */
function textOf(lines: string[]): string {
  return lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .replace(/^(?:\*\*|__)([^*_]*)(?:\*\*|__)$/u, '$1')
    .trim();
}

/**
 * Reads a model's answer back into the template's parts. Tolerant of what models do to the format:
 * headings in bold or with a colon, labels instead of keys, text on the heading's line, numbered
 * items, blank lines. A part the answer lacks is empty and a problem; a part or item over its limit
 * is flagged, never cut.
 */
export function parseOutput(text: string, output: TemplateOutput | undefined): ParsedOutput {
  if (!output) return { outputs: { text: text.trim() }, flags: [], problems: [] };
  const names = new Map<string, TemplateOutputPart>();
  for (const part of output.parts) names.set(normalised(part.key), part);
  for (const part of output.parts)
    if (!names.has(normalised(part.label))) names.set(normalised(part.label), part);

  const sections = new Map<string, string[]>();
  let current: string[] | null = null;
  for (const line of text.split(/\r?\n/)) {
    const heading = headingOf(line, names);
    if (heading && !sections.has(heading.part.key)) {
      current = heading.rest ? [heading.rest] : [];
      sections.set(heading.part.key, current);
    } else if (current) current.push(line);
  }
  // One part and no heading at all: the whole answer is that part.
  if (sections.size === 0 && output.parts.length === 1)
    sections.set(output.parts[0]!.key, text.split(/\r?\n/));

  const outputs: Record<string, string> = {};
  const flags: OutputFlag[] = [];
  const problems: OutputProblem[] = [];
  for (const part of output.parts) {
    const lines = sections.get(part.key);
    if (part.items) {
      const items = (lines ?? []).map(itemText).filter(Boolean);
      outputs[part.key] = items.join('\n');
      if (items.length === 0) problems.push({ part: part.key, problem: 'missing' });
      else if (items.length !== part.items)
        problems.push({ part: part.key, problem: 'items', expected: part.items, found: items.length });
      if (part.maxChars) {
        items.forEach((item, index) => {
          const length = charCount(item);
          if (length > part.maxChars!)
            flags.push({ part: part.key, item: index + 1, length, maxChars: part.maxChars! });
        });
      }
    } else {
      const value = textOf(lines ?? []);
      outputs[part.key] = value;
      if (!value) problems.push({ part: part.key, problem: 'missing' });
      const length = charCount(value);
      if (part.maxChars && length > part.maxChars)
        flags.push({ part: part.key, length, maxChars: part.maxChars });
    }
  }
  return { outputs, flags, problems };
}

/**
 * Whether an answer should be written again: a part or item over its limit, a part missing, or a
 * list with the wrong number of items. The caller bounds the tries and keeps the flags of the last.
 */
export function overLimit(parsed: ParsedOutput): boolean {
  return parsed.flags.length > 0 || parsed.problems.length > 0;
}

/** How one piece of a part (its whole text, or one item) measures against the part's limit. */
export interface TemplatePieceLength {
  text: string;
  length: number;
  /** Past the part's `maxChars`. */
  over: boolean;
}

/** A part of a reply measured, as parseOutput reads it. */
export interface TemplatePartMeasure {
  part: TemplateOutputPart;
  /** The whole text (a part without items), or each item. */
  pieces: TemplatePieceLength[];
  /** A list with another number of items than the part asks for. */
  wrongItemCount: boolean;
  /** The reply has nothing for this part. */
  missing: boolean;
}

/**
 * A part's text, as parseOutput keeps it or a person edits it, measured against the part's limit: each
 * item of a list part (one a line; blank lines left out), or the whole text.
 */
export function measurePart(value: string, part: TemplateOutputPart): TemplatePieceLength[] {
  const pieces = part.items
    ? value
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean)
    : value
      ? [value]
      : [];
  return pieces.map((piece) => {
    const length = charCount(piece);
    return { text: piece, length, over: part.maxChars !== undefined && length > part.maxChars };
  });
}

/** Every part of a template's reply with its length (or each item's) against its limits. */
export function measureTemplateReply(text: string, output: TemplateOutput): TemplatePartMeasure[] {
  const parsed = parseOutput(text, output);
  return output.parts.map((part) => {
    const pieces = measurePart(parsed.outputs[part.key] ?? '', part);
    const problems = parsed.problems.filter((problem) => problem.part === part.key);
    return {
      part,
      pieces,
      wrongItemCount: problems.some((problem) => problem.problem === 'items'),
      missing: problems.some((problem) => problem.problem === 'missing'),
    };
  });
}

/**
 * A reply as a person reads it: each part's heading line (`### key`, as the model is asked to write
 * it) shows the part's label instead. The parser reads labels as well as keys, so the result still
 * splits into the same parts.
 */
export function labelTemplateReply(text: string, output: TemplateOutput): string {
  const labels = new Map(output.parts.map((part) => [part.key, part.label]));
  return text.replace(/^(#{1,6})[ \t]+([a-z][a-z0-9_]*)[ \t]*$/gm, (line, hashes: string, key: string) => {
    const label = labels.get(key);
    return label ? `${hashes} ${label}` : line;
  });
}
