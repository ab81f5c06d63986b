/**
 * `npm run bench:bulk` (not a test; targets and results in docs/benchmarks.md): bulk runs against the
 * OpenAI-protocol model server at a fixed time per token, through the real server in its own process
 * (app-server.ts), a Pro workspace writing BATCH_CONCURRENCY.pro_monthly rows at a time.
 *
 *   wall time   a template with parts over a CSV of BENCH_ROWS rows (1,000 unless set), uploaded,
 *               started and read until done as the web app does; its wall time against the provider's
 *               own time for as many rows at that concurrency, ceil(rows / concurrency) × the mean
 *               time of a call as the model server logged it
 *   overhead    per row, the server's time for it (delivery to saved commit, from its debug log) minus
 *               the model server's time for that row's calls: p50 and p99
 *   memory      on a fresh server and a fast model, the server's RSS after it ran 100 rows, then after
 *               it ran 10,000 (two batches of 5,000, Pro's most per batch, started together), each
 *               read once idle SETTLE_MS; the peaks while running beside them
 *
 * Prints JSON of the figures, records them against targets.ts and exits non-zero on a miss.
 * BENCH_MEMORY_ROWS=small,large changes the memory pair (a shorter try; the target is judged at
 * 100,10000). BENCH_DATABASE_URL=postgres://… runs the server on a throwaway PostgreSQL database. A brief run
 * (BENCH_BRIEF=1) is the full run.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { BATCH_CONCURRENCY, BATCH_ROWS_MAX, type Batch, type CreatedBatch } from '@redacta/shared';
import { recordFigures } from '../check/figures.ts';
import type { Figure } from '../check/targets.ts';
import { percentile, round } from '../collab/report.ts';
import { loadAverage, scrapeMetrics } from '../capacity/instance.ts';
import { serverNodeFlags } from '../../../../scripts/lib/server-memory.mjs';
import { signAccessToken } from '../../src/lib/access-token.ts';
import { processRssBytes, startChild, type Child } from '../stream/processes.ts';
import {
  providerWallMs,
  queueOverheads,
  readProviderCall,
  readRowTime,
  rowMarker,
  type ProviderCall,
  type RowTime,
} from './row-times.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 1000);
/** The timed model: about 50 tokens at 20 ms each, a second a row. */
const TOKENS = 50;
const TOKEN_MS = 20;
/** The memory pair's model answers at once: what grows with the batch is the server's, not the waits. */
const FAST_TOKENS = 5;
const [small = 100, large = 10_000] = process.env.BENCH_MEMORY_ROWS?.split(',').map(Number) ?? [];
const MEMORY_ROWS = { small, large };
const CONCURRENCY = BATCH_CONCURRENCY.pro_monthly;
/** One unmeasured batch first: the connections to the model and the code paths are warm for the timed one. */
const WARM_UP_ROWS = 2 * CONCURRENCY;
const POLL_MS = 100;
/** How long the benchmark waits for the server's log of rows its API already says are done. */
const LOG_WAIT_MS = 5_000;
const MiB = 1024 * 1024;
/** Idle time after a memory run before its RSS is read: long enough for V8's idle collections. */
const SETTLE_MS = 10_000;

type BulkReady = { port: number; userId: string; workspaceId: string; metricsUrl: string };

/**
 * The server's JWT secret, given to it: the benchmark signs the user's access tokens itself, a fresh one
 * every few minutes, since a run on a busy machine outlasts one token's 15 minutes.
 */
const jwtSecret = randomBytes(32).toString('hex');
const TOKEN_RENEWED_AFTER_MS = 5 * 60_000;

/** A template with a field and parts, as a shop's product description would be; the CSV fills its field. */
const template = {
  name: 'Ficha de producto',
  description: '',
  language: 'es',
  prompt: 'Escribe la ficha del producto {{producto}} para la tienda en línea.',
  fields: [{ key: 'producto', label: 'Producto', type: 'text', required: true }],
  output: {
    parts: [
      { key: 'titulo', label: 'Título', maxChars: 400 },
      { key: 'descripcion', label: 'Descripción', maxChars: 1000 },
    ],
  },
};

