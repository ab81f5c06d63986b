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
  | { kind: 'close' };

export type DatabaseRequest = DatabaseCall & { id: number };

/** A database error's own fields (code, detail, constraint…): an Error's are lost in postMessage. */
export type ErrorFields = Record<string, string | number | boolean | null> & { message: string };

export type DatabaseResponse =
  { id: number; ok: true; value: unknown } | { id: number; ok: false; error: ErrorFields };

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
