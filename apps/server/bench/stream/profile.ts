import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Session } from 'node:inspector/promises';

/**
 * BENCH_CPU_PROF=<dir>: profiles this server from now (after its set-up) until `stop()`, which writes
 * `<dir>/<name>.cpuprofile` (open it in Chrome DevTools). BENCH_HEAP_PROF=<dir> samples where memory
 * is allocated over the same span into `<dir>/<name>.heapprofile` (DevTools' Memory tab), garbage
 * included: what the scavenger has to sweep. Without either variable it does nothing.
 */
export async function profileIfAsked(name: string): Promise<{ stop: () => Promise<void> }> {
  const cpuDir = process.env.BENCH_CPU_PROF;
  const heapDir = process.env.BENCH_HEAP_PROF;
  if (!cpuDir && !heapDir) return { stop: async () => {} };
  const session = new Session();
  session.connect();
  if (cpuDir) {
    await session.post('Profiler.enable');
    await session.post('Profiler.start');
  }
  if (heapDir) {
    await session.post('HeapProfiler.enable');
    await session.post('HeapProfiler.startSampling', {
      samplingInterval: 4096,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    });
  }
  const save = (dir: string, file: string, data: unknown) => {
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, file), JSON.stringify(data));
  };
  return {
    stop: async () => {
      if (cpuDir) save(cpuDir, `${name}.cpuprofile`, (await session.post('Profiler.stop')).profile);
      if (heapDir) {
        save(heapDir, `${name}.heapprofile`, (await session.post('HeapProfiler.stopSampling')).profile);
      }
      session.disconnect();
    },
  };
}
