import type { LanguageModelV3StreamPart, LanguageModelV3StreamResult } from '@ai-sdk/provider';

/**
 * A model stream's parts in batches: each `read` answers the parts that one network read produced
 * (never an empty batch), or undefined once the stream has ended.
 */
export interface PartSource {
  read(): Promise<LanguageModelV3StreamPart[] | undefined>;
  cancel(reason?: unknown): Promise<void>;
}

const partSourceKey = Symbol('redacta.partSource');

type WithPartSource = LanguageModelV3StreamResult & { [partSourceKey]?: PartSource };

/**
 * A stream result whose parts can be read without a web stream in between (ADR 0005). `stream` — the
 * LanguageModelV3 interface every AI SDK consumer reads — is made from the source only when asked for;
 * `partSourceOf` hands our own chat path the source itself, which saves a web-stream hop per chunk
 * (an enqueue, a read request, a promise and a result object). Read one or the other, never both.
 */
export function streamResultFromSource(
  source: PartSource,
  rest: Omit<LanguageModelV3StreamResult, 'stream'>,
): LanguageModelV3StreamResult {
  let stream: ReadableStream<LanguageModelV3StreamPart> | undefined;
  const result: WithPartSource = {
    ...rest,
    get stream() {
      stream ??= readableStreamOf(source);
      return stream;
    },
  };
  result[partSourceKey] = source;
  return result;
}

/** The parts of any model's stream result as a PartSource: its own source, or one read from `stream`. */
export function partSourceOf(result: LanguageModelV3StreamResult): PartSource {
  const own = (result as WithPartSource)[partSourceKey];
  if (own) return own;
  const reader = result.stream.getReader();
  return {
    read: async () => {
      const { done, value } = await reader.read();
      return done ? undefined : [value];
    },
    cancel: (reason) => reader.cancel(reason),
  };
}

function readableStreamOf(source: PartSource): ReadableStream<LanguageModelV3StreamPart> {
  return new ReadableStream<LanguageModelV3StreamPart>({
    async pull(controller) {
      const parts = await source.read();
      if (!parts) {
        controller.close();
        return;
      }
      for (const part of parts) controller.enqueue(part);
    },
    cancel: (reason) => source.cancel(reason),
  });
}
