/**
 * `node --import tsx bench/web/main-thread.ts <name>=<dist> <name>=<dist>…`: web builds compared by the
 * page's main-thread CPU time until the last reply of a 3,000-entry conversation is on screen (390 × 844),
 * a figure the machine's load moves far less than the wall-clock time `npm run bench:web` reports. Each
 * build is served by a server of its own on identically seeded data; after one uncounted load each, the
 * builds take turns (a, b, b, a, a, b…) for BENCH_ROUNDS rounds (5).
 *
 * Each load is traced (Chromium's `RunTask` events on the page's main thread, from navigation start to
 * the frame that finds the reply on screen): CPU time (the tasks' thread time), busy time (their wall
 * time), and the parts inside them (script evaluation, style, layout and forced layout, paint…). With
 * BENCH_PROFILE=1 a CPU profile is taken instead, and its samples are summed by script file: which
 * chunk the time went to (sampled on the wall clock, so the proportions are what to read).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { launchBrowser } from './browser.ts';
import { watchForLastReplyScript } from './page-scripts.ts';
import { seed, type Seed } from './seed.ts';
import { startBenchServer, type BenchServer } from './server.ts';

const SIZE = 3000;
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const profiling = process.env.BENCH_PROFILE === '1';
const LAST_REPLY_MARK = 'bench-last-reply';
const loadAverage = () => Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);
const print = (line = '') => process.stdout.write(`${line}\n`);
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}

/** Trace events inside the page's tasks, summed (nested ones included) as parts of the time. */
const PARTS = {
  script: ['v8.evaluateModule', 'EvaluateScript', 'FunctionCall', 'RunMicrotasks'],
  style: ['UpdateLayoutTree', 'ParseAuthorStyleSheet'],
  layout: ['Layout'],
  paint: ['PrePaint', 'Paint', 'Layerize'],
  html: ['ParseHTML'],
  gc: ['MinorGC', 'MajorGC'],
} as const;
const SCRIPT = new Set<string>(PARTS.script);

type LoadFigures = Record<string, number>;

interface Build {
  name: string;
  server: BenchServer;
  data: Seed;
  dataDir: string;
  loads: LoadFigures[];
}

