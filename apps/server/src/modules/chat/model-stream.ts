import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3StreamPart,
} from '@ai-sdk/provider';

export type StreamEnding = 'aborted' | 'timeout' | 'provider';

/** How a model stream ended early: the client left, a timeout passed, or the provider failed. */
export class ModelStreamError extends Error {
  constructor(
    readonly reason: StreamEnding,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export interface StreamTimeouts {
  firstTokenMs: number;
  idleMs: number;
}

/**
 * Text deltas of one `model.doStream()` call (DESIGN §6: no streamText on the hot path).
 * One watchdog covers the first token (the whole doStream call included: OpenAI-style providers
 * resolve it only once output starts) and then each gap between chunks; when it fires, or when
 * `signal` (the client) aborts, the provider's request is aborted — closing its connection — and
 * the generator throws a ModelStreamError saying why. Any other provider failure is `provider`.
 */
export async function* modelTextStream(
  model: LanguageModelV3,
  call: Omit<LanguageModelV3CallOptions, 'abortSignal'>,
  timeouts: StreamTimeouts,
  signal: AbortSignal,
): AsyncGenerator<string, void, void> {
  const upstream = new AbortController();
  let ending: StreamEnding | undefined;
  const stop = (reason: StreamEnding) => {
    ending ??= reason;
    upstream.abort(new ModelStreamError(reason, reason));
  };
  const onClientAbort = () => stop('aborted');
  if (signal.aborted) throw new ModelStreamError('aborted', 'The client left');
  signal.addEventListener('abort', onClientAbort, { once: true });

  // Rejects as soon as the upstream is aborted, whatever the model does with its signal.
  const aborted = new Promise<never>((_, reject) => {
    upstream.signal.addEventListener('abort', () => reject(upstream.signal.reason), { once: true });
  });
  aborted.catch(() => {});
  let watchdog = setTimeout(() => stop('timeout'), timeouts.firstTokenMs);
  let sawText = false;
  let reader: ReadableStreamDefaultReader<LanguageModelV3StreamPart> | undefined;

  try {
    const result = await Promise.race([model.doStream({ ...call, abortSignal: upstream.signal }), aborted]);
    reader = result.stream.getReader();
    while (true) {
      const { done, value: part } = await Promise.race([reader.read(), aborted]);
      if (done) return;
      if (part.type === 'text-delta') {
        if (part.delta.length === 0) continue;
        if (!sawText) {
          sawText = true;
          clearTimeout(watchdog);
          watchdog = setTimeout(() => stop('timeout'), timeouts.idleMs);
        } else {
          watchdog.refresh();
        }
        yield part.delta;
      } else if (part.type === 'error') {
        throw new ModelStreamError('provider', describe(part.error), { cause: part.error });
      } else if (part.type === 'finish' && part.finishReason.unified === 'error') {
        throw new ModelStreamError('provider', 'The model stopped with an error');
      }
    }
  } catch (error) {
    if (ending) throw new ModelStreamError(ending, ending, { cause: error });
    if (error instanceof ModelStreamError) throw error;
    throw new ModelStreamError('provider', describe(error), { cause: error });
  } finally {
    clearTimeout(watchdog);
    signal.removeEventListener('abort', onClientAbort);
    // Leaving early (client gone, timeout, consumer stopped): make sure the upstream call ends.
    if (!upstream.signal.aborted) upstream.abort();
    reader?.cancel().catch(() => {});
  }
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return 'The model failed';
}
