import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { DOCUMENT_UNNAMED_VERSIONS_KEPT, type DocumentVersionKind } from '@redacta/shared';
import type { Db, Tx } from '../../db/client.ts';
import { documentPendingEdits, documentVersions } from '../../db/schema.ts';
import { requireStorageRoom, type StorageQuotas } from '../storage/service.ts';
import type { LiveDocument } from './live-document.ts';
import { projectEventAnnounced, type WebhookEvents } from '../webhooks/events.ts';
import { actingKeyId } from '../../lib/acting-key.ts';

export interface TakeVersion {
  projectId: string;
  workspaceId: string;
  kind: DocumentVersionKind;
  name?: string;
  createdBy?: string;
  /** For `auto`: a version is taken only when the oldest edit not in one is at least this old. */
  dueAfterMs?: number;
}

/**
 * One writer of a document's versions at a time, on every instance: a transaction-scoped advisory
 * lock keyed by the project, so two instances deciding at once that a version is due take one.
 */
async function lockVersions(tx: Tx, projectId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`document-versions:${projectId}`}))`);
}

/** Unnamed versions past the newest ones kept are deleted; named ones stay with the project. */
async function pruneUnnamed(tx: Tx, projectId: string) {
  const stale = tx
    .select({ id: documentVersions.id })
    .from(documentVersions)
    .where(and(eq(documentVersions.projectId, projectId), isNull(documentVersions.name)))
    .orderBy(desc(documentVersions.createdAt), desc(documentVersions.id))
    .offset(DOCUMENT_UNNAMED_VERSIONS_KEPT);
  await tx.delete(documentVersions).where(inArray(documentVersions.id, stale));
}

/** Whether the oldest edit not in a version is at least `dueAfterMs` old. */
async function versionDue(db: Db, projectId: string, dueAfterMs: number): Promise<boolean> {
  const [row] = await db
    .select({ oldest: sql<string | Date | null>`min(${documentPendingEdits.since})` })
    .from(documentPendingEdits)
    .where(eq(documentPendingEdits.projectId, projectId));
  return row?.oldest != null && Date.now() - new Date(row.oldest).getTime() >= dueAfterMs;
}

/**
 * Saves the document as it is live now as a version, with the users whose edits are not in a version
 * yet (claimed in the same transaction, so each edit is in exactly one version). The version's bytes
 * must fit in the workspace's storage (413 STORAGE_FULL otherwise). An `auto` version that is not due
 * yet (no edits, or none old enough) is not taken: null. A version taken, of any kind, of a shared
 * project is announced as `document.version_saved` to the workspace's webhooks in the same transaction.
 */
export async function takeVersion(
  db: Db,
  quotas: StorageQuotas,
  live: LiveDocument,
  request: TakeVersion,
  events: WebhookEvents,
): Promise<string | null> {
  const { projectId } = request;
  // Checked first without a snapshot, which is the costly part: most stores are not due.
  if (request.kind === 'auto' && !(await versionDue(db, projectId, request.dueAfterMs ?? 0))) return null;
  const snapshot = await live.snapshot(projectId);
  const json = JSON.stringify(snapshot.content);
  const bytes =
    snapshot.state.byteLength + Buffer.byteLength(json, 'utf8') + Buffer.byteLength(snapshot.text);
  return db.transaction(async (tx) => {
    await lockVersions(tx, projectId);
    const pending = await tx
      .select({ userId: documentPendingEdits.userId, since: documentPendingEdits.since })
      .from(documentPendingEdits)
      .where(eq(documentPendingEdits.projectId, projectId));
    // Another instance may have taken it meanwhile, claiming the edits.
    if (request.kind === 'auto' && !pending.length) return null;
    await requireStorageRoom(tx, quotas, request.workspaceId, bytes);
    await tx.delete(documentPendingEdits).where(eq(documentPendingEdits.projectId, projectId));
    const [version] = await tx
      .insert(documentVersions)
      .values({
        projectId,
        kind: request.kind,
        name: request.name || null,
        createdBy: request.createdBy ?? null,
        // Saved by someone (never the server's own versions): through their API key when one acts.
        createdByApiKey: request.createdBy ? actingKeyId() : null,
        editorIds: pending.map((edit) => edit.userId),
        yjsState: snapshot.state,
        content: sql`${json}::jsonb`,
        text: snapshot.text,
      })
      .returning({ id: documentVersions.id, createdAt: documentVersions.createdAt });
    await pruneUnnamed(tx, projectId);
    if (await projectEventAnnounced(tx, projectId, 'document.version_saved'))
      await events.emit(tx, {
        workspaceId: request.workspaceId,
        type: 'document.version_saved',
        data: {
          projectId,
          versionId: version!.id,
          kind: request.kind,
          name: request.name || null,
          createdBy: request.createdBy ?? null,
          createdAt: version!.createdAt.toISOString(),
        },
      });
    return version!.id;
  });
}
