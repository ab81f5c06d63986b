/**
 * `npm run bench:check`: every benchmark in its brief mode (BENCH_BRIEF=1, see docs/benchmarks.md), one
 * after another, then one table of every target in targets.ts: the figure measured, the target and
 * the verdict. Exits non-zero when a figure misses its target or was not measured. A benchmark
 * command for a quiet machine, not a CI test: latency figures taken beside other work say more about
 * the machine than about the code.
 *
 * Each benchmark runs as its npm script in a child process with BENCH_FIGURES naming a file of its
 * own, where it records its figures (figures.ts); its output goes to a log file beside it.
 * BENCH_CHECK_ONLY=style,knowledge runs only those benchmarks, and tabulates only their targets.
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, closeSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatTable, rowsOf } from './table.ts';
import { targets, type Figure, type TargetName } from './targets.ts';

/** Quick ones first: a broken set-up shows within a minute, not after the soak. */
const benchmarks: { name: string; script: string; env?: Record<string, string> }[] = [
  { name: 'style', script: 'bench:style' },
  { name: 'knowledge', script: 'bench:knowledge' },
  { name: 'bench', script: 'bench' },
  { name: 'throughput', script: 'bench:throughput' },
  // Only the level the targets are judged at, over the default seven runs the verdict takes.
  { name: 'stream', script: 'bench:stream', env: { BENCH_LEVELS: '200' } },
  { name: 'web', script: 'bench:web' },
  { name: 'collab', script: 'bench:collab' },
  { name: 'document-saves', script: 'bench:document-saves' },
  { name: 'bulk', script: 'bench:bulk' },
  { name: 'capacity', script: 'bench:capacity' },
  { name: 'soak', script: 'bench:soak' },
];
/** Far beyond any brief run: a benchmark stuck this long is stopped and its figures count as missing. */
const TIME_LIMIT_MS = 30 * 60_000;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
const seconds = (since: number) => Math.round((performance.now() - since) / 1000);

for (const target of Object.values(targets))
  if (!benchmarks.some((benchmark) => benchmark.script === target.benchmark))
    throw new Error(`targets.ts names ${target.benchmark}, which bench:check does not run`);

function chosen() {
  const only = process.env.BENCH_CHECK_ONLY?.split(',').map((name) => name.trim().replace(/^bench:/, ''));
  if (!only) return benchmarks;
  const unknown = only.filter((name) => !benchmarks.some((benchmark) => benchmark.name === name));
  if (unknown.length)
    throw new Error(
      `BENCH_CHECK_ONLY: no benchmark ${unknown.join(', ')} (there are ${benchmarks.map((b) => b.name).join(', ')})`,
    );
  return benchmarks.filter((benchmark) => only.includes(benchmark.name));
}

let running: ChildProcess | null = null;
/** The child leads a process group of its own (its npm, node and their servers): stop all of it. */
const stopRunning = (signal: NodeJS.Signals) => {
  if (running?.pid && running.exitCode === null && running.signalCode === null)
    try {
      process.kill(-running.pid, signal);
    } catch {
      // Already gone.
    }
};
process.once('SIGINT', () => {
  stopRunning('SIGTERM');
  process.exit(130);
});

/** Runs one npm script to its end; resolves with how it ended. */
function runScript(script: string, env: Record<string, string>, log: string): Promise<string | null> {
  const out = openSync(log, 'a');
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', script], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', out, out],
      detached: true,
    });
    running = child;
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      stopRunning('SIGTERM');
      setTimeout(() => stopRunning('SIGKILL'), 10_000).unref();
    }, TIME_LIMIT_MS);
    const done = (ended: string | null) => {
      clearTimeout(timer);
      closeSync(out);
      running = null;
      resolve(ended);
    };
    child.once('error', (error) => done(`could not start: ${error.message}`));
    child.once('exit', (code, signal) => {
      if (timedOut) done(`stopped after ${TIME_LIMIT_MS / 60_000} min`);
      else done(code === 0 ? null : signal ? `ended by ${signal}` : `exited with code ${code}`);
    });
  });
}

function readFigures(file: string): Figure[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Figure)
    .filter((figure) => figure.target in targets);
}

const started = performance.now();
const loadBefore = load();
const selected = chosen();
const dir = mkdtempSync(path.join(tmpdir(), 'redacta-bench-check-'));
console.log(
  `bench:check: ${selected.length} benchmark${selected.length === 1 ? '' : 's'}, brief; logs and figures in ${dir}`,
);

const figures = new Map<TargetName, Figure>();
const outcomes = new Map<string, { ended: string | null; log: string; recorded: number }>();
for (const [index, benchmark] of selected.entries()) {
  const log = path.join(dir, `${benchmark.name}.log`);
  const file = path.join(dir, `${benchmark.name}.figures.jsonl`);
  const since = performance.now();
  const ended = await runScript(
    benchmark.script,
    { ...benchmark.env, BENCH_BRIEF: '1', BENCH_FIGURES: file },
    log,
  );
  const recorded = readFigures(file);
  for (const figure of recorded) figures.set(figure.target, figure);
  outcomes.set(benchmark.script, { ended, log, recorded: recorded.length });
  const count = `${recorded.length} figure${recorded.length === 1 ? '' : 's'}`;
  const how = !ended
    ? count
    : `${ended}${recorded.length ? `, ${count} recorded` : ' without recording a figure'}`;
  console.log(
    `[${index + 1}/${selected.length}] ${benchmark.script}: ${how}, ${seconds(since)} s (load ${load()})`,
  );
}

const rows = rowsOf(
  selected.map((benchmark) => benchmark.script),
  figures,
  (script) => {
    const outcome = outcomes.get(script)!;
    const what = outcome.ended
      ? `${script} ${outcome.ended}${outcome.recorded ? '' : ' without recording a figure'}`
      : `${script} did not record this figure`;
    return `${what}; see ${outcome.log}`;
  },
);
const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], {
  cwd: root,
  encoding: 'utf8',
}).trim();
const table = [
  formatTable(rows),
  '',
  `load average before ${loadBefore}, after ${load()} (1, 5, 15 min)`,
  `Node ${process.version}; commit ${commit}${dirty ? ' with uncommitted changes' : ''}; ${seconds(started)} s in all`,
].join('\n');
writeFileSync(path.join(dir, 'table.txt'), `${table}\n`);
console.log(`\n${table}`);
if (rows.some((row) => row.verdict === 'MISS')) process.exitCode = 1;
