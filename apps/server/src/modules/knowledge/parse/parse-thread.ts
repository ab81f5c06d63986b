import type { FastifyBaseLogger } from 'fastify';
import { ThreadPool } from '../../../lib/thread-pool.ts';
import type { SourceType } from './parse.ts';
import { UnreadableSource, type Section } from './sections.ts';

export interface ParsedSource {
  title?: string;
  sections: Section[];
}

export interface ParseTask {
  bytes: Uint8Array;
  type: SourceType;
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

/** The threads that parse sources: `size` of them at most, as many as the sources processed at once. */
export type ParseThreads = ThreadPool<ParseTask, ParseOutcome>;

export function parseThreads(size: number, log: FastifyBaseLogger): ParseThreads {
  return new ThreadPool({
    entry: new URL('./parse-worker.ts', import.meta.url),
    parent: import.meta.url,
    limits: PARSE_THREAD_LIMITS,
    size,
    log,
  });
}

/**
 * A source's text, parsed in one of `threads` (parse-worker.ts): a file that takes a parser far — a
 * zip bomb, a PDF that will not end — costs that thread's bounded memory and one core, never the
 * server's heap or its event loop. A thread that runs out of memory or time fails the source
 * UNREADABLE; an UnreadableSource thrown in the thread is thrown again here.
 */
export async function parseInThread(
  threads: ParseThreads,
  bytes: Uint8Array,
  type: SourceType,
  log: FastifyBaseLogger,
  timeoutMs = KNOWLEDGE_PARSE_TIMEOUT_MS,
): Promise<ParsedSource> {
  const outcome = await threads.run({ bytes, type }, timeoutMs, (stop) => {
    log.warn(
      stop === 'timeout' ? { type, timeoutMs } : { type },
      stop === 'timeout'
        ? 'a knowledge source took its parser too long; stopped'
        : 'a knowledge source took its parser past its memory; stopped',
    );
    return new UnreadableSource('UNREADABLE');
  });
  if (outcome.ok) return outcome.parsed;
  if ('reason' in outcome) throw new UnreadableSource(outcome.reason);
  throw new Error(outcome.message);
}
