import { BATCH_ROWS_PAGE_MAX, type BatchRow } from '@redacta/shared';
import { fetchBatchRows } from '../api/batch-api';

/** Every row of a batch, page by page (a batch has at most a few thousand). */
export async function fetchAllRows(batchId: string, total: number): Promise<BatchRow[]> {
  const rows: BatchRow[] = [];
  for (let offset = 0; offset < total; offset += BATCH_ROWS_PAGE_MAX) {
    const page = await fetchBatchRows(batchId, offset, BATCH_ROWS_PAGE_MAX);
    rows.push(...page.rows);
    if (page.rows.length < BATCH_ROWS_PAGE_MAX) break;
  }
  return rows;
}

/**
 * One output part of every row, as it pastes into a spreadsheet column: a cell a line, a cell
 * holding several lines quoted (as spreadsheets copy them), an empty cell for a row without it.
 */
export function columnText(rows: BatchRow[], partKey: string): string {
  return rows
    .map((row) => {
      const text = row.outputs[partKey] ?? '';
      return /[\n\t"]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
    })
    .join('\n');
}
