import ExcelJS from 'exceljs';

/**
 * Characters that make a spreadsheet program read a cell as a formula (a tab or carriage return first
 * hides one). Such a cell is written with a leading apostrophe, which Excel and LibreOffice treat as
 * "this is text", so a generated text that starts with "=HYPERLINK(...)" stays text when opened.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export const escapeFormula = (cell: string) => (FORMULA_START.test(cell) ? `'${cell}` : cell);

function csvField(cell: string, delimiter: string): string {
  const escaped = escapeFormula(cell);
  if (!/["\r\n]/.test(escaped) && !escaped.includes(delimiter)) return escaped;
  return `"${escaped.replaceAll('"', '""')}"`;
}

export interface WriteCsvOptions {
  /** A comma by default; a semicolon opens in columns in a Spanish Excel, which lists with it. */
  delimiter?: ',' | ';';
}

/**
 * A CSV as RFC 4180 writes it: CRLF line ends, fields quoted when they hold a quote, a line break or the
 * delimiter. A UTF-8 byte order mark leads, since without it Excel reads the bytes as its local
 * code page and shows accents as mojibake.
 */
export function writeCsv(columns: string[], rows: string[][], options: WriteCsvOptions = {}): Buffer {
  const delimiter = options.delimiter ?? ',';
  const lines = [columns, ...rows].map((cells) =>
    cells.map((cell) => csvField(cell, delimiter)).join(delimiter),
  );
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

const COLUMN_MIN_WIDTH = 10;
const COLUMN_MAX_WIDTH = 60;
/** Rows looked at to size a column: enough to see its usual width, without measuring a whole batch. */
const COLUMN_SAMPLE_ROWS = 200;

/** Excel refuses a sheet name longer than 31 characters or with any of `* ? : \ / [ ]`. */
const sheetNameOf = (name: string) =>
  name
    .replace(/[*?:\\/[\]]/g, ' ')
    .slice(0, 31)
    .trim() || 'Sheet1';

/**
 * An XLSX of one worksheet. Every cell is written as a string cell, which a spreadsheet program shows
 * as text and never evaluates, so a cell that starts with "=" needs no apostrophe here: it round-trips
 * as itself. The header is bold and each column about as wide as its contents.
 */
export async function writeXlsx(columns: string[], rows: string[][], sheetName = 'Sheet1'): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetNameOf(sheetName));
  sheet.addRow(columns).font = { bold: true };
  for (const cells of rows) sheet.addRow(cells);
  columns.forEach((column, index) => {
    const longest = [column, ...rows.slice(0, COLUMN_SAMPLE_ROWS).map((cells) => cells[index] ?? '')]
      .flatMap((cell) => cell.split('\n'))
      .reduce((widest, line) => Math.max(widest, line.length), 0);
    sheet.getColumn(index + 1).width = Math.min(COLUMN_MAX_WIDTH, Math.max(COLUMN_MIN_WIDTH, longest + 2));
  });
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
