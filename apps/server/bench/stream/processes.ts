import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { ReadyMessage } from './protocol.ts';

export interface Child<T extends ReadyMessage = ReadyMessage> {
  process: ChildProcess;
  ready: T;
  /** User + system CPU time the process has used so far, in milliseconds (from /proc/<pid>/stat). */
  cpuMs(): number;
  /** The same by thread id (threadCpuMs). */
  threadCpuMs(): Map<number, number>;
  stop(): Promise<void>;
}

/** The kernel's clock ticks per second, the unit of the CPU times in /proc. */
export const ticksPerSecond = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** utime + stime from a /proc stat file: fields 14 and 15, after the parenthesised name. */
function statCpuMs(file: string): number {
  const stat = readFileSync(file, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / ticksPerSecond;
}

/** User + system CPU time of a whole process (every thread), in milliseconds. */
export function processCpuMs(pid: number): number {
  return statCpuMs(`/proc/${pid}/stat`);
}

/** Resident memory of a process, in bytes (VmRSS of /proc/<pid>/status). */
export function processRssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)![1]) * 1024;
}

/**
 * CPU time of each thread of a process, by thread id (the event loop's is the pid): where a
 * server's time goes between its event loop, PGlite's thread and V8's helpers. A thread that ends
 * between the listing and its reading is left out.
 */
export function threadCpuMs(pid: number): Map<number, number> {
  const threads = new Map<number, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      threads.set(Number(tid), statCpuMs(`/proc/${pid}/task/${tid}/stat`));
    } catch {
      // Gone already.
    }
  }
  return threads;
}

/**
 * Starts one of the benchmark's servers as a Node process of its own (no shell in between, so its
 * pid is the server's) and waits for the JSON line saying it listens. BENCH_NODE_FLAGS adds V8 and
 * Node flags to every such process (`--trace-gc`, `--trace-opt`…, which NODE_OPTIONS does not all
 * take); what they print reaches the benchmark's stderr with the process's file name, or `onLine`
 * when given (a benchmark that reads its servers' logs). `nodeFlags` come first: our server's are
 * `serverNodeFlags`, the ones every process running it starts with.
 */
export async function startChild<T extends ReadyMessage>(
  file: string,
  env: Record<string, string> = {},
  onLine?: (line: string) => void,
  nodeFlags: readonly string[] = [],
): Promise<Child<T>> {
  const script = fileURLToPath(new URL(file, import.meta.url));
  const flags = process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeFlags, ...flags, '--import', 'tsx', script], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const ready = await new Promise<T>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${file} exited with ${code} before it was ready`)));
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      if (!line.startsWith('{"ready"')) {
        if (onLine) onLine(line);
        else process.stderr.write(`[${file}] ${line}\n`);
        return;
      }
      resolve((JSON.parse(line) as { ready: T }).ready);
    });
  });
  child.removeAllListeners('exit');
  // Never leave a server behind, even when the benchmark itself fails; one that has exited needs nothing.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  child.once('exit', () => process.off('exit', killOnExit));
  return {
    process: child,
    ready,
    cpuMs: () => processCpuMs(child.pid!),
    threadCpuMs: () => threadCpuMs(child.pid!),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * Waits until the server child answers `/readyz` 200, polling every 250 ms; throws with its recent
 * output when it exits first or is not ready within `timeoutMs`.
 */
export async function waitUntilReady(
  url: string,
  child: { exitCode: number | null },
  timeoutMs: number,
  output: () => string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited before it was ready:\n${output()}`);
    if (Date.now() > deadline) throw new Error(`the server was not ready in time:\n${output()}`);
    const ready = await fetch(`${url}/readyz`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
