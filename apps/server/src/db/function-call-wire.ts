/**
 * One database function call as PostgreSQL wire-protocol bytes, for PGlite's `execProtocolRaw` (ADR 0007):
 * Parse, Bind, Execute and Sync in one buffer, answered in one pass of PGlite's loop, where its `query()`
 * makes six (Parse, Describe, Bind, Describe, Execute, Sync) and parses every reply message into objects.
 * Parameters and the result travel as text; the statement must return one column.
 */

const encoder = new TextEncoder();
const decoder = new TextDecoder();

const PARSE = 0x50;
const BIND = 0x42;
const EXECUTE = 0x45;
const SYNC = 0x53;
const DATA_ROW = 0x44;
const ERROR_RESPONSE = 0x45;

export function functionCallMessage(sql: string, params: readonly (string | null)[]): Uint8Array {
  const query = encoder.encode(sql);
  const values = params.map((param) => (param === null ? null : encoder.encode(param)));
  // Each message: a type byte, then an int32 length that counts itself and the body.
  const parseLength = 4 + 1 + query.length + 1 + 2;
  const bindLength = 4 + 1 + 1 + 2 + 2 + values.reduce((n, value) => n + 4 + (value?.length ?? 0), 0) + 2;
  const executeLength = 4 + 1 + 4;
  const bytes = new Uint8Array(1 + parseLength + 1 + bindLength + 1 + executeLength + 1 + 4);
  const view = new DataView(bytes.buffer);
  let at = 0;
  const byte = (value: number) => {
    bytes[at++] = value;
  };
  const int16 = (value: number) => {
    view.setInt16(at, value);
    at += 2;
  };
  const int32 = (value: number) => {
    view.setInt32(at, value);
    at += 4;
  };
  const text = (value: Uint8Array) => {
    bytes.set(value, at);
    at += value.length;
  };

  // Parse: unnamed statement, the SQL, no parameter types given (the function's signature decides).
  byte(PARSE);
  int32(parseLength);
  byte(0);
  text(query);
  byte(0);
  int16(0);
  // Bind: unnamed portal and statement, every parameter and the result as text.
  byte(BIND);
  int32(bindLength);
  byte(0);
  byte(0);
  int16(0);
  int16(values.length);
  for (const value of values) {
    int32(value === null ? -1 : value.length);
    if (value) text(value);
  }
  int16(0);
  // Execute the unnamed portal, all rows; Sync ends the statement's implicit transaction.
  byte(EXECUTE);
  int32(executeLength);
  byte(0);
  int32(0);
  byte(SYNC);
  int32(4);
  return bytes;
}

/** ErrorResponse field codes, named as PGlite's and node-postgres's errors name them. */
const errorFieldNames: Record<string, string> = {
  S: 'severity',
  C: 'code',
  M: 'message',
  D: 'detail',
  H: 'hint',
  P: 'position',
  W: 'where',
  s: 'schema',
  t: 'table',
  c: 'column',
  d: 'dataType',
  n: 'constraint',
  F: 'file',
  L: 'line',
  R: 'routine',
};

/** The first column of the first row (text, or null), or throws the database's error with its fields. */
export function functionCallResult(bytes: Uint8Array): string | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let value: string | null | undefined;
  let at = 0;
  while (at < bytes.length) {
    const type = bytes[at]!;
    const body = at + 5;
    at += 1 + view.getInt32(at + 1);
    if (type === DATA_ROW && value === undefined) {
      const length = view.getInt32(body + 2);
      value = length < 0 ? null : decoder.decode(bytes.subarray(body + 6, body + 6 + length));
    } else if (type === ERROR_RESPONSE) {
      throw databaseError(bytes, body);
    }
  }
  if (value === undefined) throw new Error('The database function returned no row');
  return value;
}

function databaseError(bytes: Uint8Array, body: number): Error {
  const fields: Record<string, string> = {};
  let at = body;
  while (bytes[at] !== 0) {
    const end = bytes.indexOf(0, at + 1);
    const name = errorFieldNames[String.fromCharCode(bytes[at]!)];
    if (name) fields[name] = decoder.decode(bytes.subarray(at + 1, end));
    at = end + 1;
  }
  const { message = 'Database error', ...rest } = fields;
  return Object.assign(new Error(message), { name: 'DatabaseError' }, rest);
}
