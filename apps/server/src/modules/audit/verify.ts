import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditChainHeads, auditEntries } from '../../db/schema.ts';
import { entryHash, GENESIS_HASH } from './chain.ts';

export type AuditChainCheck =
  { valid: true; entries: number } | { valid: false; entries: number; brokenAtSeq: number; reason: string };

/**
 * Checks a workspace's audit chain: from its oldest kept entry (older ones may have been pruned; its
 * `prev_hash` is taken as given, unless it is the first entry, whose must be the genesis hash), each
 * entry's number follows the one before, carries its hash, and hashes to what it says; the newest
 * must be the chain head. An entry edited, removed or inserted shows as the first link that fails.
 */
export async function verifyAuditChain(db: Db, workspaceId: string): Promise<AuditChainCheck> {
  const rows = await db
    .select()
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
    if (entryHash(row.prevHash, row) !== row.hash) return broken(row.seq, 'its fields do not match its hash');
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