const csv = (rows: number, name: (index: number) => string) =>
  ['Producto', ...Array.from({ length: rows }, (_, index) => name(index)), ''].join('\r\n');

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The model server and our server against it; `onRow` and `onCall` get what their output says. */
async function startServers(
  model: Record<string, string>,
  onRow: (row: RowTime) => void,
  onCall: (call: ProviderCall) => void,
) {
  const children: Child[] = [];
  const passOn = (name: string, line: string) => {
    // Warnings and errors (pino levels 40 and up) and anything not JSON still reach the terminal.
    const level = /^\{"level":(\d+)/.exec(line)?.[1];
    if (level === undefined || Number(level) >= 40) process.stderr.write(`[${name}] ${line}\n`);
  };
  try {
    const provider = await startChild('./mock-provider.ts', model, (line) => {
      const call = readProviderCall(line);
      if (call) onCall(call);
      else passOn('mock-provider', line);
    });
    children.push(provider);
    const server = await startChild<BulkReady>(
      '../bulk/app-server.ts',
      { UPSTREAM_URL: `http://127.0.0.1:${provider.ready.port}/v1`, BENCH_JWT_SECRET: jwtSecret },
      (line) => {
        const row = readRowTime(line);
        if (row) onRow(row);
        else passOn('app-server', line);
      },
      serverNodeFlags,
    );
    children.push(server);
    return {
      server,
      client: apiClient(server.ready),
      stop: () => Promise.all(children.map((c) => c.stop())),
    };
  } catch (error) {
    await Promise.all(children.map((child) => child.stop()));
    throw error;
  }
}

/** Our API as the signed-in Pro user calls it. */
function apiClient({ port, userId, workspaceId }: BulkReady) {
  const sessionId = randomUUID();
  let token: { value: Promise<string>; signedAt: number } | null = null;
  const currentToken = () => {
    if (!token || Date.now() - token.signedAt > TOKEN_RENEWED_AFTER_MS) {
      token = { value: signAccessToken(jwtSecret, { userId, sessionId }), signedAt: Date.now() };
    }
    return token.value;
  };
  const call = async <T>(method: string, path: string, body?: FormData | object): Promise<T> => {
    const res = await fetch(`http://127.0.0.1:${port}/api${path}`, {
      method,
      headers: {
        authorization: `Bearer ${await currentToken()}`,
        ...(body && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: body instanceof FormData ? body : JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  };
  return {
    createTemplate: () =>
      call<{ id: string }>('POST', `/workspace/${workspaceId}/templates`, { id: randomUUID(), ...template }),
    upload(templateId: string, file: string) {
      const form = new FormData();
      form.set('templateId', templateId);
      form.set('file', new Blob([file], { type: 'text/csv' }), 'productos.csv');
      return call<CreatedBatch>('POST', `/workspace/${workspaceId}/batches`, form);
    },
    start: (id: string) => call<Batch>('POST', `/batch/${id}/start`),
    read: (id: string) => call<Batch>('GET', `/batch/${id}`),
  };
}

type Api = ReturnType<typeof apiClient>;

/** Reads the batches until every one has ended, as an open page follows a running batch. */
async function untilEnded(api: Api, ids: string[]): Promise<Batch[]> {
  for (;;) {
    const batches = await Promise.all(ids.map((id) => api.read(id)));
    if (batches.every((batch) => batch.status === 'done' || batch.status === 'cancelled')) return batches;
    await pause(POLL_MS);
  }
}

/** Uploads one CSV per entry of `files`, starts them all, and waits for them to end. */
async function runBatches(api: Api, templateId: string, files: string[]) {
  const created: CreatedBatch[] = [];
  for (const file of files) created.push(await api.upload(templateId, file));
  const started = performance.now();
  for (const batch of created) await api.start(batch.id);
  const ended = await untilEnded(
    api,
    created.map((batch) => batch.id),
  );
  return { ids: created.map((batch) => batch.id), ended, wallMs: performance.now() - started };
}

const failedRows = (batches: Batch[]) => batches.reduce((n, batch) => n + batch.failed, 0);

async function measureTime() {
  const rows: RowTime[] = [];
  const calls: ProviderCall[] = [];
  const servers = await startServers(
    {
      BENCH_TOKENS: String(TOKENS),
      BENCH_TOKENS_PER_SECOND: String(1000 / TOKEN_MS),
      BENCH_PROVIDER_LOG: '1',
    },
    (row) => rows.push(row),
    (call) => calls.push(call),
  );
  try {
    const { id: templateId } = await servers.client.createTemplate();
    await runBatches(servers.client, templateId, [csv(WARM_UP_ROWS, (i) => `Calentamiento ${i}`)]);
    const callsBefore = calls.length;
    const run = await runBatches(servers.client, templateId, [csv(ROWS, (i) => `Producto ${rowMarker(i)}`)]);
    // The last rows' log lines can reach us after the read that found the batch done.
    const logged = () => rows.filter((row) => row.batchId === run.ids[0]);
    for (let waited = 0; logged().length < run.ended[0]!.done && waited < LOG_WAIT_MS; waited += POLL_MS)
      await pause(POLL_MS);
    const timed = calls.slice(callsBefore).filter((call) => call.marker !== null);
    const perCallMs = timed.reduce((sum, call) => sum + call.ms, 0) / timed.length;
    const providerMs = providerWallMs(ROWS, CONCURRENCY, perCallMs);
    const { overheads, withoutCall, byPhase } = queueOverheads(logged(), timed);
    const sorted = overheads.toSorted((a, b) => a - b);
    const phases = Object.fromEntries(
      Object.entries(byPhase).map(([phase, values]) => {
        const ordered = values.toSorted((a, b) => a - b);
        const mean = values.reduce((sum, ms) => sum + ms, 0) / (values.length || 1);
        return [
          phase,
          {
            mean: round(mean, 1),
            p50: round(percentile(ordered, 50), 1),
            p99: round(percentile(ordered, 99), 1),
          },
        ];
      }),
    );
    return {
      rows: ROWS,
      concurrency: CONCURRENCY,
      failed: failedRows(run.ended),
      calls: timed.length,
      rowsLogged: overheads.length + withoutCall,
      rowsWithoutCall: withoutCall,
      perCallMs: round(perCallMs, 1),
      wallMs: Math.round(run.wallMs),
      providerMs: Math.round(providerMs),
      wallOverProvider: round(run.wallMs / providerMs, 3),
      overheadP50Ms: round(percentile(sorted, 50), 1),
      overheadP99Ms: round(percentile(sorted, 99), 1),
      overheadMaxMs: round(sorted.at(-1) ?? null, 1),
      overheadByPhaseMs: phases,
    };
  } finally {
    await servers.stop();
  }
}

/**
 * The server's RSS while `work` runs (its peak, sampled every 100 ms) and once it has been idle
 * SETTLE_MS after it: what the work left held, once the garbage it made had time to be collected.
 */
async function rssOver<T>(pid: number, metricsUrl: string, work: () => Promise<T>) {
  let peakBytes = processRssBytes(pid);
  const sampler = setInterval(() => (peakBytes = Math.max(peakBytes, processRssBytes(pid))), 100);
  try {
    const result = await work();
    peakBytes = Math.max(peakBytes, processRssBytes(pid));
    await pause(SETTLE_MS);
    const metrics = await scrapeMetrics(`${metricsUrl}/metrics`);
    return {
      result,
      peakBytes,
      settledBytes: processRssBytes(pid),
      heapBytes: metrics.get('nodejs_heap_size_used_bytes') ?? 0,
      wasmBytes: metrics.get('redacta_pglite_wasm_memory_bytes') ?? null,
      threadHeapBytes: metrics.get('redacta_pglite_thread_heap_bytes') ?? null,
    };
  } finally {
    clearInterval(sampler);
  }
}

/** MiB, or null where the figure does not exist (PGlite's memory on PostgreSQL). */
const mib = (bytes: number | null) => (bytes === null ? null : round(bytes / MiB, 1));

async function measureMemory() {
  const servers = await startServers(
    { BENCH_TOKENS: String(FAST_TOKENS), BENCH_TOKENS_PER_SECOND: '1000' },
    () => {},
    () => {},
  );
  try {
    const pid = servers.server.process.pid!;
    const { metricsUrl } = servers.server.ready;
    const { id: templateId } = await servers.client.createTemplate();
    const startRss = processRssBytes(pid);
    const perBatch = BATCH_ROWS_MAX.pro_monthly;
    const files = (rows: number) =>
      Array.from({ length: Math.ceil(rows / perBatch) }, (_, i) =>
        csv(Math.min(perBatch, rows - i * perBatch), (index) => `Producto ${i}-${index}`),
      );
    const small = await rssOver(pid, metricsUrl, () =>
      runBatches(servers.client, templateId, files(MEMORY_ROWS.small)),
    );
    // The server's CPU (every thread) for the large run: what a smaller young generation costs in
    // collections shows here, whatever else the machine runs.
    const cpuBefore = servers.server.cpuMs();
    const large = await rssOver(pid, metricsUrl, () =>
      runBatches(servers.client, templateId, files(MEMORY_ROWS.large)),
    );
    const largeCpuMs = servers.server.cpuMs() - cpuBefore;
    return {
      startMiB: round(startRss / MiB, 1),
      smallRows: MEMORY_ROWS.small,
      smallPeakMiB: round(small.peakBytes / MiB, 1),
      smallSettledMiB: round(small.settledBytes / MiB, 1),
      smallHeapMiB: round(small.heapBytes / MiB, 1),
      smallWasmMiB: mib(small.wasmBytes),
      smallThreadHeapMiB: mib(small.threadHeapBytes),
      smallWallMs: Math.round(small.result.wallMs),
      largeRows: MEMORY_ROWS.large,
      largeBatches: large.result.ids.length,
      largePeakMiB: round(large.peakBytes / MiB, 1),
      largeSettledMiB: round(large.settledBytes / MiB, 1),
      largeHeapMiB: round(large.heapBytes / MiB, 1),
      largeWasmMiB: mib(large.wasmBytes),
      largeThreadHeapMiB: mib(large.threadHeapBytes),
      largeWallMs: Math.round(large.result.wallMs),
      largeCpuMsPerRow: round(largeCpuMs / MEMORY_ROWS.large, 2),
      failed: failedRows([...small.result.ended, ...large.result.ended]),
      growthMiB: round((large.settledBytes - small.settledBytes) / MiB, 1),
      peakGrowthMiB: round((large.peakBytes - small.peakBytes) / MiB, 1),
    };
  } finally {
    await servers.stop();
  }
}

const loadBefore = loadAverage();
const time = await measureTime();
const memory = await measureMemory();
const load = `load ${loadBefore} before, ${loadAverage()} after`;
const database = process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
console.log(JSON.stringify({ database, time, memory, load }, null, 2));

const whole = time.failed === 0 && time.rowsWithoutCall === 0 && time.rowsLogged === ROWS;
const incomplete = `${time.failed} rows failed, ${time.rowsLogged - time.rowsWithoutCall} of ${ROWS} rows matched to a call`;
const timing = `${ROWS} rows at ${CONCURRENCY} at a time, ${database}; ${load}`;
const figures: Figure[] = [
  {
    target: 'bulkWallRatio',
    value: whole ? time.wallOverProvider : null,
    note: whole
      ? `${(time.wallMs / 1000).toFixed(1)} s against ${(time.providerMs / 1000).toFixed(1)} s (${time.perCallMs} ms a call); ${timing}`
      : incomplete,
  },
  {
    target: 'bulkOverheadP99',
    value: whole ? time.overheadP99Ms : null,
    note: whole ? `p50 ${time.overheadP50Ms} ms, max ${time.overheadMaxMs} ms; ${timing}` : incomplete,
  },
  {
    target: 'bulkMemoryGrowth',
    value: memory.failed === 0 ? memory.growthMiB : null,
    note:
      memory.failed === 0
        ? `after ${MEMORY_ROWS.large} rows (${memory.largeBatches === 1 ? 'one batch' : `${memory.largeBatches} batches started together`}) ${memory.largeSettledMiB} MiB against ${memory.smallSettledMiB} MiB after ${MEMORY_ROWS.small}, ${SETTLE_MS / 1000} s idle; JS heap ${memory.largeHeapMiB} against ${memory.smallHeapMiB} MiB; peaks while running ${memory.largePeakMiB} and ${memory.smallPeakMiB} MiB; ${database}`
        : `${memory.failed} rows failed`,
  },
];
if (!recordFigures(figures)) process.exitCode = 1;
