/**
 * A spreadsheet thread (read-thread.ts): reads the one file it was started with, posts the outcome and
 * ends. Everything the read held goes with the thread.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { SpreadsheetError } from './problems.ts';
import { readSpreadsheetHere } from './read.ts';
import type { ReadOutcome } from './read-thread.ts';

const { bytes, fileName } = workerData as { bytes: Uint8Array; fileName: string };

let outcome: ReadOutcome;
try {
  outcome = { ok: true, read: await readSpreadsheetHere(Buffer.from(bytes), fileName) };
} catch (error) {
  outcome =
    error instanceof SpreadsheetError
      ? { ok: false, refused: { message: error.message, details: error.details } }
      : { ok: false, message: error instanceof Error ? error.message : String(error) };
}
parentPort!.postMessage(outcome);
