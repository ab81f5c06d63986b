import { and, eq, isNotNull, lt, sql } from 'drizzle-orm';
import { AUDIT_RETENTION_DAYS, plans } from '@redacta/shared';
import type { Db } from '../../db/client.ts';
import { auditChainHeads, auditEntries, workspaces } from '../../db/schema.ts';

/**
 * Deletes the audit entries older than their workspace's plan keeps (AUDIT_RETENTION_DAYS), from the
 * oldest end of each chain only, so what is kept stays one unbroken chain that verifies from its
 * oldest entry. A deleted workspace's log is kept as long as its plan kept it when it went (its
 * head's `retention_days`), and its head goes once the last entry, its `workspace.deleted`, has.
 * Run by the database maintenance; answers how many entries went.
 */
export async function pruneAuditLog(db: Db): Promise<number> {
  let pruned = 0;
  for (const plan of plans) {
    const cutoff = sql`now() - make_interval(days => ${AUDIT_RETENTION_DAYS[plan]})`;
    const deleted = await db
      .delete(auditEntries)
      .where(
        and(
          lt(auditEntries.at, cutoff),
          sql`${auditEntries.workspaceId} in (select ${workspaces.id} from ${workspaces} where ${eq(workspaces.plan, plan)})`,
        ),
      )
      .returning({ id: auditEntries.id });
    pruned += deleted.length;
  }
  const ofDeleted = await db
    .delete(auditEntries)
    .where(
      sql`${auditEntries.at} < (select now() - make_interval(days => ${auditChainHeads.retentionDays})
        from ${auditChainHeads} where ${auditChainHeads.workspaceId} = ${auditEntries.workspaceId}
        and ${isNotNull(auditChainHeads.deletedAt)})`,
    )
    .returning({ id: auditEntries.id });
  await db
    .delete(auditChainHeads)
    .where(
      and(
        isNotNull(auditChainHeads.deletedAt),
        sql`not exists (select 1 from ${auditEntries} where ${auditEntries.workspaceId} = ${auditChainHeads.workspaceId})`,
      ),
    );
  return pruned + ofDeleted.length;
}
