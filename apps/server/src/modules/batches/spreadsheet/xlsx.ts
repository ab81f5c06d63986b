import ExcelJS from 'exceljs';
import { checkZipBounds } from '../../knowledge/parse/zip-bounds.ts';
import { SpreadsheetError } from './problems.ts';
import { type SpreadsheetRead, TableBuilder } from './table.ts';

export const FORMULA_PROBLEM = 'formulas are not read: paste values';

/**
 * Reads the first worksheet of an XLSX. The zip is held to the same bounds as any other upload's zip
 * before exceljs, which unpacks it whole in memory, sees it. Each cell becomes the text it shows in its
 * simplest form (see cellText). A formula cell keeps its last result as its value but is reported:
 * its result is whatever Excel computed when it was last saved, so a batch does not run on it. The
 * cells a merge covers, other than its first, read as empty, so a merged block is read once.
 */
export async function readXlsx(bytes: Buffer): Promise<SpreadsheetRead> {
  const workbook = await loadWorkbook(bytes);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new SpreadsheetError('The workbook has no worksheet');
  const table = new TableBuilder(false);
  sheet.eachRow({ includeEmpty: false }, (row, line) => {
    const cells: string[] = [];
    const formulas: number[] = [];
    row.eachCell({ includeEmpty: false }, (cell, column) => {
      while (cells.length < column - 1) cells.push('');
      if (cell.isMerged && cell.master.address !== cell.address) return void cells.push('');
      if (cell.type === ExcelJS.ValueType.Formula) formulas.push(column - 1);
      cells.push(cellText(cell.value));
    });
    const isHeader = table.columnAt(0) === undefined;
    if (isHeader && formulas.length > 0) {
      throw new SpreadsheetError(`The header has a formula: ${FORMULA_PROBLEM}`, { line });
    }
    table.add({ line, cells });
    for (const index of formulas) {
      const column = table.columnAt(index);
      if (column !== undefined) table.problem({ line, column, message: FORMULA_PROBLEM, code: 'formula' });
    }
  });
  return table.finish();
}

const ZIP_SIGNATURE = Buffer.from('PK\x03\x04', 'latin1');

async function loadWorkbook(bytes: Buffer): Promise<ExcelJS.Workbook> {
  const notXlsx = () => new SpreadsheetError('The file is not an Excel workbook (.xlsx) that can be read');
  if (!bytes.subarray(0, ZIP_SIGNATURE.length).equals(ZIP_SIGNATURE)) throw notXlsx();
  try {
    await checkZipBounds(bytes);
  } catch {
    throw new SpreadsheetError(
      'The workbook is too large, or too compressed, to read: save its first sheet alone, or as CSV',
    );
  }
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw notXlsx();
  }
  return workbook;
}

/**
 * A cell's value as text: a number as JavaScript writes it (no thousands separators, a dot for
 * decimals, whatever the cell's display format), a date as an ISO date (with its time when it has one),
 * rich text joined, a link's text, an error by its code, a formula by its last result.
 */
export function cellText(value: ExcelJS.CellValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return isoDate(value);
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('hyperlink' in value) return cellText(value.text as ExcelJS.CellValue);
  if ('formula' in value || 'sharedFormula' in value) return cellText(value.result);
  if ('error' in value) return value.error;
  return '';
}

/** Excel stores a date without a time zone; exceljs reads it as UTC, so a plain date is midnight UTC. */
function isoDate(date: Date): string {
  if (Number.isNaN(date.getTime())) return '';
  const iso = date.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
}
