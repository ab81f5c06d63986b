import { AppError } from '../../../lib/errors.ts';

/** Where in the file a refusal points: the file's line (the sheet's row for XLSX) and the column. */
export interface SpreadsheetErrorDetails {
  line?: number;
  column?: string;
}

/**
 * A spreadsheet that cannot be read, as a 400 in our error shape. The place is kept on `details` for
 * callers and sent as the error's one issue, its path the column (or `file`), so a form can show it.
 */
export class SpreadsheetError extends AppError {
  constructor(
    message: string,
    readonly details: SpreadsheetErrorDetails = {},
  ) {
    super('VALIDATION_FAILED', message, 400, [{ path: details.column ?? 'file', message }]);
  }
}

export const tooLarge = (maxBytes: number) =>
  new AppError('BODY_TOO_LARGE', `The file is larger than ${Math.floor(maxBytes / (1024 * 1024))} MB`, 413);
