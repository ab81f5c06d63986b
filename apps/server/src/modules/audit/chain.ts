import { createHash } from 'node:crypto';

/** The `prev_hash` of a workspace's first entry. */
export const GENESIS_HASH = '0'.repeat(64);

/** The fields of an entry its hash covers: all but its id and its own hashes. */
export interface ChainedFields {
  workspaceId: string;
  seq: number;
  at: Date;
  actorKind: string;
  actorUserId: string | null;
  actorApiKeyId: string | null;
  actorLabel: string;
  action: string;
  targetType: string;
  targetId: string | null;
  targetLabel: string | null;
  before: unknown;
  after: unknown;
  ip: string | null;
  userAgent: string | null;
}

/**
 * JSON with object keys sorted at every level: the same value gives the same text whatever order its
 * keys came in (jsonb gives them back in its own order).
 */
export function canonicalJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, field]) => field !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, field]) => `${JSON.stringify(key)}:${canonicalJson(field)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** sha256 (hex) over the previous entry's hash and this entry's fields in a fixed order. */
export function entryHash(prevHash: string, entry: ChainedFields): string {
  const fields = [
    entry.workspaceId,
    entry.seq,
    entry.at.toISOString(),
    entry.actorKind,
    entry.actorUserId,
    entry.actorApiKeyId,
    entry.actorLabel,
    entry.action,
    entry.targetType,
    entry.targetId,
    entry.targetLabel,
    entry.before ?? null,
    entry.after ?? null,
    entry.ip,
    entry.userAgent,
  ];
  return createHash('sha256').update(prevHash).update('\n').update(canonicalJson(fields)).digest('hex');
}
