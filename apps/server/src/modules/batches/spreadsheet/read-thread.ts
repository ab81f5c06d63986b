import { Worker } from 'node:worker_threads';
import { SPREADSHEET_MAX_BYTES } from './limits.ts';
import { SpreadsheetError, type SpreadsheetErrorDetails, tooLarge } from './problems.ts';
import type { SpreadsheetRead } from './table.ts';

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

/**
 * A spreadsheet's columns and rows (see readSpreadsheetHere), read in a thread of its own so that a
 * file that takes the parsers far costs that thread's bounded memory and one core, never the server's
 * heap or its event loop. A file past the upload limit is refused with a 413 before a thread starts;
 * one that cannot be read, with a 400 (SpreadsheetError) whose `details` say where.
 */
export function readSpreadsheet(
  file: Buffer,
  fileName: string,
  timeoutMs = SPREADSHEET_READ_TIMEOUT_MS,
): Promise<SpreadsheetRead> {
  if (file.length > SPREADSHEET_MAX_BYTES) return Promise.reject(tooLarge(SPREADSHEET_MAX_BYTES));
  const worker = new Worker(startScript, {
    eval: true,
    workerData: { bytes: new Uint8Array(file), fileName },
    resourceLimits: SPREADSHEET_THREAD_LIMITS,
  });
  return new Promise<SpreadsheetRead>((resolve, reject) => {
    const timer = setTimeout(() => reject(tooMuch()), timeoutMs);
    worker.once('message', (outcome: ReadOutcome) => {
      clearTimeout(timer);
      if (outcome.ok) resolve(outcome.read);
      else if ('refused' in outcome)
        reject(new SpreadsheetError(outcome.refused.message, outcome.refused.details));
      else reject(new Error(outcome.message));
    });
    worker.once('error', (error: Error & { code?: string }) => {
      clearTimeout(timer);
      reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? tooMuch() : error);
    });
    worker.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The spreadsheet thread stopped (exit code ${code}) without an answer`));
    });
  }).finally(() => void worker.terminate());
}

/**
 * The thread's entry is TypeScript, like the server; Node does not apply the process's `--import tsx`
 * to worker threads, so the thread loads it through tsx's API (as the knowledge parse thread does).
 */
const startScript = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then(({ tsImport }) =>
  tsImport(${JSON.stringify(new URL('./read-worker.ts', import.meta.url).href)}, ${JSON.stringify(import.meta.url)}))`;
