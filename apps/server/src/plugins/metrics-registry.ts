import { APICallError } from '@ai-sdk/provider';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import pg from 'pg';
import { ModelStreamError } from '../ai/model-stream.ts';
import type { Database } from '../db/client.ts';
import { PGliteThread } from '../db/pglite-thread.ts';
import type { OpenStreams } from '../lib/open-streams.ts';

/** Which model answered: the provider in use and the model id stored on the reply. */
export interface ModelLabels {
  provider: string;
  model: string;
}

/**
 * How a provider failed a chat reply: no first token or a stalled stream in time, an HTTP error
 * status of the 4xx or 5xx family, or a connection that broke without one.
 */
export type ProviderErrorKind = 'timeout' | '4xx' | '5xx' | 'dropped';

/** The kind of a provider failure; undefined for a call aborted on our side (not the provider's fault). */
export function providerErrorKind(error: unknown): ProviderErrorKind | undefined {
  const failure = error instanceof ModelStreamError ? error : undefined;
  if (failure?.reason === 'aborted') return undefined;
  if (failure?.reason === 'timeout') return 'timeout';
  const cause = failure ? failure.cause : error;
  const status = APICallError.isInstance(cause) ? cause.statusCode : undefined;
  if (status !== undefined && status >= 400 && status < 500) return '4xx';
  if (status !== undefined && status >= 500) return '5xx';
  return 'dropped';
}

/** What the chat records while it streams; a no-op when metrics are off. */
export interface ChatMetrics {
  firstToken(labels: ModelLabels, seconds: number): void;
  replyEnded(labels: ModelLabels, seconds: number, words: number): void;
  providerError(labels: ModelLabels, kind: ProviderErrorKind): void;
}

export const noChatMetrics: ChatMetrics = {
  firstToken: () => {},
  replyEnded: () => {},
  providerError: () => {},
};

/** How a batch row's last try ended: written and charged, or failed for good. */
export type BatchRowOutcome = 'done' | 'failed';

/** What the batch queue's worker records, once a row's outcome is committed; a no-op when metrics are off. */
export interface BatchMetrics {
  rowEnded(outcome: BatchRowOutcome): void;
}

export const noBatchMetrics: BatchMetrics = { rowEnded: () => {} };

/**
 * The service's metrics in a registry of their own (each app its own, so several apps in one process
 * do not share series): HTTP requests, chat streams and model calls, allowance refusals, batch rows,
 * the database's pool, and Node's process metrics (memory, event-loop lag, GC) under their usual names.
 */
export function createServiceMetrics(deps: { database: Database; openStreams: OpenStreams }) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const httpDuration = new Histogram({
    name: 'redacta_http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status, from arrival to the end of the response (a chat stream: its last byte)',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
    registers,
  });
  new Gauge({
    name: 'redacta_chat_streams_open',
    help: 'Chat replies in progress on this instance, from the request to the saved reply',
    registers,
    collect() {
      this.set(deps.openStreams.size);
    },
  });
  const firstToken = new Histogram({
    name: 'redacta_model_first_token_seconds',
    help: "Chat replies: from the model call to the model's first text",
    labelNames: ['provider', 'model'] as const,
    buckets: [0.1, 0.25, 0.5, 1, 2, 3, 5, 8, 13, 20, 30, 60],
    registers,
  });
  const replyDuration = new Histogram({
    name: 'redacta_model_reply_duration_seconds',
    help: 'Chat replies: from the model call to its end, however it ended (failed and aborted calls included)',
    labelNames: ['provider', 'model'] as const,
    buckets: [0.5, 1, 2, 5, 10, 20, 30, 60, 120, 300],
    registers,
  });
  const words = new Counter({
    name: 'redacta_words_generated_total',
    help: 'Words of chat replies saved, as charged to the workspaces',
    labelNames: ['provider', 'model'] as const,
    registers,
  });
  const providerErrors = new Counter({
    name: 'redacta_model_provider_errors_total',
    help: 'Chat replies the AI provider failed, by kind: timeout, 4xx, 5xx, dropped (connection broke)',
    labelNames: ['provider', 'model', 'kind'] as const,
    registers,
  });
  const refusals = new Counter({
    name: 'redacta_allowance_refusals_total',
    help: "Requests refused because the workspace's words for the month are used up (NO_WORDS_LEFT) or the member's monthly budget is (MEMBER_BUDGET_EXHAUSTED), by route and code",
    labelNames: ['route', 'code'] as const,
    registers,
  });
  const batchRows = new Counter({
    name: 'redacta_batch_rows_total',
    help: 'Batch rows this instance ended, by outcome: done (written and charged) or failed (out of tries)',
    labelNames: ['outcome'] as const,
    registers,
  });
  databaseGauges(deps.database, registers);

  const chat: ChatMetrics = {
    firstToken: (labels, seconds) => firstToken.observe(labels, seconds),
    replyEnded: (labels, seconds, count) => {
      replyDuration.observe(labels, seconds);
      if (count > 0) words.inc(labels, count);
    },
    providerError: (labels, kind) => providerErrors.inc({ ...labels, kind }),
  };
  const batches: BatchMetrics = { rowEnded: (outcome) => batchRows.inc({ outcome }) };
  return { registry, httpDuration, refusals, chat, batches };
}

export type ServiceMetrics = ReturnType<typeof createServiceMetrics>;

/**
 * PostgreSQL: the pool's connections in use and idle, its size, and the queries waiting for a
 * connection. PGlite answers one query at a time in its thread: the queries sent and not yet answered.
 */
function databaseGauges(database: Database, registers: Registry[]) {
  const client = (database.db as unknown as { $client: unknown }).$client;
  if (client instanceof pg.Pool) {
    const pool = client;
    new Gauge({
      name: 'redacta_db_pool_connections',
      help: "PostgreSQL pool connections by state (in_use, idle); the pool's size is DATABASE_POOL_SIZE",
      labelNames: ['state'] as const,
      registers,
      collect() {
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
      },
    });
    new Gauge({
      name: 'redacta_db_pool_max_connections',
      help: "The PostgreSQL pool's size (DATABASE_POOL_SIZE)",
      registers,
      collect() {
        this.set(pool.options.max ?? 0);
      },
    });
    new Gauge({
      name: 'redacta_db_pool_waiting_queries',
      help: 'Queries waiting for a free PostgreSQL connection',
      registers,
      collect() {
        this.set(pool.waitingCount);
      },
    });
  } else if (client instanceof PGliteThread) {
    const thread = client;
    new Gauge({
      name: 'redacta_db_queries_in_flight',
      help: "Queries sent to PGlite's thread and not answered yet",
      registers,
      collect() {
        this.set(thread.inFlight);
      },
    });
    new Gauge({
      name: 'redacta_pglite_wasm_memory_bytes',
      help: "PGlite's WebAssembly memory: it grows to the most PostgreSQL has held at once and never shrinks",
      registers,
      async collect() {
        this.set((await thread.memory()).wasmBytes);
      },
    });
    new Gauge({
      name: 'redacta_pglite_thread_heap_bytes',
      help: "The database thread's JS heap in use, which the process's heap figures do not count",
      registers,
      async collect() {
        this.set((await thread.memory()).heapUsedBytes);
      },
    });
  }
}
