import { readCsv } from './csv.ts';
import { SPREADSHEET_MAX_BYTES } from './limits.ts';
import { SpreadsheetError, tooLarge } from './problems.ts';
import type { SpreadsheetRead } from './table.ts';
import { readXlsx } from './xlsx.ts';

const csvExtensions = new Set(['csv', 'tsv', 'txt']);

/**
 * A spreadsheet's columns and rows, read where it is called (readSpreadsheet reads in a thread of its
 * own), by its file name's extension: CSV (also .tsv and .txt, whose
 * delimiter is detected the same way) or XLSX. An old binary .xls, or any other file, is refused with
 * a 400 saying what is read; a file past the upload limit with a 413, before any of it is parsed.
 */
export async function readSpreadsheetHere(file: Buffer, fileName: string): Promise<SpreadsheetRead> {
  if (file.length > SPREADSHEET_MAX_BYTES) throw tooLarge(SPREADSHEET_MAX_BYTES);
  const extension = /\.([^.]+)$/.exec(fileName)?.[1]?.toLowerCase() ?? '';
  if (extension === 'xlsx') return readXlsx(file);
  if (csvExtensions.has(extension)) return readCsv(file);
  throw new SpreadsheetError('Only CSV (.csv, .tsv, .txt) and Excel (.xlsx) files can be read');
}
