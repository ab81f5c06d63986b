import { BATCH_FILE_MAX_BYTES } from '@redacta/shared';

/** The spreadsheets the server reads: CSV (comma, semicolon or tab) and Excel's XLSX. */
const EXTENSIONS = ['.csv', '.xlsx'];

/** For the file picker's `accept`. */
export const SPREADSHEET_ACCEPT = EXTENSIONS.join(',');

export type SpreadsheetProblem = 'unsupported' | 'tooLarge' | 'empty';

/**
 * What the server would refuse about a file, checked before sending it, so a 40 MB export is not
 * uploaded only to be turned down.
 */
export function spreadsheetProblem(file: Pick<File, 'name' | 'size'>): SpreadsheetProblem | null {
  const name = file.name.toLowerCase();
  if (!EXTENSIONS.some((extension) => name.endsWith(extension))) return 'unsupported';
  if (file.size > BATCH_FILE_MAX_BYTES) return 'tooLarge';
  if (file.size === 0) return 'empty';
  return null;
}

/** The size limit in megabytes, for the messages. */
export const SPREADSHEET_MAX_MB = BATCH_FILE_MAX_BYTES / (1024 * 1024);
