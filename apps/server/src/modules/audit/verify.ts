import { asc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditChainHeads, auditEntries } from '../../db/schema.ts';
import { GENESIS_HASH } from './chain.ts';

const e = auditEntries;
/** The digest the entry's personal fields make with its salt now; null once erased (no salt). */
const digestNow = sql<string | null>`case when ${e.personalSalt} is null then null else audit_personal_digest(
  ${e.personalSalt}, ${e.actorUserId}, ${e.actorLabel}, ${e.ip}, ${e.userAgent}, ${e.targetId},
  ${e.targetLabel}, ${e.before}, ${e.after}) end`;
/** The hash the entry's chained fields make with its previous hash and its stored digest now. */
const hashNow = sql<string>`audit_entry_hash(${e.prevHash}, ${e.workspaceId}, ${e.seq}, ${e.at},
  ${e.actorKind}, ${e.actorApiKeyId}, ${e.action}, ${e.targetType}, ${e.personalDigest})`;

export type AuditChainCheck =
  { valid: true; entries: number } | { valid: false; entries: number; brokenAtSeq: number; reason: string };

/**
 * Checks a workspace's audit chain: from its oldest kept entry (older ones may have been pruned; its
 * `prev_hash` is taken as given, unless it is the first entry, whose must be the genesis hash), each
 * entry's number follows the one before, carries its hash, and hashes to what it says; its personal
 * fields still make its digest with its salt, unless a deleted account's erasure took the salt (then
 * the digest stands for them, and the database allowed only that erasure); the newest must be the
 * chain head. An entry edited, removed or inserted shows as the first link that fails.
 */
export async function verifyAuditChain(db: Db, workspaceId: string): Promise<AuditChainCheck> {
  const rows = await db
    .select({ ...getTableColumns(auditEntries), digestNow, hashNow })
    .from(auditEntries)
    .where(eq(auditEntries.workspaceId, workspaceId))
    .orderBy(asc(auditEntries.seq));
  const [head] = await db.select().from(auditChainHeads).where(eq(auditChainHeads.workspaceId, workspaceId));
  const broken = (seq: number, reason: string): AuditChainCheck => ({
    valid: false,
    entries: rows.length,
    brokenAtSeq: seq,
    reason,
  });
  let previous: { seq: number; hash: string } | undefined;
  for (const row of rows) {
    if (previous) {
      if (row.seq !== previous.seq + 1) return broken(row.seq, `entry ${previous.seq + 1} is missing`);
      if (row.prevHash !== previous.hash) return broken(row.seq, 'its previous hash is not the entry before');
    } else if (row.seq === 1 && row.prevHash !== GENESIS_HASH) {
      return broken(row.seq, 'the first entry does not start the chain');
    }
    if (row.digestNow !== null && row.digestNow !== row.personalDigest) {
      return broken(row.seq, 'its fields do not match its hash');
    }
    if (row.hashNow !== row.hash) return broken(row.seq, 'its fields do not match its hash');
    previous = { seq: row.seq, hash: row.hash };
  }
  if (!previous) {
    // Nothing kept: never written (no head either), or everything pruned (the head stays).
    return { valid: true, entries: 0 };
  }
  if (!head) return broken(previous.seq, 'the chain has lost its head');
  if (head.seq !== previous.seq || head.hash !== previous.hash) {
    return broken(previous.seq + 1, 'entries after this one are missing');
  }
  return { valid: true, entries: rows.length };
}
