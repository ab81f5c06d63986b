import { ModelStreamError } from '../../ai/model-stream.ts';
import { WordCeiling } from '../../ai/word-ceiling.ts';
import { relayDeltas } from '../ai-tasks/relay.ts';
import type { ChatReplyWriter } from './turn-types.ts';

/**
 * One version of a reply being written: its model stream, its share of the reservation and its text
 * so far. A request for one version has one run whose parts name no variant (the stream is the same
 * as before versions existed); a request for several has one run per version, streamed side by side.
 */
export interface ReplyRun {
  /** The index its stream parts carry; undefined when the request asked for one version. */
  variant: number | undefined;
  deltas: AsyncGenerator<string, void, void>;
  /** The stream's first result, asked for as soon as the run starts. */
  first: Promise<IteratorResult<string, void>>;
  ceiling: WordCeiling | undefined;
  text: string;
  /** How the stream ended early, if it did. */
  failure?: ModelStreamError;
  /** It failed before its first word: nothing of it is saved. */
  silent: boolean;
}

/**
 * How many versions run and the words each may write. The reservation covers all of them before
 * any starts, and the words it got (every one asked for, or all that was left) are shared equally:
 * with fewer words left than versions asked for, only as many versions as there are words run.
 * Without a word limit (`words` undefined) each version runs uncapped.
 */
export function runShares(asked: number, words: number | null | undefined): (number | undefined)[] {
  if (!words) return Array.from({ length: asked }, () => undefined);
  const count = Math.min(asked, words);
  return Array.from({ length: count }, () => Math.floor(words / count));
}

export function newRun(
  variant: number | undefined,
  deltas: AsyncGenerator<string, void, void>,
  words: number | undefined,
): ReplyRun {
  const first = deltas.next();
  // Another version's first word may start the reply: this one's failure is read later, by its pump.
  first.catch(() => {});
  return {
    variant,
    deltas,
    first,
    ceiling: words === undefined ? undefined : new WordCeiling(words),
    text: '',
    silent: false,
  };
}

/**
 * Streams a run's text to the writer once its first result is in: `writeFirst` sends the first text
 * (with a single version, that is the reply's start part and its first text in one write). A failure
 * is kept on the run, never thrown (ai-tasks/relay.ts).
 */
export async function pumpRun(
  run: ReplyRun,
  first: IteratorResult<string, void>,
  writer: ChatReplyWriter,
  writeFirst: (text: string | undefined) => void,
): Promise<void> {
  const { text, failure } = await relayDeltas(run.deltas, first, run.ceiling, writeFirst, (kept) =>
    writer.text(kept, run.variant),
  );
  run.text = text;
  if (failure) run.failure = failure;
}

/** A version of several: waits for its own first result, then streams like any run. */
export async function pumpVersion(run: ReplyRun, writer: ChatReplyWriter): Promise<void> {
  let first: IteratorResult<string, void>;
  try {
    first = await run.first;
  } catch (error) {
    run.failure = streamError(error);
    run.silent = true;
    return;
  }
  await pumpRun(run, first, writer, (text) => {
    if (text) writer.text(text, run.variant);
  });
}

export function streamError(error: unknown): ModelStreamError {
  return error instanceof ModelStreamError ? error : new ModelStreamError('provider', 'The model failed');
}

/** The text a run saves: cut once more at its ceiling, counted whole. */
export function finalText(run: ReplyRun): string {
  return run.ceiling ? run.ceiling.final(run.text) : run.text;
}
