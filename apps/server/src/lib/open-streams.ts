import type { FastifyBaseLogger } from 'fastify';

/**
 * The chat replies this instance is streaming, from the request's arrival to its saved reply: what a
 * stopping server waits for, aborts when its grace runs out, and must not close the database under.
 * The chat route opens one per request; the metrics count them.
 */
export class OpenStreams {
  readonly #open = new Set<AbortController>();
  #idle: (() => void)[] = [];

  /** How many are open now. */
  get size(): number {
    return this.#open.size;
  }

  /**
   * A stream starts. Its `signal` fires when the server aborts it; `close` once its reply is saved
   * (or it was refused), however it ended.
   */
  open(): { signal: AbortSignal; close(): void } {
    const controller = new AbortController();
    this.#open.add(controller);
    let closed = false;
    return {
      signal: controller.signal,
      close: () => {
        if (closed) return;
        closed = true;
        this.#open.delete(controller);
        if (this.#open.size === 0) for (const resolve of this.#idle.splice(0)) resolve();
      },
    };
  }

  /** Resolves true once none is open, or false if some still are after `timeoutMs`. */
  async #allClosed(timeoutMs = Number.POSITIVE_INFINITY): Promise<boolean> {
    if (this.#open.size === 0) return true;
    let timer: NodeJS.Timeout | undefined;
    const idle = new Promise<true>((resolve) => this.#idle.push(() => resolve(true)));
    const late = new Promise<false>((resolve) => {
      if (Number.isFinite(timeoutMs)) timer = setTimeout(() => resolve(false), timeoutMs);
    });
    try {
      return await Promise.race([idle, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Aborts every open stream; each still closes itself once its partial reply is saved. */
  #abortAll(): number {
    for (const controller of this.#open) controller.abort();
    return this.#open.size;
  }

  /**
   * A stopping server's wait: the open streams get `graceMs` to finish, those still open are then
   * aborted (each ends as if its sender had stopped it), and this resolves once every one is closed,
   * its reply saved.
   */
  async settle(graceMs: number, log: Pick<FastifyBaseLogger, 'info' | 'warn'>): Promise<void> {
    if (this.size > 0) log.info({ openStreams: this.size, graceMs }, 'draining: letting chat replies finish');
    if (await this.#allClosed(graceMs)) return;
    const aborted = this.#abortAll();
    log.warn({ aborted }, 'grace period over: aborting the chat replies still open');
    await this.#allClosed();
  }
}
