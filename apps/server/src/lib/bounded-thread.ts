import { Worker, type ResourceLimits } from 'node:worker_threads';

/** How a bounded thread ended without an answer. */
export type ThreadStop = 'timeout' | 'memory';

/**
 * The script that starts a thread on a TypeScript entry. Node does not apply the process's
 * `--import tsx` to worker threads, so the thread loads its entry through tsx's API.
 */
export function typeScriptThreadScript(entry: URL, parent: string): string {
  return `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then(({ tsImport }) =>
  tsImport(${JSON.stringify(entry.href)}, ${JSON.stringify(parent)}))`;
}

/**
 * Runs `entry` in a thread of its own with `limits` and waits for its one message: untrusted input that
 * takes a parser far costs that thread's bounded memory and one core, never the server's heap or its
 * event loop. A thread past its time or memory is stopped and `onStop` says what to reject with; one
 * that fails otherwise rejects with its error. The thread is ended however it went.
 */
export function answerFromThread<Answer>(
  entry: URL,
  parent: string,
  options: {
    workerData: unknown;
    limits: ResourceLimits;
    timeoutMs: number;
    onStop: (stop: ThreadStop) => Error;
  },
): Promise<Answer> {
  const worker = new Worker(typeScriptThreadScript(entry, parent), {
    eval: true,
    workerData: options.workerData,
    resourceLimits: options.limits,
  });
  return new Promise<Answer>((resolve, reject) => {
    const timer = setTimeout(() => reject(options.onStop('timeout')), options.timeoutMs);
    worker.once('message', (answer: Answer) => {
      clearTimeout(timer);
      resolve(answer);
    });
    worker.once('error', (error: Error & { code?: string }) => {
      clearTimeout(timer);
      reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? options.onStop('memory') : error);
    });
    worker.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The thread stopped (exit code ${code}) without an answer`));
    });
  }).finally(() => void worker.terminate());
}
