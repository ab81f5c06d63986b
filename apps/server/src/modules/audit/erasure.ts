import { sql } from 'drizzle-orm';
import { AUDIT_FORMER_MEMBER_LABEL as FORMER_MEMBER_LABEL } from '@redacta/shared';
import type { Tx } from '../../db/client.ts';
import { auditEntries } from '../../db/schema.ts';

/**
 * Erases a person whose account is being deleted from every workspace's audit log, inside the
 * deletion's transaction (after its last entry was written): in each entry that names them — as the
 * actor, as the target, or in its before/after — their id goes, their name or address becomes
 * "Former member", and what the actor's request left (address, browser) goes; each entry's salt goes
 * too, so nobody can match its digest against guesses. The digest the chain covers stays, so every
 * chain still verifies. `names` are the labels the log may hold for them (their name, their address).
 *
 * The database refuses any other change to an entry, and this one outside this transaction-local
 * setting (`audit_entries_refuse_update`): nothing else sets it.
 */
export async function eraseFromAuditLog(
  tx: Tx,
  person: { userId: string; names: string[] },
): Promise<number> {
  const names = [...new Set(person.names.filter((name) => name.trim() !== ''))];
  const id = sql`${person.userId}::uuid`;
  const labels = sql`array[${sql.join(
    names.map((name) => sql`${name}::text`),
    sql`, `,
  )}]::text[]`;
  const e = auditEntries;
  const acted = sql`${e.actorUserId} = ${id}`;
  const named = (column: typeof e.actorLabel | typeof e.targetLabel) => sql`${column} = any(${labels})`;
  const targeted = sql`${e.targetId} = ${person.userId}`;
  const mentioned = (column: typeof e.before | typeof e.after) =>
    sql`${column} is distinct from audit_erase_value(${column}, ${id}, ${labels})`;
  await tx.execute(sql`select set_config('redacta.audit_erasure', ${person.userId}, true)`);
  const erased = await tx
    .update(auditEntries)
    .set({
      actorUserId: sql`case when ${acted} then null else ${e.actorUserId} end`,
      actorLabel: sql`case when ${e.actorKind} = 'user' and (${acted} or ${named(e.actorLabel)})
        then ${FORMER_MEMBER_LABEL} else ${e.actorLabel} end`,
      ip: sql`case when ${acted} then null else ${e.ip} end`,
      userAgent: sql`case when ${acted} then null else ${e.userAgent} end`,
      targetId: sql`case when ${targeted} then null else ${e.targetId} end`,
      targetLabel: sql`case when ${targeted} or ${named(e.targetLabel)} then ${FORMER_MEMBER_LABEL}
        else ${e.targetLabel} end`,
      before: sql`audit_erase_value(${e.before}, ${id}, ${labels})`,
      after: sql`audit_erase_value(${e.after}, ${id}, ${labels})`,
      personalSalt: null,
    })
    .where(
      sql`${acted} or ${targeted} or ${named(e.actorLabel)} or ${named(e.targetLabel)}
        or ${mentioned(e.before)} or ${mentioned(e.after)}`,
    )
    .returning({ id: e.id });
  await tx.execute(sql`select set_config('redacta.audit_erasure', '', true)`);
  return erased.length;
}
