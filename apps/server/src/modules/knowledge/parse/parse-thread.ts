import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import type { SourceType } from './parse.ts';
import { UnreadableSource, type Section } from './sections.ts';

export interface ParsedSource {
  title?: string;
  sections: Section[];
}

export type ParseOutcome =
  | { ok: true; parsed: ParsedSource }
  | { ok: false; reason: UnreadableSource['reason'] }
  | { ok: false; message: string };

/**
 * What one parse thread may use. Its JavaScript heap is capped here: past it V8 stops the thread, not
 * the process. Outside the heap it holds the source's bytes (20 MB at most, copied once more for the
 * DOCX reader), what a DOCX unpacks to (capped by zip-bounds.ts; held twice while the reader joins
 * it) and the thread itself with its parsers' code (about 70 MB). Measured worst case, a DOCX that
 * unpacks to just under the cap of XML and runs the heap out: about 380 MB. One parse is budgeted
 * KNOWLEDGE_PARSE_MEMORY_MB, so KNOWLEDGE_CONCURRENCY parses at once take at most that many times it
 * (docs/product.md, Knowledge).
 */
export const PARSE_THREAD_LIMITS = {
  maxOldGenerationSizeMb: 192,
  maxYoungGenerationSizeMb: 16,
  stackSizeMb: 4,
} as const;
export const KNOWLEDGE_PARSE_MEMORY_MB = 400;

/** A parse still running after this long is stopped and its source fails UNREADABLE. */
export const KNOWLEDGE_PARSE_TIMEOUT_MS = 60_000;

/**
 * A source's text, parsed in a thread of its own (parse-worker.ts): a file that takes a parser far —
 * a zip bomb, a PDF that will not end — costs that thread's bounded memory and one core, never the
 * server's heap or its event loop. A thread that runs out of memory or time fails the source
 * UNREADABLE; an UnreadableSource thrown in the thread is thrown again here.
 */
export function parseInThread(
  bytes: Uint8Array,
  type: SourceType,
  log: FastifyBaseLogger,
  timeoutMs = KNOWLEDGE_PARSE_TIMEOUT_MS,
): Promise<ParsedSource> {
  const worker = new Worker(startScript, {
    eval: true,
    workerData: { bytes, type },
    resourceLimits: PARSE_THREAD_LIMITS,
  });
  return new Promise<ParsedSource>((resolve, reject) => {
    const timer = setTimeout(() => {
      log.warn({ type, timeoutMs }, 'a knowledge source took its parser too long; stopped');
      reject(new UnreadableSource('UNREADABLE'));
      void worker.terminate();
    }, timeoutMs);
    worker.once('message', (outcome: ParseOutcome) => {
      clearTimeout(timer);
      if (outcome.ok) resolve(outcome.parsed);
      else if ('reason' in outcome) reject(new UnreadableSource(outcome.reason));
      else reject(new Error(outcome.message));
    });
    worker.once('error', (error: Error & { code?: string }) => {
      if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') {
        log.warn({ type }, 'a knowledge source took its parser past its memory; stopped');
        reject(new UnreadableSource('UNREADABLE'));
      } else reject(error);
    });
    worker.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The parse thread stopped (exit code ${code}) without an answer`));
    });
  }).finally(() => void worker.terminate());
}

/**
 * The thread's entry is TypeScript, like the server; Node does not apply the process's `--import tsx`
 * to worker threads, so the thread loads it through tsx's API (as the database thread does).
 */
const startScript = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then(({ tsImport }) =>
  tsImport(${JSON.stringify(new URL('./parse-worker.ts', import.meta.url).href)}, ${JSON.stringify(import.meta.url)}))`;
