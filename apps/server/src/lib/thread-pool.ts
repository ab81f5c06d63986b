import type { ResourceLimits } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import { Piscina } from 'piscina';

/** How a bounded task ended without an answer. */
export type ThreadStop = 'timeout' | 'memory';

/** A thread left without work ends after this long, so an idle server holds none. */
export const THREAD_IDLE_MS = 30_000;

export interface ThreadPoolOptions {
  /** A TypeScript module whose default export answers one task (it may be async). */
  entry: URL;
  /** Where `entry` is resolved from (the caller's `import.meta.url`). */
  parent: string;
  /** What each thread may use: past its heap a thread is stopped, not the process. */
  limits: ResourceLimits;
  /** Threads at most: the cap on these tasks at once, which the callers keep. */
  size: number;
  /** Where a thread that fails between tasks (so no task rejects with it) is told of. */
  log: FastifyBaseLogger;
  idleMs?: number;
}

/**
 * Threads that run one kind of untrusted work (a parser) with bounded memory and time, kept between
 * tasks so the parser's code is loaded once per thread rather than once per file. A task costs its
 * thread's bounded heap and one core, never the server's heap or its event loop. A task past its time
 * ends its thread; one past its memory dies with its thread; the pool starts another for the next task.
 * Threads start when needed, end after `idleMs` without work, and `destroy` ends them all.
 *
 * Reusing a thread across files is safe only because every entry run here is a function of its input:
 * it keeps nothing at module level that a file can change, so one file's parse cannot reach the next.
 */
export class ThreadPool<Task, Answer> {
  #pool: Piscina<Task, Answer> | undefined;

  constructor(private readonly options: ThreadPoolOptions) {}

  /**
   * The entry's answer to `task`. Past `timeoutMs` (counted from the call) the task's thread is
   * stopped and `onStop('timeout')` is what it rejects with; a thread out of memory rejects with
   * `onStop('memory')`; an entry that throws rejects with its error.
   */
  async run(task: Task, timeoutMs: number, onStop: (stop: ThreadStop) => Error): Promise<Answer> {
    const signal = AbortSignal.timeout(timeoutMs);
    try {
      return await this.#threads().run(task, { signal });
    } catch (error) {
      if (signal.aborted) throw onStop('timeout');
      if ((error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') throw onStop('memory');
      throw error;
    }
  }

  /** The threads alive now (tests check that they are reused and replaced). */
  get threadIds(): number[] {
    return this.#pool?.threads.map((thread) => thread.threadId) ?? [];
  }

  /** Ends every thread now, tasks under way included; a later `run` starts new ones. */
  async destroy(): Promise<void> {
    const pool = this.#pool;
    this.#pool = undefined;
    await pool?.destroy();
  }

  #threads(): Piscina<Task, Answer> {
    this.#pool ??= new Piscina<Task, Answer>({
      filename: new URL('./typescript-thread.mjs', import.meta.url).href,
      workerData: { entry: this.options.entry.href, parent: this.options.parent },
      resourceLimits: this.options.limits,
      minThreads: 0,
      maxThreads: this.options.size,
      idleTimeout: this.options.idleMs ?? THREAD_IDLE_MS,
      // A thread between tasks waits on its event loop, not blocked in Atomics.wait.
      atomics: 'disabled',
    });
    // A thread that fails with no task under way is already gone; the next task starts another.
    this.#pool.on('error', (error: Error) => {
      this.options.log.warn({ err: error }, 'a parser thread failed between tasks');
    });
    return this.#pool;
  }
}
