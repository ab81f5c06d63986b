/**
 * `npm run bench:collab` (not a test; targets and results in docs/benchmarks.md): live documents on
 * one instance (the real app in its own process, PGlite or BENCH_DATABASE_URL) with real WebSocket
 * clients (@hocuspocus/provider over `ws`), at 10, 50 and 200 connected editors, about four to a
 * document, each on fresh documents. Per level: the editors connect and sync, every editor types
 * KEYSTROKES_PER_SECOND into the document for a warm-up and then for the measured window, and the
 * benchmark reports editor-to-editor latency p50/p99, the server process's CPU per 1,000 document
 * updates (from /proc/<pid>/stat), the server's retained memory per open document (after a full
 * garbage collection, against the same before the level's documents were opened) and the load average
 * of the machine. JSON on stdout, then the figures against their targets (../check/targets.ts:
 * collabP99, collabMemory, collabLost); exits non-zero when a target is missed or the server closed a
 * connection. A run takes about two minutes, so its brief run (BENCH_BRIEF=1) is the same run.
 */
import { cpus, loadavg } from 'node:os';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import {
  addOwnParagraph,
  openEditor,
  seesParagraphsOf,
  typeContinuously,
  typedIn,
  until,
  type Deliveries,
  type Editor,
} from './editors.ts';
import { checkCosts } from './check-cost.ts';
import { recordFigures } from '../check/figures.ts';
import { collabFigures, percentile, retained, round, type LevelResult } from './report.ts';
import { startServer, type ServerProcess } from './server-process.ts';

const levels = [
  { editors: 10, documents: 3 },
  { editors: 50, documents: 13 },
  { editors: 200, documents: 50 },
];
const warmUp = { editors: 10, documents: 3 };
/** A fast typist's pace, kept up by every editor at once: the busiest a team's document gets. */
const KEYSTROKES_PER_SECOND = 5;
const WARM_UP_MS = 3_000;
const MEASURE_MS = Number(process.env.BENCH_MEASURE_MS ?? 20_000);
/** After the last keystroke, how long deliveries may take before one counts as missing. */
const SETTLE_MS = 30_000;
/** Editors connect this many at a time, as a team's tabs would not all open in the same millisecond. */
const CONNECT_BATCH = 20;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const load = () => loadavg().map((value) => +value.toFixed(2));

