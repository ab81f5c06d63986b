export type { SpreadsheetRead, SpreadsheetRow } from './table.ts';
export { SpreadsheetError, type SpreadsheetErrorDetails } from './problems.ts';
export {
  readSpreadsheet,
  SPREADSHEET_READ_TIMEOUT_MS,
  spreadsheetThreads,
  type SpreadsheetThreads,
} from './read-thread.ts';
export { readSpreadsheetHere } from './read.ts';
export { writeCsv, writeXlsx, type WriteCsvOptions } from './write.ts';
export { FORMULA_PROBLEM } from './xlsx.ts';
export * from './limits.ts';
