import type { FastifyBaseLogger } from 'fastify';
import { ThreadPool } from '../../../lib/thread-pool.ts';
import { SPREADSHEET_MAX_BYTES } from './limits.ts';
import { SpreadsheetError, type SpreadsheetErrorDetails, tooLarge } from './problems.ts';
import type { SpreadsheetRead } from './table.ts';

export interface ReadTask {
  bytes: Uint8Array;
  fileName: string;
}

export type ReadOutcome =
  | { ok: true; read: SpreadsheetRead }
  | { ok: false; refused: { message: string; details: SpreadsheetErrorDetails } }
  | { ok: false; message: string };

/**
 * What one spreadsheet thread may use. exceljs builds the whole workbook in memory and takes about a
 * second of CPU per 6 MB of sheet XML; a workbook within the zip bounds (32 MB unpacked) fits this heap,
 * and one built to exhaust it stops the thread, not the process.
 */
export const SPREADSHEET_THREAD_LIMITS = {
  maxOldGenerationSizeMb: 256,
  maxYoungGenerationSizeMb: 16,
  stackSizeMb: 4,
} as const;

/** A read still running after this long is stopped and the file refused. */
export const SPREADSHEET_READ_TIMEOUT_MS = 30_000;

const tooMuch = () => new SpreadsheetError('The file takes too much memory or time to read');

/** The threads that read spreadsheets: `size` of them at most, as many as the reads run at once. */
export type SpreadsheetThreads = ThreadPool<ReadTask, ReadOutcome>;

export function spreadsheetThreads(size: number, log: FastifyBaseLogger): SpreadsheetThreads {
  return new ThreadPool({
    entry: new URL('./read-worker.ts', import.meta.url),
    parent: import.meta.url,
    limits: SPREADSHEET_THREAD_LIMITS,
    size,
    log,
  });
}

/**
 * A spreadsheet's columns and rows (see readSpreadsheetHere), read in one of `threads` so that a file
 * that takes the parsers far costs that thread's bounded memory and one core, never the server's heap
 * or its event loop. A file past the upload limit is refused with a 413 before it reaches a thread;
 * one that cannot be read, with a 400 (SpreadsheetError) whose `details` say where.
 */
export async function readSpreadsheet(
  threads: SpreadsheetThreads,
  file: Buffer,
  fileName: string,
  timeoutMs = SPREADSHEET_READ_TIMEOUT_MS,
): Promise<SpreadsheetRead> {
  if (file.length > SPREADSHEET_MAX_BYTES) throw tooLarge(SPREADSHEET_MAX_BYTES);
  const outcome = await threads.run({ bytes: new Uint8Array(file), fileName }, timeoutMs, tooMuch);
  if (outcome.ok) return outcome.read;
  if ('refused' in outcome) throw new SpreadsheetError(outcome.refused.message, outcome.refused.details);
  throw new Error(outcome.message);
}
