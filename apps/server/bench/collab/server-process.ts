import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { processCpuMs } from '../stream/processes.ts';
import type { ControlAnswer, ControlRequest, ServerCounts, ServerMemory, ServerReady } from './protocol.ts';

export interface ServerProcess {
  ready: ServerReady;
  pid: number;
  /** User + system CPU time of the server process so far, in ms (from /proc/<pid>/stat). */
  cpuMs(): number;
  /** The server's memory after full garbage collections, once it holds still (app-server.ts). */
  memory(): Promise<ServerMemory>;
  /** Live documents open, connections, and documents being stored on the server. */
  counts(): Promise<ServerCounts>;
  stop(): Promise<void>;
}

/**
 * The server (app-server.ts) as a Node process of its own with an IPC channel: the ready message and
 * the answers to `memory` and `counts` come back over it, one request at a time.
 */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const child = fork(fileURLToPath(new URL('./app-server.ts', import.meta.url)), {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  process.once('exit', () => child.kill('SIGKILL'));
  const ready = await new Promise<ServerReady>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the benchmark's server exited with ${code}`)));
    child.once('message', (message: { ready: ServerReady }) => resolve(message.ready));
  });
  child.removeAllListeners('exit');

  const ask = (request: ControlRequest) =>
    new Promise<ControlAnswer>((resolve) => {
      child.once('message', (message: ControlAnswer) => resolve(message));
      child.send(request);
    });

  return {
    ready,
    pid: child.pid!,
    cpuMs: () => processCpuMs(child.pid!),
    memory: async () => ((await ask('memory')) as { memory: ServerMemory }).memory,
    counts: async () => ((await ask('counts')) as { counts: ServerCounts }).counts,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
