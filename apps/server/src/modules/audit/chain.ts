import { randomBytes } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';

/** The `prev_hash` of a workspace's first entry. */
export const GENESIS_HASH = '0'.repeat(64);

/** The fields of an entry that can name a person, sealed together by its personal digest. */
export interface PersonalFields {
  actorUserId: string | null;
  actorLabel: string;
  ip: string | null;
  userAgent: string | null;
  targetId: string | null;
  targetLabel: string | null;
  before: unknown;
  after: unknown;
}

/** The fields of an entry its chain hash covers directly, besides the previous hash and the digest. */
export interface ChainedFields {
  workspaceId: string;
  seq: number;
  at: Date;
  actorKind: string;
  actorApiKeyId: string | null;
  action: string;
  targetType: string;
}

/** A new entry's salt: random, so its digest says nothing about the fields to someone guessing them. */
export const newSalt = (): string => randomBytes(16).toString('hex');

const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

/*
 * The hashes are computed by the database's own functions (migration 0036_audit_erasure.sql), the one
 * home of the chain's formula: the same text is hashed when an entry is written, when a chain is
 * verified and when the migration upgraded the entries written before.
 */

/** sha256 (hex) over the salt and the personal fields. */
export function personalDigestSql(salt: string, fields: PersonalFields): SQL<string> {
  return sql<string>`audit_personal_digest(${salt}::text, ${fields.actorUserId}::uuid, ${fields.actorLabel}::text,
    ${fields.ip}::text, ${fields.userAgent}::text, ${fields.targetId}::text, ${fields.targetLabel}::text,
    ${json(fields.before)}::jsonb, ${json(fields.after)}::jsonb)`;
}

/** sha256 (hex) over the previous entry's hash, the chained fields and the personal digest. */
export function entryHashSql(prevHash: string, fields: ChainedFields, digest: SQL<string>): SQL<string> {
  return sql<string>`audit_entry_hash(${prevHash}::text, ${fields.workspaceId}::uuid, ${fields.seq}::integer,
    ${fields.at.toISOString()}::timestamptz, ${fields.actorKind}::text, ${fields.actorApiKeyId}::uuid,
    ${fields.action}::text, ${fields.targetType}::text, ${digest})`;
}
