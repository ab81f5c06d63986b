/**
 * A spreadsheet thread's task (read-thread.ts): reads one file and answers its outcome. The thread
 * answers file after file; the read keeps nothing once it has answered (readSpreadsheetHere is a
 * function of the file), so a file cannot reach the next one's read.
 */
import { SpreadsheetError } from './problems.ts';
import { readSpreadsheetHere } from './read.ts';
import type { ReadOutcome, ReadTask } from './read-thread.ts';

export default async function readTask({ bytes, fileName }: ReadTask): Promise<ReadOutcome> {
  try {
    return { ok: true, read: await readSpreadsheetHere(Buffer.from(bytes), fileName) };
  } catch (error) {
    return error instanceof SpreadsheetError
      ? { ok: false, refused: { message: error.message, details: error.details } }
      : { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}