/** The main thread's figures from navigation start to the mark the page sets on seeing the reply. */
function readTrace(trace: Buffer, lastReplyAt: number): LoadFigures {
  const events = (JSON.parse(trace.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
  const mark = events.find((event) => event.name === LAST_REPLY_MARK);
  if (!mark) throw new Error('the trace holds no last-reply mark');
  const mainThreads = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  // The page's clock starts at its navigation: the mark, taken at `lastReplyAt` on that clock, places it.
  const start = { ts: mark.ts - lastReplyAt * 1000 };
  const onMain = events.filter(
    (e) => e.ph === 'X' && e.dur !== undefined && mainThreads.has(`${e.pid}:${e.tid}`) && e.pid === mark.pid,
  );
  let cpu = 0;
  let busy = 0;
  for (const task of onMain.filter((e) => e.name === 'RunTask')) {
    const from = Math.max(task.ts, start.ts);
    const to = Math.min(task.ts + task.dur!, mark.ts);
    if (to <= from) continue;
    busy += to - from;
    // A task cut by the window counts its thread time in proportion.
    cpu += (task.tdur ?? task.dur!) * ((to - from) / task.dur!);
  }
  const inside = onMain.filter((e) => e.ts >= start.ts && e.ts < mark.ts);
  const ms = (us: number) => Math.round(us / 1000);
  const figures: LoadFigures = { lastReplyMs: ms(mark.ts - start.ts), cpuMs: ms(cpu), busyMs: ms(busy) };
  for (const [part, names] of Object.entries(PARTS)) {
    const list: readonly string[] = names;
    // Script events nest (a microtask inside a call): only the outermost of them count.
    const counted = inside.filter(
      (e) =>
        list.includes(e.name) &&
        !(
          part === 'script' &&
          inside.some(
            (outer) =>
              outer !== e &&
              SCRIPT.has(outer.name) &&
              outer.ts <= e.ts &&
              e.ts + e.dur! <= outer.ts + outer.dur!,
          )
        ),
    );
    figures[`${part}Ms`] = ms(counted.reduce((sum, e) => sum + e.dur!, 0));
  }
  const scripts = inside.filter((e) => SCRIPT.has(e.name));
  const forced = inside.filter(
    (e) =>
      (e.name === 'Layout' || e.name === 'UpdateLayoutTree') &&
      scripts.some((s) => s.ts <= e.ts && e.ts + e.dur! <= s.ts + s.dur!),
  );
  figures.forcedLayoutMs = ms(forced.reduce((sum, e) => sum + e.dur!, 0));
  figures.forcedLayouts = forced.length;
  return figures;
}

/** CPU profile samples by script file (the chunk's name), in ms. */
async function readProfile(cdp: CDPSession): Promise<LoadFigures> {
  const { profile } = await cdp.send('Profiler.stop');
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const byFile: LoadFigures = {};
  const deltas = profile.timeDeltas ?? [];
  (profile.samples ?? []).forEach((id, index) => {
    const url = nodes.get(id)!.callFrame.url;
    const file = url ? url.replace(/^.*\//, '').replace(/-[\w-]{8}\.js$/, '.js') : '(browser)';
    byFile[file] = (byFile[file] ?? 0) + (deltas[index + 1] ?? 0) / 1000;
  });
  for (const file of Object.keys(byFile)) byFile[file] = Math.round(byFile[file]!);
  return byFile;
}

async function openOnce(browser: Browser, build: Build): Promise<LoadFigures> {
  const conversation = build.data.conversations[0]!;
  const { cookie } = await build.server.signIn(build.data.chatUser.email);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'es-ES' });
  try {
    await context.addCookies([{ ...cookie, domain: '127.0.0.1', httpOnly: true, sameSite: 'Lax' }]);
    const page: Page = await context.newPage();
    // The page marks the moment it finds the reply on screen: the trace's end of the window.
    await page.addInitScript({
      content: watchForLastReplyScript(conversation.lastReplyId, conversation.lastReplyMarker).replace(
        'bench.lastReplyAt = performance.now();',
        `bench.lastReplyAt = performance.now(); performance.mark(${JSON.stringify(LAST_REPLY_MARK)});`,
      ),
    });
    const cdp = await context.newCDPSession(page);
    if (profiling) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    } else {
      await browser.startTracing(page, {
        categories: [
          'devtools.timeline',
          'disabled-by-default-devtools.timeline',
          'blink.user_timing',
          'toplevel',
          'v8',
          'v8.execute',
        ],
      });
    }
    const load = loadAverage();
    await page.goto(`${build.server.url}/chat?project=${conversation.projectId}`, { timeout: 120_000 });
    await page.waitForFunction(
      () => (window as unknown as { __bench: { lastReplyAt?: number } }).__bench.lastReplyAt !== undefined,
      undefined,
      { timeout: 120_000, polling: 'raf' },
    );
    const lastReplyAt = await page.evaluate(
      () => (window as unknown as { __bench: { lastReplyAt: number } }).__bench.lastReplyAt,
    );
    const figures = profiling ? await readProfile(cdp) : readTrace(await browser.stopTracing(), lastReplyAt);
    return { ...figures, load };
  } finally {
    await context.close();
  }
}

async function main() {
  const named = process.argv.slice(2).map((argument) => {
    const [name, dist] = argument.split('=');
    if (!name || !dist) throw new Error(`expected <name>=<web build directory>, got ${argument}`);
    return { name, dist: path.resolve(dist) };
  });
  if (named.length === 0) throw new Error('name at least one web build: <name>=<dist>');
  const builds: Build[] = [];
  const browser = await launchBrowser();
  try {
    for (const { name, dist } of named) {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'redacta-bench-main-thread-'));
      const data = await seed(dataDir, { sizes: [SIZE], listProjects: 0, listPrompts: 0 });
      process.env.BENCH_WEB_DIST_DIR = dist;
      builds.push({ name, server: await startBenchServer(dataDir), data, dataDir, loads: [] });
    }
    for (const build of builds) await openOnce(browser, build);
    for (let round = 0; round < rounds; round += 1) {
      for (const build of round % 2 === 0 ? builds : [...builds].reverse()) {
        const figures = await openOnce(browser, build);
        build.loads.push(figures);
        print(`${build.name} ${JSON.stringify(figures)}`);
      }
    }
  } finally {
    await browser.close();
    for (const build of builds) {
      await build.server.stop();
      rmSync(build.dataDir, { recursive: true, force: true });
    }
  }
  print(`\nMedians of ${rounds} loads each (the builds taking turns); load ${loadAverage()} now`);
  for (const build of builds) {
    const keys = [...new Set(build.loads.flatMap((load) => Object.keys(load)))];
    const medians = keys.map((key) => `${key} ${median(build.loads.map((load) => load[key] ?? 0))}`);
    print(`${build.name}: ${medians.join(', ')}`);
  }
}

await main();
