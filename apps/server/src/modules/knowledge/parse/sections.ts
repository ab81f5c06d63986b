import type { KnowledgeLocator } from '@redacta/shared';

/** A stretch of a source's text and where it sits: a PDF page, or the headings above it. */
export interface Section {
  text: string;
  locator: KnowledgeLocator;
}

/** Why a file yields no passages, in the words of the knowledge contract. */
export class UnreadableSource extends Error {
  constructor(readonly reason: 'NO_TEXT_FOUND' | 'UNSUPPORTED_TYPE' | 'UNREADABLE') {
    super(`The source cannot be indexed: ${reason}`);
  }
}

/**
 * Text as it can be stored: PostgreSQL refuses U+0000 and a lone surrogate, and other control
 * characters (form feeds between PDF pages, stray escapes) only get in the way of search.
 */
export function storableText(text: string): string {
  return text
    .replace(/(?![\n\r\t])\p{Cc}/gu, ' ')
    .replace(/\p{Cs}/gu, '')
    .replace(/[ \t\u00a0]+/g, ' ');
}

/**
 * Markdown split at its headings, each section with the path of headings above it (a level-2 heading
 * under a level-1 one: both). Text before the first heading has no headings.
 */
export function markdownSections(markdown: string): Section[] {
  const sections: Section[] = [];
  const path: string[] = [];
  let lines: string[] = [];
  const flush = () => {
    const text = lines.join('\n').trim();
    if (text) sections.push({ text, locator: path.length ? { headings: [...path] } : {} });
    lines = [];
  };
  let fence = false;
  for (const line of markdown.split(/\r?\n/)) {
    if (/^\s*(```|~~~)/.test(line)) fence = !fence;
    const heading = fence ? null : /^(#{1,6})\s+(.+?)\s*#*\s*$/.exec(line);
    if (!heading) {
      lines.push(line);
      continue;
    }
    flush();
    const level = heading[1]!.length;
    path.length = Math.min(path.length, level - 1);
    path[level - 1] = heading[2]!;
    for (let i = 0; i < path.length; i += 1) path[i] ??= '';
  }
  flush();
  return sections.map((section) => ({
    ...section,
    locator: section.locator.headings
      ? { headings: section.locator.headings.filter((heading) => heading !== '') }
      : {},
  }));
}
