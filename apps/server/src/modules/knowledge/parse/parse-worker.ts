/**
 * A parse thread's task (parse-thread.ts): parses one source and answers its outcome. The thread
 * answers source after source; a parse keeps nothing once it has answered (parseSource is a function
 * of the bytes), so a file cannot reach the next one's parse.
 */
import { parseSource } from './parse.ts';
import { UnreadableSource } from './sections.ts';
import type { ParseOutcome, ParseTask } from './parse-thread.ts';

export default async function parseTask({ bytes, type }: ParseTask): Promise<ParseOutcome> {
  try {
    return { ok: true, parsed: await parseSource(bytes, type) };
  } catch (error) {
    return error instanceof UnreadableSource
      ? { ok: false, reason: error.reason }
      : { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}
