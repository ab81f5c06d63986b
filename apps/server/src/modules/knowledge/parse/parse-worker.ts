/**
 * A parse thread (parse-thread.ts): parses the one source it was started with and posts the outcome,
 * then ends. Everything the parse held goes with the thread.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { parseSource, type SourceType } from './parse.ts';
import { UnreadableSource } from './sections.ts';
import type { ParseOutcome } from './parse-thread.ts';

const { bytes, type } = workerData as { bytes: Uint8Array; type: SourceType };

let outcome: ParseOutcome;
try {
  outcome = { ok: true, parsed: await parseSource(bytes, type) };
} catch (error) {
  outcome =
    error instanceof UnreadableSource
      ? { ok: false, reason: error.reason }
      : { ok: false, message: error instanceof Error ? error.message : String(error) };
}
parentPort!.postMessage(outcome);
