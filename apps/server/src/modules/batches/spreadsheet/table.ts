import type { BatchInputProblem } from '@redacta/shared';
import {
  SPREADSHEET_MAX_CELL_CHARS,
  SPREADSHEET_MAX_COLUMNS,
  SPREADSHEET_MAX_HEADER_CHARS,
  SPREADSHEET_MAX_ROWS,
} from './limits.ts';
import { SpreadsheetError } from './problems.ts';

export interface SpreadsheetRow {
  /** The line of the file where the row starts, the header's being 1; for XLSX, the sheet's row number. */
  line: number;
  values: Record<string, string>;
}

export interface SpreadsheetRead {
  columns: string[];
  rows: SpreadsheetRow[];
  problems: BatchInputProblem[];
}

/** One row as a reader found it: its cells as text, in order. */
export interface RawRow {
  line: number;
  cells: string[];
}

const isBlank = (cells: string[]) => cells.every((cell) => cell.trim() === '');

/**
 * Turns the rows a reader found into columns and rows, the same for CSV and XLSX. The first row that is
 * not blank is the header; blank rows are skipped. The header's names are trimmed and must be distinct
 * and not empty (trailing empty ones are dropped: Excel leaves them after a deleted column). A row with
 * a value past the header's columns is kept and reported as a problem; so is one with fewer cells than
 * the header when `shortRowsAreProblems` (a CSV line that lost a delimiter; a sheet's row simply leaves
 * its empty trailing cells out).
 */
export class TableBuilder {
  private columns: string[] | undefined;
  private readonly rows: SpreadsheetRow[] = [];
  private readonly problems: BatchInputProblem[] = [];

  constructor(private readonly shortRowsAreProblems: boolean) {}

  add({ line, cells }: RawRow): void {
    if (cells.length > SPREADSHEET_MAX_COLUMNS && !isBlank(cells.slice(SPREADSHEET_MAX_COLUMNS))) {
      throw new SpreadsheetError(`Line ${line} has more than ${SPREADSHEET_MAX_COLUMNS} columns`, { line });
    }
    if (isBlank(cells)) return;
    if (!this.columns) {
      this.columns = headerOf(cells, line);
      return;
    }
    if (this.rows.length >= SPREADSHEET_MAX_ROWS) {
      throw new SpreadsheetError(`The file has more than ${SPREADSHEET_MAX_ROWS} rows`, { line });
    }
    const columns = this.columns;
    const values: Record<string, string> = {};
    columns.forEach((column, index) => {
      const cell = cells[index] ?? '';
      if (cell.length > SPREADSHEET_MAX_CELL_CHARS) {
        throw new SpreadsheetError(
          `The cell of line ${line}, column "${column}", has more than ${SPREADSHEET_MAX_CELL_CHARS} characters`,
          { line, column },
        );
      }
      values[column] = cell;
    });
    this.rows.push({ line, values });
    const extra = cells.slice(columns.length).some((cell) => cell.trim() !== '');
    if (extra) {
      this.problems.push({
        line,
        column: '',
        message: `Line ${line} has values past the header's columns`,
        code: 'pastHeader',
      });
    } else if (this.shortRowsAreProblems && cells.length < columns.length) {
      this.problems.push({
        line,
        column: columns[cells.length] ?? '',
        message: `Line ${line} has ${cells.length} cells where the header has ${columns.length}`,
        code: 'shortRow',
        limit: columns.length,
      });
    }
  }

  /** A cell of a row that is kept but must not be used as it stands. */
  problem(problem: BatchInputProblem): void {
    this.problems.push(problem);
  }

  columnAt(index: number): string | undefined {
    return this.columns?.[index];
  }

  finish(): SpreadsheetRead {
    if (!this.columns) throw new SpreadsheetError('The file has no header row');
    return { columns: this.columns, rows: this.rows, problems: this.problems };
  }
}

function headerOf(cells: string[], line: number): string[] {
  const names = cells.map((cell) => cell.trim());
  while (names.length > 0 && names[names.length - 1] === '') names.pop();
  const seen = new Set<string>();
  names.forEach((name, index) => {
    if (name === '') {
      throw new SpreadsheetError(`Column ${index + 1} of the header has no name`, {
        line,
        column: String(index + 1),
      });
    }
    if (name.length > SPREADSHEET_MAX_HEADER_CHARS) {
      throw new SpreadsheetError(
        `Column ${index + 1} of the header has a name longer than ${SPREADSHEET_MAX_HEADER_CHARS} characters`,
        { line, column: String(index + 1) },
      );
    }
    if (seen.has(name)) {
      throw new SpreadsheetError(`The header names the column "${name}" twice`, { line, column: name });
    }
    seen.add(name);
  });
  return names;
}
