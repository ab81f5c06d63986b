import type { LanguageModelV3, LanguageModelV3CallOptions } from '@ai-sdk/provider';
import { partSourceOf, type PartSource } from './part-source.ts';
import { WordCeiling } from './word-ceiling.ts';

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
  /** The longest the whole call may take, however steadily it streams. */
  replyMs?: number;
}

/**
 * What every model stream shares: the client leaving and the watchdog abort one upstream
 * controller (closing the provider's connection), and the stream then fails saying why.
 * The watchdog first waits for a model call's first token, then for each gap between chunks; the
 * deadline ends a call that takes longer than `replyMs` in all.
 */
export class StreamGuard {
  readonly upstream = new AbortController();
  /** Rejects as soon as the upstream is aborted, whatever the model does with its signal. */
  readonly aborted: Promise<never>;
  private ending: StreamEnding | undefined;
  private watchdog: NodeJS.Timeout;
  private deadline: NodeJS.Timeout | undefined;
  /** The current wait: since when (Date.now()) and how long it may last. */
  private waitStartedAt = Date.now();
  private waitMs: number;
  private sawText = false;
  private upstreamDone = false;
  private readonly onClientAbort = () => this.stop('aborted');
  /** What listens for the upstream's abort; removed on `close` (see there). */
  private readonly upstreamListeners: (() => void)[] = [];

  constructor(
    private readonly signal: AbortSignal,
    private readonly timeouts: StreamTimeouts,
  ) {
    if (signal.aborted) throw new ModelStreamError('aborted', 'The client left');
    signal.addEventListener('abort', this.onClientAbort, { once: true });
    this.aborted = new Promise<never>((_, reject) => {
      this.listenUpstream(() => reject(this.upstream.signal.reason));
    });
    this.aborted.catch(() => {});
    this.waitMs = timeouts.firstTokenMs;
    this.watchdog = setTimeout(this.onWatchdog, this.waitMs);
    if (timeouts.replyMs !== undefined)
      this.deadline = setTimeout(() => this.stop('timeout'), timeouts.replyMs);
  }

  race<T>(promise: PromiseLike<T>): Promise<T> {
    return Promise.race([promise, this.aborted]);
  }

  /**
   * Makes reads of a model's parts end as soon as the upstream is aborted: the abort cancels the
   * parts (a stream reader or a PartSource), which settles a pending read as done at once whatever the
   * model does with its signal, so a chunk costs one plain read, not a race. After a read that is done,
   * call `throwIfStopped`.
   */
  cancelOnStop(parts: { cancel(reason?: unknown): Promise<void> }) {
    const cancel = () => void parts.cancel().catch(() => {});
    if (this.upstream.signal.aborted) cancel();
    else this.listenUpstream(cancel);
  }

  /** A stream that ended because the upstream was stopped did not finish: throws saying why. */
  throwIfStopped() {
    if (this.upstream.signal.aborted) throw this.failure(this.upstream.signal.reason);
  }

  /** Text arrived: from now on the idle timeout runs between chunks. */
  textArrived() {
    if (this.sawText) {
      this.waitStartedAt = Date.now();
      return;
    }
    this.sawText = true;
    this.rearm(this.timeouts.idleMs);
  }

  /** Another model call starts (a tool-use step): it gets the first-token timeout again. */
  callStarted() {
    this.sawText = false;
    this.rearm(this.timeouts.firstTokenMs);
  }

  /** Progress that is not text (tool calls, their results): the current wait starts over. */
  progressed() {
    this.waitStartedAt = Date.now();
  }

  /** The error to throw for whatever ended the stream: the guard's own reason wins. */
  failure(error: unknown): ModelStreamError {
    if (this.ending) return new ModelStreamError(this.ending, this.ending, { cause: error });
    if (error instanceof ModelStreamError) return error;
    return new ModelStreamError('provider', describe(error), { cause: error });
  }

  /** The model's stream ended by itself: nothing upstream is left to abort on `close`. */
  upstreamEnded() {
    this.upstreamDone = true;
  }

