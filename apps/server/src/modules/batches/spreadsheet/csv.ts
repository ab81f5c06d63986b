import { CsvError, parse } from 'csv-parse/sync';
import { decodeText } from './decode.ts';
import { SPREADSHEET_MAX_CELL_CHARS, SPREADSHEET_MAX_COLUMNS } from './limits.ts';
import { SpreadsheetError } from './problems.ts';
import { type SpreadsheetRead, TableBuilder } from './table.ts';

/**
 * Reads a CSV with csv-parse rather than papaparse: csv-parse tells each record's line (which the rows'
 * problems point at, right also after a quoted cell that spans lines), refuses an unclosed quote with
 * its line instead of guessing, and bounds a record's size while it is being read, so one enormous
 * line is refused before it is held whole.
 *
 * A cell that starts with `=`, `+`, `-` or `@` is read as the text it is: a CSV has no formulas, and the
 * text only reaches a prompt, never a spreadsheet program. Exports escape such cells (see writeCsv).
 */
export function readCsv(bytes: Buffer): SpreadsheetRead {
  // Line breaks are made one kind so that counting them inside a record counts the file's lines; a
  // cell's own line break comes out as "\n" whichever kind the file used.
  const text = decodeText(bytes).replace(/\r\n?/g, '\n');
  const table = new TableBuilder(true);
  try {
    parse(text, {
      delimiter: detectDelimiter(text),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      max_record_size: SPREADSHEET_MAX_COLUMNS * SPREADSHEET_MAX_CELL_CHARS,
      on_record: (cells: string[], { lines }) => {
        const breaks = cells.reduce((count, cell) => count + lineBreaks(cell), 0);
        table.add({ line: lines - breaks, cells });
        return null;
      },
    });
  } catch (error) {
    throw asSpreadsheetError(error);
  }
  return table.finish();
}

const lineBreaks = (cell: string) => {
  let count = 0;
  for (let at = cell.indexOf('\n'); at !== -1; at = cell.indexOf('\n', at + 1)) count += 1;
  return count;
};

/** In the order a tie is settled, last winning: a tab is never typed into a name by chance, a comma often. */
const delimiters = [',', ';', '\t'] as const;

/**
 * The delimiter the header uses: whichever of comma, semicolon (Spanish Excel's) and tab it has most of,
 * outside quotes. A header of one column has none, and then a comma reads it as well as any.
 */
export function detectDelimiter(text: string): string {
  const counts = new Map<string, number>(delimiters.map((delimiter) => [delimiter, 0]));
  let quoted = false;
  for (let at = 0; at < text.length; at += 1) {
    const char = text[at]!;
    if (char === '"') quoted = !quoted;
    else if (!quoted && char === '\n' && [...counts.values()].some((count) => count > 0)) break;
    else if (!quoted && counts.has(char)) counts.set(char, counts.get(char)! + 1);
  }
  return [...counts].reduce((best, entry) => (entry[1] >= best[1] && entry[1] > 0 ? entry : best))[0];
}

function asSpreadsheetError(error: unknown): unknown {
  if (!(error instanceof CsvError)) return error;
  const line = typeof error.lines === 'number' ? error.lines : undefined;
  const where = line ? ` (line ${line})` : '';
  if (error.code === 'CSV_MAX_RECORD_SIZE') {
    return new SpreadsheetError(`A row of the file is too long to read${where}`, { line });
  }
  if (error.code === 'CSV_QUOTE_NOT_CLOSED') {
    return new SpreadsheetError(`A quoted cell is never closed${where}`, { line });
  }
  return new SpreadsheetError(`The file cannot be read as CSV${where}: ${error.message}`, { line });
}
