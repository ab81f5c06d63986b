import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditChainHeads } from '../../db/schema.ts';
import { verifyAuditChain } from '../../modules/audit/index.ts';
// The operator's reading of the log, not the owner's: without the owner check the routes make.
import { auditCsv, type DeletedWorkspaceLog } from '../../modules/audit/service.ts';
import { formatTable } from '../table.ts';
import { UsageError } from '../usage-error.ts';

/** A deleted workspace's kept log, with whether its chain still verifies. */
export interface DeletedWorkspaceLogRow extends DeletedWorkspaceLog {
  chain: string;
}

export async function withChainCheck(
  db: Db,
  logs: readonly DeletedWorkspaceLog[],
): Promise<DeletedWorkspaceLogRow[]> {
  const rows: DeletedWorkspaceLogRow[] = [];
  for (const log of logs) {
    const check = await verifyAuditChain(db, log.workspaceId);
    rows.push({ ...log, chain: check.valid ? 'valid' : `broken at ${check.brokenAtSeq}: ${check.reason}` });
  }
  return rows;
}

export function deletedWorkspacesTable(rows: readonly DeletedWorkspaceLogRow[]): string {
  if (rows.length === 0) return 'No deleted workspace has a kept audit log.';
  return formatTable(
    [
      { header: 'ID' },
      { header: 'NAME' },
      { header: 'DELETED' },
      { header: 'KEPT UNTIL' },
      { header: 'ENTRIES', align: 'right' },
      { header: 'CHAIN' },
    ],
    rows.map((row) => [
      row.workspaceId,
      row.name ?? '',
      row.deletedAt.slice(0, 16).replace('T', ' '),
      row.keptUntil.slice(0, 10),
      String(row.entries),
      row.chain,
    ]),
  );
}

/**
 * A workspace's audit log as the owner's CSV export writes it — of a workspace that exists or one
 * deleted whose log is kept, which no member is left to read.
 */
export async function auditLogCsv(db: Db, workspaceId: string): Promise<string> {
  const [head] = await db
    .select({ seq: auditChainHeads.seq })
    .from(auditChainHeads)
    .where(eq(auditChainHeads.workspaceId, workspaceId));
  if (!head) throw new UsageError(`No audit log is kept for workspace ${workspaceId}.`);
  return (await auditCsv(db, workspaceId)).toString('utf8');
}
