/**
 * `npm run bench:child-start`: the CPU one test start of the server costs (user + system, every thread
 * of its process, from its start until it logs that it listens), started the way the tests start it
 * (the prebuilt bundle with plain `node`) against the way it was started before (`node --import tsx`
 * on the TypeScript entry). Each start gets a seeded PGlite directory of its own; the two ways take
 * turns, BENCH_RUNS times each (default 5), and the medians are printed. CPU, not seconds: the figure
 * holds on a busy machine.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundledServer } from '../../../../scripts/lib/server-bundle.mjs';
import { seedDataDir } from '../../../../scripts/lib/pglite-template.mjs';
import { childServerEnv } from '../../test/ops/child-server-env.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const runs = Number(process.env.BENCH_RUNS ?? 5);
/** Clock ticks per second of /proc/<pid>/stat's times (USER_HZ, 100 on Linux). */
const TICKS = 100;

type Way = 'bundle' | 'tsx';

/** CPU seconds of the process `pid` so far, all its threads (utime + stime). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS;
}

async function start(way: Way): Promise<{ cpu: number; wall: number }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'redacta-child-start-'));
  try {
    seedDataDir(dataDir);
    const [command, args] =
      way === 'bundle'
        ? await bundledServer()
        : [process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')]];
    const began = performance.now();
    const child = spawn(command, args, {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
      env: childServerEnv({ DATA_DIR: dataDir, WEB_DIST_DIR: path.join(dataDir, 'no-web-app') }),
    });
    let output = '';
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Server listening at')) resolve();
      });
      child.once('exit', (code) => reject(new Error(`the server exited (${code}):\n${output}`)));
    });
    const measured = { cpu: cpuSeconds(child.pid!), wall: (performance.now() - began) / 1000 };
    const exited = new Promise((resolve) => child.once('exit', resolve));
    // Stopped as the tests mostly stop it, cleanly: Node writes its compile cache on the way out.
    child.kill('SIGTERM');
    await exited;
    return measured;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

// Warm both ways once (the bundle built, tsx's cache of compiled files filled), as in a test run.
await start('bundle');
await start('tsx');
const results: Record<Way, { cpu: number; wall: number }[]> = { bundle: [], tsx: [] };
for (let i = 0; i < runs; i++) {
  for (const way of ['bundle', 'tsx'] as const) results[way].push(await start(way));
}
const loads = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
for (const way of ['tsx', 'bundle'] as const) {
  const cpu = results[way].map((r) => r.cpu);
  const wall = results[way].map((r) => r.wall);
  console.log(
    `${way.padEnd(6)} CPU ${median(cpu).toFixed(2)} s (${cpu.map((c) => c.toFixed(2)).join(' ')}), ` +
      `wall ${median(wall).toFixed(2)} s (${wall.map((w) => w.toFixed(2)).join(' ')})`,
  );
}
console.log(`Node ${process.version}, load average ${loads} at the end`);
