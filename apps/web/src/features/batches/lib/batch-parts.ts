import type { BatchRow, Template, TemplateOutputPart } from '@redacta/shared';

/** The part a template without named parts writes. */
export const SINGLE_PART_KEY = 'text';

/**
 * The output columns of a batch: its template's parts, with their limits; without named parts (or
 * once the template is gone) the parts its rows hold (the single `text` part before any is written).
 */
export function batchParts(
  template: Template | undefined,
  rows: BatchRow[],
  singleLabel: string,
): TemplateOutputPart[] {
  if (template?.output) return template.output.parts;
  const keys = new Set<string>();
  for (const row of rows) for (const key of Object.keys(row.outputs)) keys.add(key);
  if (keys.size === 0) keys.add(SINGLE_PART_KEY);
  return [...keys].map((key) => ({ key, label: key === SINGLE_PART_KEY ? singleLabel : key }));
}

/** Selected rows' outputs as the document gets them: each part a paragraph, rows apart. */
export function rowsAsMarkdown(rows: BatchRow[], parts: TemplateOutputPart[]): string {
  return rows
    .map((row) =>
      parts
        .map((part) => (row.outputs[part.key] ?? '').trim())
        .filter((text) => text !== '')
        .join('\n\n'),
    )
    .filter((text) => text !== '')
    .join('\n\n');
}
