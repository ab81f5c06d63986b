import { ModelStreamError } from '../../ai/model-stream.ts';
import type { ChatStreamPart } from '@redacta/shared';
import type { WordCeiling } from '../../ai/word-ceiling.ts';

/** The knowledge a chat reply cites, sent between its start and its first text. */
export type SourcesPart = Extract<ChatStreamPart, { type: 'sources' }>;

/**
 * Where a streamed answer goes, part by part (a route writes them to the HTTP response as NDJSON).
 * Called in order: `start` once, `text` any number of times, then `end` or `drop`; or only `drop`.
 */
export interface ReplyWriter<Start, Last> {
  /**
   * The answer starts: its start part, then the knowledge it cites when it has some, then its first
   * text when there is one, in one write.
   */
  start(start: Start, firstText?: string, sources?: SourcesPart): void;
  /** More text, of the given version when the request asked for several. */
  text(text: string, variant?: number): void;
  /** One version's last part, when the request asked for several: the stream goes on. */
  part(last: Last): void;
  /** The last part; without one the client knows the answer failed. */
  end(last?: Last): void;
  /** The client left (before or during the answer): its connection is closed, nothing more is sent. */
  drop(): void;
  /** Whether the client's connection is already gone. */
  readonly gone: boolean;
}

/** What a relayed answer came to: its text as kept, and why it ended early if it did. */
export interface RelayedText {
  /** The text written to the client, cut at the ceiling when there is one. */
  text: string;
  failure?: ModelStreamError;
}

/**
 * Writes a model's answer to its client once the first read of `deltas` has come back (the caller
 * awaits that read itself, since a failure before the first token is an ordinary error response):
 * the start part with the first text, then every delta as it arrives. With a ceiling, what goes past
 * it is cut and the model is stopped (leaving the loop ends the generator, which aborts the provider's
 * stream). A failure mid-way ends the relay; the text so far is kept. `sources` go out with the start.
 */
export async function relayText<Start, Last>(
  deltas: AsyncGenerator<string, void, void>,
  first: IteratorResult<string, void>,
  writer: ReplyWriter<Start, Last>,
  start: Start,
  ceiling: WordCeiling | undefined,
  sources?: SourcesPart,
): Promise<RelayedText> {
  const relayed = await relayDeltas(
    deltas,
    first,
    ceiling,
    (text) => writer.start(start, text, sources),
    (text) => writer.text(text),
  );
  return { ...relayed, text: ceiling ? ceiling.final(relayed.text) : relayed.text };
}

/**
 * The relay's loop: `writeFirst` sends the first text (undefined when the model wrote nothing) and
 * `writeText` every delta after it, each cut at the ceiling. Answers the text as written (not yet cut
 * by `ceiling.final`) and why it ended early, if it did; a failure is never thrown.
 */
export async function relayDeltas(
  deltas: AsyncGenerator<string, void, void>,
  first: IteratorResult<string, void>,
  ceiling: WordCeiling | undefined,
  writeFirst: (text: string | undefined) => void,
  writeText: (text: string) => void,
): Promise<RelayedText> {
  if (first.done) {
    writeFirst(undefined);
    return { text: '' };
  }
  let text = ceiling ? ceiling.admit(first.value) : first.value;
  writeFirst(text);
  try {
    if (ceiling?.reached) await deltas.return();
    else {
      for await (const delta of deltas) {
        const kept = ceiling ? ceiling.admit(delta) : delta;
        if (kept) {
          text += kept;
          writeText(kept);
        }
        if (ceiling?.reached) break;
      }
    }
  } catch (error) {
    return {
      text,
      failure:
        error instanceof ModelStreamError ? error : new ModelStreamError('provider', 'The model failed'),
    };
  }
  return { text };
}
