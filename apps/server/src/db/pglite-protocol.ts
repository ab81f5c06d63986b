/**
 * The messages between the server's thread and the database thread that owns PGlite (ADR 0007).
 * `tx` names an open transaction (from `begin`); null runs the statement on its own.
 */
export type DatabaseCall =
  | { kind: 'query'; tx: number | null; sql: string; params: unknown[]; rowMode: 'array' | 'object' }
  | { kind: 'exec'; tx: number | null; sql: string }
  /** A database function call outside any transaction, answered with its one value as text. */
  | { kind: 'call'; sql: string; params: (string | null)[] }
  | { kind: 'begin' }
  | { kind: 'end'; tx: number; commit: boolean }
  /** The database thread's memory (PGliteMemory), for the metrics. */
  | { kind: 'memory' }
  | { kind: 'close' };

export type DatabaseRequest = DatabaseCall & { id: number };

/** A database error's own fields (code, detail, constraint…): an Error's are lost in postMessage. */
export type ErrorFields = Record<string, string | number | boolean | null> & { message: string };

/**
 * A value comes back serialized (`node:v8`), not as a structured-clone message: the server's thread has
 * a quarter of the database thread's stack, so a value the database thread can send (a jsonb nested a
 * few thousand levels) may be too deep for the server's thread to read. Node drops a message it cannot
 * read with nothing but a `messageerror` that names no request; bytes read by the caller fail that
 * statement alone.
 */
export type DatabaseResponse =
  { id: number; ok: true; bytes: Uint8Array } | { id: number; ok: false; error: ErrorFields };

/**
 * What the database thread holds: PGlite's WebAssembly memory (it grows to the most PostgreSQL has had
 * allocated at once, shared buffers included, and never shrinks) and the thread's own JS heap, which
 * the server's heap figures do not count.
 */
export interface PGliteMemory {
  wasmBytes: number;
  heapUsedBytes: number;
}

/** The first message of the database thread: PGlite is open, or why it could not be. */
export type DatabaseStarted = { started: true } | { started: false; error: ErrorFields };

export function errorFields(error: unknown): ErrorFields {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields: ErrorFields = { name: error.name, message: error.message };
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
  }
  return fields;
}
