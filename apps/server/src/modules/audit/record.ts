import { eq } from 'drizzle-orm';
import { AUDIT_RETENTION_DAYS, type AuditAction, type AuditActorKind, type Plan } from '@redacta/shared';
import type { Db, Tx } from '../../db/client.ts';
import { auditChainHeads, auditEntries, users } from '../../db/schema.ts';
import { actingKey } from '../../lib/acting-key.ts';
import { entryHashSql, GENESIS_HASH, newSalt, personalDigestSql } from './chain.ts';
import { auditRequestContext } from './context.ts';

/**
 * Who made a change, when it is not the request's own principal: a person named by the caller (signing
 * in, where nobody is signed in yet; a failed sign-in, by the address tried), SCIM, or the system
 * (Stripe's events, the operator command).
 */
export type AuditActor =
  | { kind: 'user'; userId: string | null; label?: string }
  | { kind: 'scim' }
  | { kind: 'system'; label: SystemActor };

/**
 * Changes nobody made in a request: Stripe's events, the operator command (`npm run admin`), the
 * billing itself (a sandbox subscription's period running out), and `System` for a change made
 * outside any signed-in request by code that names no actor (a job, a script).
 */
export type SystemActor = 'Stripe' | 'Operator' | 'Billing' | 'System';

/** What a change to record says; see `recordAudit`. */
export interface AuditRecord {
  workspaceId: string;
  action: AuditAction;
  /** What the change touched: its kind (`project`, `member`, `webhook`…), id and a readable name. */
  target: { type: string; id?: string | null; label?: string | null };
  /** The changed fields before and after, where a change has them (`{ isShared: false }` → `{ isShared: true }`). */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  /** Only when the request's principal is not who acted (see AuditActor). */
  actor?: AuditActor;
}

interface ResolvedActor {
  actorKind: AuditActorKind;
  actorUserId: string | null;
  actorApiKeyId: string | null;
  actorLabel: string;
}

/** A person as the log names them: their name, else their address. */
export async function personLabel(tx: Tx, userId: string): Promise<string> {
  const [person] = await tx
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  if (!person) return 'Unknown';
  const name = `${person.firstName ?? ''} ${person.lastName ?? ''}`.trim();
  return name || person.email;
}

async function resolveActor(tx: Tx, actor: AuditActor | undefined): Promise<ResolvedActor> {
  if (actor?.kind === 'scim' || (!actor && auditRequestContext()?.scim)) {
    return { actorKind: 'scim', actorUserId: null, actorApiKeyId: null, actorLabel: 'SCIM' };
  }
  if (actor?.kind === 'system') {
    return { actorKind: 'system', actorUserId: null, actorApiKeyId: null, actorLabel: actor.label };
  }
  if (actor?.kind === 'user') {
    const label = actor.label ?? (actor.userId ? await personLabel(tx, actor.userId) : 'Unknown');
    return { actorKind: 'user', actorUserId: actor.userId, actorApiKeyId: null, actorLabel: label };
  }
  const userId = auditRequestContext()?.userId ?? null;
  const key = actingKey();
  if (key) {
    return {
      actorKind: 'api_key',
      actorUserId: userId,
      actorApiKeyId: key.id,
      actorLabel: `API · ${key.name}`,
    };
  }
  if (!userId) return { actorKind: 'system', actorUserId: null, actorApiKeyId: null, actorLabel: 'System' };
  return {
    actorKind: 'user',
    actorUserId: userId,
    actorApiKeyId: null,
    actorLabel: await personLabel(tx, userId),
  };
}

/**
 * Appends an entry to the workspace's audit log, inside `tx`, the transaction of the change it records
 * (so the entry exists exactly when the change does). The actor is the request's principal — the
 * signed-in person, or "API · <key name>" when an API key acts — unless `record.actor` names another
 * (outside a signed-in request with none named: the system);
 * the time is now, the IP address and user agent the request's (null outside a request).
 *
 * The workspace's chain head is locked for the rest of `tx`, so entries written at once take turns and
 * each carries the hash of the one before. Call it last in the transaction, after the change's own
 * locks, so no lock is ever taken after this one.
 */
export async function recordAudit(tx: Tx, record: AuditRecord): Promise<void> {
  await appendEntry(tx, record, await resolveActor(tx, record.actor));
}

/** Appends one entry to its workspace's chain, under the chain head's lock. */
async function appendEntry(tx: Tx, record: AuditRecord, actor: ResolvedActor): Promise<void> {
  const request = auditRequestContext();
  await tx
    .insert(auditChainHeads)
    .values({ workspaceId: record.workspaceId, seq: 0, hash: GENESIS_HASH })
    .onConflictDoNothing();
  const [head] = await tx
    .select({ seq: auditChainHeads.seq, hash: auditChainHeads.hash })
    .from(auditChainHeads)
    .where(eq(auditChainHeads.workspaceId, record.workspaceId))
    .for('update');
  const fields = {
    workspaceId: record.workspaceId,
    seq: head!.seq + 1,
    at: new Date(),
    ...actor,
    action: record.action,
    targetType: record.target.type,
    targetId: record.target.id ?? null,
    targetLabel: record.target.label ?? null,
    before: record.before ?? null,
    after: record.after ?? null,
    ip: request?.ip ?? null,
    userAgent: request?.userAgent ?? null,
  };
  const salt = newSalt();
  const [entry] = await tx
    .insert(auditEntries)
    .values({
      ...fields,
      personalSalt: salt,
      personalDigest: personalDigestSql(salt, fields),
      prevHash: head!.hash,
      hash: entryHashSql(head!.hash, fields, personalDigestSql(salt, fields)),
    })
    .returning({ hash: auditEntries.hash });
  const hash = entry!.hash;
  await tx
    .update(auditChainHeads)
    .set({ seq: fields.seq, hash })
    .where(eq(auditChainHeads.workspaceId, record.workspaceId));
}

/**
 * Records the same change in each of several workspaces, each in its own chain (a failed sign-in, which
 * belongs to no workspace, is written to every workspace the address is a member of). In one
 * transaction of its own.
 */
export async function recordAuditInEach(
  db: Db,
  workspaceIds: readonly string[],
  record: Omit<AuditRecord, 'workspaceId'>,
): Promise<void> {
  if (workspaceIds.length === 0) return;
  // Chain heads locked in one order, so two such writes at once cannot wait on each other.
  const ordered = [...workspaceIds].sort();
  await db.transaction(async (tx) => {
    // Who acted is the same in every workspace: named once.
    const actor = await resolveActor(tx, record.actor);
    for (const workspaceId of ordered) await appendEntry(tx, { ...record, workspaceId }, actor);
  });
}

/**
 * Records that a workspace was deleted, as its log's last entry, inside the deletion's transaction
 * after the workspace's row went (the log has no foreign key to it). The log outlives the workspace
 * for as long as its plan kept entries: the head keeps when it went and how many days, for the
 * maintenance's pruning, and the operator reads it (`npm run admin -- audit <workspace id>`), since
 * no member is left to.
 */
export async function recordWorkspaceDeleted(
  tx: Tx,
  workspace: { id: string; name: string; plan: Plan },
): Promise<void> {
  await recordAudit(tx, {
    workspaceId: workspace.id,
    action: 'workspace.deleted',
    target: { type: 'workspace', id: workspace.id, label: workspace.name },
    before: { plan: workspace.plan },
  });
  await tx
    .update(auditChainHeads)
    .set({ deletedAt: new Date(), retentionDays: AUDIT_RETENTION_DAYS[workspace.plan] })
    .where(eq(auditChainHeads.workspaceId, workspace.id));
}
