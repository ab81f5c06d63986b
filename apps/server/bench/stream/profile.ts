import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Session } from 'node:inspector/promises';

/**
 * BENCH_CPU_PROF=<dir>: profiles this server from now (after its set-up) until `stop()`, which writes
 * `<dir>/<name>.cpuprofile` (open it in Chrome DevTools). Without the variable it does nothing.
 */
export async function profileIfAsked(name: string): Promise<{ stop: () => Promise<void> }> {
  const dir = process.env.BENCH_CPU_PROF;
  if (!dir) return { stop: async () => {} };
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return {
    stop: async () => {
      const { profile } = await session.post('Profiler.stop');
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, `${name}.cpuprofile`), JSON.stringify(profile));
      session.disconnect();
    },
  };
}