  /**
   * Leaving however it ended (finished, client gone, timeout, consumer stopped): the upstream call
   * ends. Aborting one that already ended would only cost (an abort walks the fetch's listeners).
   */
  close() {
    clearTimeout(this.watchdog);
    clearTimeout(this.deadline);
    this.signal.removeEventListener('abort', this.onClientAbort);
    if (!this.upstreamDone && !this.upstream.signal.aborted) this.upstream.abort();
    // fetch keeps the signal it was given reachable until its request object is collected, which a
    // stream that lives for seconds leaves to a full collection: listeners left on it would keep this
    // guard and the parts it reads (the response body, its buffers) alive that long, into the old
    // generation, for every stream.
    for (const listener of this.upstreamListeners) {
      this.upstream.signal.removeEventListener('abort', listener);
    }
    this.upstreamListeners.length = 0;
  }

  private listenUpstream(listener: () => void) {
    this.upstreamListeners.push(listener);
    this.upstream.signal.addEventListener('abort', listener, { once: true });
  }

  private stop(reason: StreamEnding) {
    this.ending ??= reason;
    this.upstream.abort(new ModelStreamError(reason, reason));
  }

  private rearm(ms: number) {
    clearTimeout(this.watchdog);
    this.waitStartedAt = Date.now();
    this.waitMs = ms;
    this.watchdog = setTimeout(this.onWatchdog, ms);
  }

  /**
   * Progress only moves the start of the wait (a chunk costs a clock read, not a timer update); when
   * the timer fires early because of it, it is set again for what is left of the wait.
   */
  private readonly onWatchdog = () => {
    const left = this.waitStartedAt + this.waitMs - Date.now();
    if (left > 0) this.watchdog = setTimeout(this.onWatchdog, left);
    else this.stop('timeout');
  };
}

/**
 * Text deltas of one `model.doStream()` call (no streamText on the hot path: ADR 0005).
 * The first-token wait covers the whole doStream call (OpenAI-style providers resolve it only once
 * output starts). Failures are ModelStreamErrors: `aborted`, `timeout`, or `provider`.
 */
export async function* modelTextStream(
  model: LanguageModelV3,
  call: Omit<LanguageModelV3CallOptions, 'abortSignal'>,
  timeouts: StreamTimeouts,
  signal: AbortSignal,
): AsyncGenerator<string, void, void> {
  const guard = new StreamGuard(signal, timeouts);
  let source: PartSource | undefined;
  try {
    const result = await guard.race(model.doStream({ ...call, abortSignal: guard.upstream.signal }));
    source = partSourceOf(result);
    guard.cancelOnStop(source);
    while (true) {
      const parts = await source.read();
      if (!parts) {
        guard.throwIfStopped();
        guard.upstreamEnded();
        return;
      }
      for (const part of parts) {
        if (part.type === 'text-delta') {
          if (part.delta.length === 0) continue;
          guard.textArrived();
          yield part.delta;
        } else if (part.type === 'error') {
          throw new ModelStreamError('provider', describe(part.error), { cause: part.error });
        } else if (part.type === 'finish' && part.finishReason.unified === 'error') {
          throw new ModelStreamError('provider', 'The model stopped with an error');
        }
      }
    }
  } catch (error) {
    throw guard.failure(error);
  } finally {
    guard.close();
    source?.cancel().catch(() => {});
  }
}

/**
 * A model's whole answer, trimmed, for calls answered in one response (improve, voice analysis);
 * `signal` aborts the call. With `maxWords` the answer stops there (the model is stopped too), whatever
 * the provider did with its token limit. Failures are ModelStreamErrors, as in `modelTextStream`.
 */
export async function modelAnswer(
  model: LanguageModelV3,
  call: Omit<LanguageModelV3CallOptions, 'abortSignal'>,
  timeouts: StreamTimeouts,
  signal: AbortSignal,
  maxWords?: number,
): Promise<string> {
  const ceiling = maxWords === undefined ? undefined : new WordCeiling(maxWords);
  let text = '';
  for await (const delta of modelTextStream(model, call, timeouts, signal)) {
    if (!ceiling) {
      text += delta;
      continue;
    }
    text += ceiling.admit(delta);
    if (ceiling.reached) break;
  }
  return (ceiling ? ceiling.final(text) : text).trim();
}

export function describe(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return 'The model failed';
}
