import { and, eq, lt, sql } from 'drizzle-orm';
import { AUDIT_RETENTION_DAYS, plans } from '@redacta/shared';
import type { Db } from '../../db/client.ts';
import { auditEntries, workspaces } from '../../db/schema.ts';

/**
 * Deletes the audit entries older than their workspace's plan keeps (AUDIT_RETENTION_DAYS), from the
 * oldest end of each chain only, so what is kept stays one unbroken chain that verifies from its
 * oldest entry. Run by the database maintenance; answers how many entries went.
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
  return pruned;
}
