import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/*
 * Large binary values (a knowledge file, a part of an export) crossed as hex text rather than as
 * bytea: PGlite turns a bytea parameter or result into bytes in JavaScript, byte by byte, about
 * 4–20 times slower than PostgreSQL's own `encode`/`decode` plus Buffer's native hex; node-postgres
 * receives bytea as hex text anyway.
 */

/** A bytea column read as hex text, for `fromHex`. */
export const asHex = (column: SQLWrapper): SQL<string> => sql<string>`encode(${column}, 'hex')`;

/** The bytes of a value read with `asHex`. */
export const fromHex = (hex: string): Buffer => Buffer.from(hex, 'hex');

/** Bytes written as a bytea value. */
export const toBytea = (bytes: Buffer): SQL<Uint8Array> =>
  sql<Uint8Array>`decode(${bytes.toString('hex')}, 'hex')`;
