/**
 * The database thread (ADR 0007): owns the PGlite instance and answers DatabaseRequests from the
 * server's thread, one at a time in PGlite's own order. A transaction stays open here while the
 * server's thread runs its callback; PGlite holds every other statement until it ends.
 */
import { getHeapStatistics, serialize } from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, types, type Transaction } from '@electric-sql/pglite';
import {
  errorFields,
  type DatabaseRequest,
  type DatabaseResponse,
  type DatabaseStarted,
  type PGliteMemory,
} from './pglite-protocol.ts';
import { CallBatches } from './pglite-calls.ts';

const port = parentPort!;
const { dataDir } = workerData as { dataDir: string | undefined };

const asText = (value: string) => value;
/**
 * Drizzle's PGlite driver reads these types as their text and passes these parsers with every query;
 * installed once here instead, because PGlite merges per-query parsers into its ~100 defaults on every
 * call (a tenth of a millisecond each, measured in the streaming benchmark, docs/benchmarks.md).
 */
const drizzleParsers = Object.fromEntries(
  [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map(
    (oid) => [oid, asText],
  ),
);

interface OpenTransaction {
  tx: Transaction;
  finish: (commit: boolean) => void;
  ended: Promise<void>;
}

const transactions = new Map<number, OpenTransaction>();
let nextTransaction = 1;

/**
 * Binary values (a live document's Yjs state, a knowledge file) travel as PostgreSQL's hex text.
 * PGlite's own conversion goes byte by byte in JavaScript: about 1.5 s to write a 1 MB Yjs state and
 * 0.4 s to read it on a quiet machine, all of it in this thread, where every other statement waits
 * (docs/benchmarks.md, document saves). Node's Buffer converts in native code, a hundredth of that.
 */
const byteaParsers = {
  [types.BYTEA]: (value: string) => {
    const bytes = Buffer.from(value.slice(2), 'hex');
    return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  },
};
const byteaSerializers = {
  [types.BYTEA]: (value: unknown) => {
    if (!(value instanceof Uint8Array)) throw new Error('Invalid input for bytea type');
    return `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}`;
  },
};

/**
 * PostgreSQL's shared buffers, in PGlite's WebAssembly memory. initdb's default, 128 MB, was resident
 * from the first batch on and, as a WebAssembly memory never shrinks, held for good: 156 of the
 * server's MiB after a 100-row batch against 34 with 16 MB (bench:bulk, measured from the process's
 * memory map). A page that does not fit is read again from the data directory's file, which the
 * operating system caches.
 */
const SHARED_BUFFERS = '16MB';

const opened = await PGlite.create(dataDir, {
  startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${SHARED_BUFFERS}`],
  parsers: { ...drizzleParsers, ...byteaParsers },
  serializers: byteaSerializers,
}).then(
  (client) => ({ client }),
  (error: unknown) => ({ error }),
);
if ('error' in opened) {
  // Nothing listens after this, so the thread ends once the message is out.
  port.postMessage({ started: false, error: errorFields(opened.error) } satisfies DatabaseStarted);
} else {
  const { client } = opened;
  const calls = new CallBatches(client, reply, fail);
  port.on('message', (request: DatabaseRequest) => {
    if (request.kind === 'call') {
      calls.add(request.id, request.sql, request.params);
      return;
    }
    // The calls that came before this request reach PGlite before it.
    calls.flush();
    answer(client, request).then(
      (value) => reply(request.id, value),
      (error: unknown) => fail(request.id, error),
    );
  });
  port.postMessage({ started: true } satisfies DatabaseStarted);
}

/**
 * Sends a value as bytes the server's thread deserializes itself (see DatabaseResponse). A value that
 * cannot be serialized (nested deeper than this thread's stack) fails its own request: every request
 * gets an answer, so no transaction waits for one forever while PGlite holds every other statement.
 */
function reply(id: number, value: unknown) {
  let bytes: Buffer;
  try {
    bytes = serialize(value);
  } catch (error) {
    fail(id, new Error(`The database's answer could not be sent to the server: ${String(error)}`));
    return;
  }
  port.postMessage({ id, ok: true, bytes } satisfies DatabaseResponse, [bytes.buffer as ArrayBuffer]);
}

function fail(id: number, error: unknown) {
  port.postMessage({ id, ok: false, error: errorFields(error) } satisfies DatabaseResponse);
}

async function answer(client: PGlite, request: Exclude<DatabaseRequest, { kind: 'call' }>): Promise<unknown> {
  switch (request.kind) {
    case 'query':
      return runner(client, request.tx).query(request.sql, request.params, { rowMode: request.rowMode });
    case 'exec':
      return runner(client, request.tx).exec(request.sql);
    case 'begin':
      return begin(client);
    case 'end':
      return end(request.tx, request.commit);
    case 'memory':
      return memory(client);
    case 'close':
      return client.close();
  }
}

function memory(client: PGlite): PGliteMemory {
  // PGlite keeps its Emscripten module to itself; its heap view's buffer is the WebAssembly memory.
  const { mod } = client as unknown as { mod: { HEAPU8: Uint8Array } };
  return { wasmBytes: mod.HEAPU8.buffer.byteLength, heapUsedBytes: getHeapStatistics().used_heap_size };
}

function runner(client: PGlite, tx: number | null): PGlite | Transaction {
  if (tx === null) return client;
  const open = transactions.get(tx);
  if (!open) throw new Error(`Transaction ${tx} is not open`);
  return open.tx;
}

/** Opens a transaction and answers its number once BEGIN has run; it waits for `end`. */
async function begin(client: PGlite): Promise<number> {
  const id = nextTransaction++;
  let opened!: () => void;
  const begun = new Promise<void>((resolve) => (opened = resolve));
  const ended = client.transaction(async (tx) => {
    const commit = await new Promise<boolean>((finish) => {
      transactions.set(id, { tx, finish, ended });
      opened();
    });
    if (!commit) await tx.rollback();
  });
  // BEGIN may fail before the callback runs: then `ended` rejects first and so does this.
  await Promise.race([begun, ended]);
  return id;
}

/** Commits (or rolls back) a transaction; a failed COMMIT rejects with its database error. */
async function end(id: number, commit: boolean): Promise<void> {
  const open = transactions.get(id);
  if (!open) throw new Error(`Transaction ${id} is not open`);
  transactions.delete(id);
  open.finish(commit);
  await open.ended;
}
