import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { KnowledgeFailureReason, KnowledgeLocator, KnowledgeSource } from '@redacta/shared';
import type { Db, Tx } from '../../db/client.ts';
import { knowledgePassages, knowledgeSources, users, workspaces } from '../../db/schema.ts';
import { requireWithinQuotaAfterWrite, type StorageQuotas } from '../storage/service.ts';
import { addedByColumns, addedByOf } from '../users/added-by.ts';
import type { Passage } from './passages.ts';

/** Rows written per insert statement: well under PostgreSQL's 65,535 parameters. */
const INSERT_BATCH = 200;

/** Takes the workspace's row lock for the rest of `tx`: writers that grow its storage take turns. */
export async function lockWorkspace(tx: Tx, workspaceId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: workspaces.id })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId))
    .for('update');
  return Boolean(row);
}

/** Bytes a source takes as stored: its file and the text of its passages. */
const sourceBytes = sql<number>`coalesce(pg_column_size(${knowledgeSources.file}), 0) + coalesce((
  select sum(pg_column_size(${knowledgePassages.text})) from ${knowledgePassages}
  where ${knowledgePassages.knowledgeId} = ${knowledgeSources.id}), 0)`.mapWith(Number);
const passageCount = sql<number>`(select count(*) from ${knowledgePassages}
  where ${knowledgePassages.knowledgeId} = ${knowledgeSources.id})`.mapWith(Number);

/** The workspace's sources, newest first, with their passages counted and who added each. */
export async function selectSources(db: Db, workspaceId: string): Promise<KnowledgeSource[]> {
  const rows = await db
    .select({
      id: knowledgeSources.id,
      workspaceId: knowledgeSources.workspaceId,
      name: knowledgeSources.name,
      kind: knowledgeSources.kind,
      url: knowledgeSources.url,
      status: knowledgeSources.status,
      failureReason: knowledgeSources.failureReason,
      passageCount,
      sizeBytes: sourceBytes,
      createdAt: knowledgeSources.createdAt,
      ...addedByColumns,
    })
    .from(knowledgeSources)
    .leftJoin(users, eq(users.id, knowledgeSources.addedBy))
    .where(eq(knowledgeSources.workspaceId, workspaceId))
    .orderBy(desc(knowledgeSources.createdAt), asc(knowledgeSources.id));
  return rows.map((row) => ({
    id: row.id,
    workspaceId: row.workspaceId,
    name: row.name,
    kind: row.kind,
    url: row.url,
    status: row.status,
    failureReason: row.failureReason as KnowledgeFailureReason | null,
    passageCount: row.passageCount,
    sizeBytes: row.sizeBytes,
    addedBy: addedByOf(row),
    createdAt: row.createdAt.toISOString(),
  }));
}

/** A source still processing that no live processor holds: never taken, or its lease has passed. */
export const unheld = () =>
  and(
    eq(knowledgeSources.status, 'processing'),
    sql`(${knowledgeSources.leaseUntil} is null or ${knowledgeSources.leaseUntil} <= now())`,
  );

/**
 * A source as the processor needs it, held for `leaseMs` and counting this run among its attempts;
 * null when it is no longer processing or another processor holds it.
 */
export async function claimForProcessing(db: Db, id: string, leaseMs: number) {
  const [row] = await db
    .update(knowledgeSources)
    .set({
      attempts: sql`${knowledgeSources.attempts} + 1`,
      leaseUntil: sql`now() + ${leaseMs} * interval '1 millisecond'`,
    })
    .where(and(eq(knowledgeSources.id, id), unheld()))
    .returning({
      id: knowledgeSources.id,
      workspaceId: knowledgeSources.workspaceId,
      name: knowledgeSources.name,
      kind: knowledgeSources.kind,
      url: knowledgeSources.url,
      mediaType: knowledgeSources.mediaType,
      file: knowledgeSources.file,
      attempts: knowledgeSources.attempts,
    });
  return row ?? null;
}

/** Holds a source being processed for `leaseMs` more. */
export async function renewLease(db: Db, id: string, leaseMs: number): Promise<void> {
  await db
    .update(knowledgeSources)
    .set({ leaseUntil: sql`now() + ${leaseMs} * interval '1 millisecond'` })
    .where(and(eq(knowledgeSources.id, id), eq(knowledgeSources.status, 'processing')));
}

export async function markFailed(db: Db, id: string, reason: KnowledgeFailureReason): Promise<void> {
  await db
    .update(knowledgeSources)
    .set({ status: 'failed', failureReason: reason })
    .where(and(eq(knowledgeSources.id, id), eq(knowledgeSources.status, 'processing')));
}

/**
 * A processed source's passages replace whatever it had, and it becomes ready, in one transaction
 * under the workspace's lock; a source deleted meanwhile stays deleted (nothing is written), and
 * passages that would take the workspace past its storage quota roll back with 413 STORAGE_FULL.
 */
export async function saveProcessed(
  db: Db,
  quotas: StorageQuotas,
  source: { id: string; workspaceId: string; name: string },
  passages: Passage[],
  embeddings: { model: string; vectors: number[][] } | null,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await lockWorkspace(tx, source.workspaceId))) return false;
    const [present] = await tx
      .select({ id: knowledgeSources.id })
      .from(knowledgeSources)
      .where(eq(knowledgeSources.id, source.id))
      .for('update');
    if (!present) return false;
    await tx.delete(knowledgePassages).where(eq(knowledgePassages.knowledgeId, source.id));
    const rows = passages.map((passage, i) => ({
      knowledgeId: source.id,
      workspaceId: source.workspaceId,
      position: passage.position,
      text: passage.text,
      locator: passage.locator satisfies KnowledgeLocator,
      language: passage.language,
      embedding: embeddings?.vectors[i] ?? null,
    }));
    for (let i = 0; i < rows.length; i += INSERT_BATCH) {
      await tx.insert(knowledgePassages).values(rows.slice(i, i + INSERT_BATCH));
    }
    await tx
      .update(knowledgeSources)
      .set({
        status: 'ready',
        failureReason: null,
        name: source.name,
        embeddingModel: embeddings?.model ?? null,
      })
      .where(eq(knowledgeSources.id, source.id));
    const growth = passages.reduce((sum, passage) => sum + Buffer.byteLength(passage.text, 'utf8'), 0);
    await requireWithinQuotaAfterWrite(tx, quotas, source.workspaceId, growth);
    return true;
  });
}

/** The passages of a ready source, in order, for embedding them again with another model. */
export async function passagesToEmbed(db: Db, knowledgeId: string) {
  return db
    .select({ id: knowledgePassages.id, text: knowledgePassages.text })
    .from(knowledgePassages)
    .where(eq(knowledgePassages.knowledgeId, knowledgeId))
    .orderBy(asc(knowledgePassages.position));
}

/** A source's passages get the vectors of `model`, and the source records that model, together. */
export async function saveEmbeddings(
  db: Db,
  knowledgeId: string,
  model: string,
  vectors: { id: string; embedding: number[] }[],
): Promise<void> {
  await db.transaction(async (tx) => {
    for (const vector of vectors) {
      await tx
        .update(knowledgePassages)
        .set({ embedding: vector.embedding })
        .where(eq(knowledgePassages.id, vector.id));
    }
    await tx
      .update(knowledgeSources)
      .set({ embeddingModel: model })
      .where(and(eq(knowledgeSources.id, knowledgeId), eq(knowledgeSources.status, 'ready')));
  });
}