async function runLevel(
  server: ServerProcess,
  level: { editors: number; documents: number },
  firstDocument: number,
): Promise<LevelResult> {
  const { port, tokens, projectIds } = server.ready;
  const loadBefore = load();
  const base = await server.memory();
  const deliveries: Deliveries = { latencies: [], window: { from: Infinity, to: Infinity } };
  const editors: Editor[] = [];
  const typedAtOf = (index: number) => editors[index]!.typedAt;
  for (let start = 0; start < level.editors; start += CONNECT_BATCH) {
    const batch = Array.from({ length: Math.min(CONNECT_BATCH, level.editors - start) }, (_, i) => start + i);
    editors.push(
      ...(await Promise.all(
        batch.map((index) =>
          openEditor({
            url: `ws://127.0.0.1:${port}/api/collab`,
            projectId: projectIds[firstDocument + (index % level.documents)]!,
            token: tokens[index]!,
            index,
            documentIndex: index % level.documents,
            typedAtOf,
            deliveries,
          }),
        ),
      )),
    );
  }
  const coEditors = (editor: Editor) =>
    editors.filter((other) => other.documentIndex === editor.documentIndex).map((other) => other.index);
  editors.forEach(addOwnParagraph);
  await until(
    () => editors.every((editor) => seesParagraphsOf(editor, coEditors(editor))),
    'every editor to see every paragraph of its document',
  );
  const opened = await server.memory();

  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  const cpuBefore = server.cpuMs();
  const wallBefore = performance.now();
  const stopTyping = typeContinuously(editors, KEYSTROKES_PER_SECOND);
  await sleep(WARM_UP_MS);
  const typed = () => editors.reduce((n, editor) => n + Math.max(0, editor.typedAt.length - 1), 0);
  const typedBefore = typed();
  deliveries.window.from = performance.now();
  loopDelay.enable();
  await sleep(MEASURE_MS);
  deliveries.window.to = performance.now();
  loopDelay.disable();
  const keystrokes = typed() - typedBefore;
  stopTyping();

  // Each editor's copy must come to hold every character each co-editor typed.
  const missing = () => {
    let count = 0;
    for (const editor of editors) {
      const typed = typedIn(editor);
      for (const index of coEditors(editor)) {
        const sent = Math.max(0, editors[index]!.typedAt.length - 1);
        count += Math.max(0, sent - (typed.get(index) ?? 0));
      }
    }
    return count;
  };
  const settleDeadline = Date.now() + SETTLE_MS;
  while (missing() > 0 && Date.now() < settleDeadline) await sleep(100);
  const missingDeliveries = missing();
  // From the first keystroke until every one has been delivered: all the work typing caused, even
  // when the server fell behind during the window.
  const cpuMs = server.cpuMs() - cpuBefore;
  const wallMs = performance.now() - wallBefore;
  const allKeystrokes = typed();
  const afterTyping = await server.memory();
  // The same once every document's last changes are stored: what a store holds while under way
  // (the encoded state, the merge, the derived JSON) is gone, what each open document keeps remains.
  const storeDeadline = Date.now() + 30_000;
  while ((await server.counts()).storing > 0 && Date.now() < storeDeadline) await sleep(100);
  const afterStores = await server.memory();
  const unexpectedCloses = editors.reduce((n, editor) => n + editor.unexpectedCloses, 0);
  editors.forEach((editor) => editor.close());
  // The next level starts once this one's documents are stored and unloaded.
  const unloadDeadline = Date.now() + 60_000;
  while ((await server.counts()).documents > 0) {
    if (Date.now() > unloadDeadline) throw new Error('the documents were not unloaded within 60 s');
    await sleep(250);
  }

  const sorted = deliveries.latencies.sort((a, b) => a - b);
  const perDocument = (after: number) => Math.round((after - retained(base)) / level.documents);
  return {
    ...level,
    keystrokes,
    deliveries: sorted.length,
    missingDeliveries,
    latencyMs: {
      p50: round(percentile(sorted, 50)),
      p99: round(percentile(sorted, 99)),
      max: round(sorted.at(-1) ?? null),
    },
    serverCpuMsPer1000Updates: allKeystrokes === 0 ? null : round((cpuMs * 1000) / allKeystrokes, 1),
    serverCoreShare: round(cpuMs / wallMs, 2),
    bytesPerDocument: {
      opened: perDocument(retained(opened)),
      afterTyping: perDocument(retained(afterTyping)),
      afterStores: perDocument(retained(afterStores)),
    },
    rssBytesPerDocument: Math.round((afterTyping.rss - base.rss) / level.documents),
    clientLoopDelayP99Ms: +(loopDelay.percentile(99) / 1e6).toFixed(1),
    unexpectedCloses,
    loadAverage: { before: loadBefore, after: load() },
  };
}

async function main() {
  const server = await startServer({
    BENCH_EDITORS: String(Math.max(...levels.map((level) => level.editors))),
    BENCH_DOCUMENTS: String(levels.reduce((n, level) => n + level.documents, warmUp.documents)),
  });
  try {
    // Unmeasured: the first documents, connections and keystrokes compile and warm up the server's code.
    await runLevel(server, warmUp, 0);
    const results: LevelResult[] = [];
    let firstDocument = warmUp.documents;
    for (const level of levels) {
      results.push(await runLevel(server, level, firstDocument));
      firstDocument += level.documents;
    }
    const report = {
      setup: {
        keystrokesPerSecond: KEYSTROKES_PER_SECOND,
        warmUpMs: WARM_UP_MS,
        measureMs: MEASURE_MS,
        database: server.ready.database,
        node: process.version,
        cores: cpus().length,
      },
      levels: results,
      checkCostPerUpdate: checkCosts(),
    };
    console.log(JSON.stringify(report, null, 2));
    const { figures, closes } = collabFigures(results, MEASURE_MS, server.ready.database);
    if (!recordFigures(figures) || closes > 0) process.exitCode = 1;
  } finally {
    await server.stop();
  }
}

await main();
