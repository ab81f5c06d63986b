import { and, desc, eq, inArray } from 'drizzle-orm';
import {
  cleanDocumentContent,
  type DocumentVersion,
  type DocumentVersionAuthor,
  type DocumentVersionDetail,
  type RestoreDocumentVersionResponse,
} from '@redacta/shared';
import type { Db } from '../../db/client.ts';
import { apiKeys, documentVersions, users } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { requireProjectAccess } from '../projects/access.ts';
import type { StorageQuotas } from '../storage/service.ts';
import type { LiveDocument } from './live-document.ts';
import { takeVersion } from './take-version.ts';
import type { WebhookEvents } from '../webhooks/events.ts';
import { recordAudit } from '../audit/index.ts';

/** The live document, and what makes a version credit edits not recorded yet (`creditEditors`). */
export interface VersionSource {
  live: LiveDocument;
  creditEditors(projectId: string): Promise<void>;
  webhookEvents: WebhookEvents;
}

// Whoever can see a project may edit its document, and so use its versions (requireProjectAccess).

const versionColumns = {
  id: documentVersions.id,
  kind: documentVersions.kind,
  name: documentVersions.name,
  createdAt: documentVersions.createdAt,
  createdBy: documentVersions.createdBy,
  createdByApiKey: documentVersions.createdByApiKey,
  editorIds: documentVersions.editorIds,
};
type VersionRow = { [K in keyof typeof versionColumns]: (typeof documentVersions.$inferSelect)[K] };

/** The versions as answered, with their authors' names (and the API key that saved one) read at once. */
async function describe(db: Db, rows: VersionRow[]): Promise<DocumentVersion[]> {
  const ids = [
    ...new Set(rows.flatMap((row) => [...row.editorIds, ...(row.createdBy ? [row.createdBy] : [])])),
  ];
  const people = ids.length
    ? await db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
        .from(users)
        .where(inArray(users.id, ids))
    : [];
  const byId = new Map<string, DocumentVersionAuthor>(people.map((person) => [person.id, person]));
  const keyIds = [...new Set(rows.flatMap((row) => (row.createdByApiKey ? [row.createdByApiKey] : [])))];
  const keys = keyIds.length
    ? await db.select({ id: apiKeys.id, name: apiKeys.name }).from(apiKeys).where(inArray(apiKeys.id, keyIds))
    : [];
  const keyById = new Map(keys.map((key) => [key.id, key]));
  return rows.map((row) => {
    const apiKey = row.createdByApiKey ? keyById.get(row.createdByApiKey) : undefined;
    return {
      id: row.id,
      kind: row.kind,
      name: row.name,
      createdAt: row.createdAt.toISOString(),
      createdBy: (row.createdBy && byId.get(row.createdBy)) || null,
      ...(apiKey ? { createdByApiKey: apiKey } : {}),
      authors: row.editorIds.flatMap((id) => byId.get(id) ?? []),
    };
  });
}

/** A version of this project; another project's (or workspace's) is 404, as if it did not exist. */
async function findVersion(db: Db, projectId: string, versionId: string) {
  const [row] = await db
    .select({ ...versionColumns, content: documentVersions.content, text: documentVersions.text })
    .from(documentVersions)
    .where(and(eq(documentVersions.id, versionId), eq(documentVersions.projectId, projectId)));
  if (!row) throw notFound('Version');
  return row;
}

/** `GET /project/{id}/document/versions`: every version kept, newest first. */
export async function listVersions(db: Db, projectId: string, userId: string): Promise<DocumentVersion[]> {
  await requireProjectAccess(db, projectId, userId);
  const rows = await db
    .select(versionColumns)
    .from(documentVersions)
    .where(eq(documentVersions.projectId, projectId))
    .orderBy(desc(documentVersions.createdAt), desc(documentVersions.id));
  return describe(db, rows);
}

/** `GET /project/{id}/document/versions/{versionId}`: one version with its content and text. */
export async function getVersion(
  db: Db,
  projectId: string,
  versionId: string,
  userId: string,
): Promise<DocumentVersionDetail> {
  await requireProjectAccess(db, projectId, userId);
  const { content, text, ...row } = await findVersion(db, projectId, versionId);
  const [version] = await describe(db, [row]);
  // A version taken before the document rule was this strict is read without what the rule refuses.
  return { ...version!, content: cleanDocumentContent(content), text };
}

/** `POST /project/{id}/document/versions`: the document as it is live now, saved by the user. */
export async function saveVersion(
  db: Db,
  quotas: StorageQuotas,
  source: VersionSource,
  projectId: string,
  userId: string,
  name: string | undefined,
): Promise<DocumentVersion> {
  const { project } = await requireProjectAccess(db, projectId, userId);
  await source.creditEditors(projectId);
  const id = await takeVersion(
    db,
    quotas,
    source.live,
    {
      projectId,
      workspaceId: project.workspaceId,
      kind: 'manual',
      name,
      createdBy: userId,
    },
    source.webhookEvents,
  );
  const rows = await db.select(versionColumns).from(documentVersions).where(eq(documentVersions.id, id!));
  const [version] = await describe(db, rows);
  return version!;
}

/**
 * `POST …/versions/{versionId}/restore`: the document as it is now is saved as a version first (so
 * restoring that one undoes this), then the version's content is applied as one change of the live
 * document, which every connected editor sees.
 */
export async function restoreVersion(
  db: Db,
  quotas: StorageQuotas,
  source: VersionSource,
  projectId: string,
  versionId: string,
  userId: string,
): Promise<RestoreDocumentVersionResponse> {
  const { project } = await requireProjectAccess(db, projectId, userId);
  const { content } = await findVersion(db, projectId, versionId);
  await source.creditEditors(projectId);
  const savedVersionId = await takeVersion(
    db,
    quotas,
    source.live,
    {
      projectId,
      workspaceId: project.workspaceId,
      kind: 'before-restore',
      createdBy: userId,
    },
    source.webhookEvents,
  );
  const { updatedAt } = await source.live.replaceContent(projectId, cleanDocumentContent(content), {
    userId,
  });
  // The live document is written by its own store, not in a transaction of ours: recorded once applied.
  await db.transaction((tx) =>
    recordAudit(tx, {
      workspaceId: project.workspaceId,
      action: 'document.version_restored',
      // A private project is its creator's alone, the workspace's owner included: its name stays out.
      target: { type: 'project', id: projectId, label: project.isShared ? project.name : null },
      after: { versionId, savedVersionId: savedVersionId! },
    }),
  );
  return { updatedAt, savedVersionId: savedVersionId! };
}
