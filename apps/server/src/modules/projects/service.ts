import { and, eq, inArray } from 'drizzle-orm';
import {
  emptyDocumentContent,
  resolveLocale,
  type DocumentContent,
  type Locale,
  type Project,
} from '@redacta/shared';
import type { Db, Tx } from '../../db/client.ts';
import { apiKeys, conversationEntries, documents, folders, projects, users } from '../../db/schema.ts';
import { actingKeyId } from '../../lib/acting-key.ts';
import { createOnce } from '../../lib/create-once.ts';
import { notFound } from '../../lib/errors.ts';
import type { Collab } from '../collab/collab.ts';
import { requireMembership } from '../workspaces/service.ts';
import { recordAudit } from '../audit/index.ts';
import { requireProjectAccess, requireProjectEditor, type ProjectRow } from './access.ts';

function toProject(row: ProjectRow, apiKeyNames: ReadonlyMap<string, string> = new Map()): Project {
  const keyName = row.createdByApiKey ? apiKeyNames.get(row.createdByApiKey) : undefined;
  return {
    id: row.id,
    name: row.name,
    workspaceId: row.workspaceId,
    folderId: row.folderId,
    isShared: row.isShared,
    createdBy: row.createdBy,
    ...(row.createdByApiKey && keyName
      ? { createdByApiKey: { id: row.createdByApiKey, name: keyName } }
      : {}),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Projects as answered, with the names of the API keys that made some of them (one query, if any). */
export async function toProjects(db: Db, rows: ProjectRow[]): Promise<Project[]> {
  const ids = [...new Set(rows.flatMap((row) => (row.createdByApiKey ? [row.createdByApiKey] : [])))];
  const keys = ids.length
    ? await db.select({ id: apiKeys.id, name: apiKeys.name }).from(apiKeys).where(inArray(apiKeys.id, ids))
    : [];
  const names = new Map(keys.map((key) => [key.id, key.name]));
  return rows.map((row) => toProject(row, names));
}

const untitled: Record<Locale, string> = { es: 'Sin título', en: 'Untitled' };

/** The name of a new project when none is given: "23 nov 2026 Sin título" (es), "Nov 23, 2026 Untitled" (en). */
export function defaultProjectName(locale: Locale, now = new Date()): string {
  const date = new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(now);
  return `${date} ${untitled[locale]}`;
}

/**
 * The default name of a project its creator made on `createdAt`, in the creator's interface language
 * (saved on their account whenever they switch it): a teammate who reads English gets "Untitled"
 * even in a workspace whose owner reads Spanish, as the name is what they see first in their list.
 */
export async function creatorsDefaultProjectName(
  db: Db | Tx,
  creatorId: string | null,
  createdAt = new Date(),
): Promise<string> {
  // A creator who deleted their account left no language: the default one names it.
  const [creator] = creatorId
    ? await db.select({ locale: users.locale }).from(users).where(eq(users.id, creatorId))
    : [];
  return defaultProjectName(resolveLocale(creator?.locale), createdAt);
}

/**
 * A new private project with its empty document, for any member of the workspace. Without a name it
 * gets the default one, until its first message names it (the chat's open_chat_turn).
 */
export async function createProject(
  db: Db,
  workspaceId: string,
  userId: string,
  input: { name?: string; id?: string } = {},
): Promise<{ id: string }> {
  await requireMembership(db, workspaceId, userId);
  const chosen = input.name?.trim();
  const projectName = chosen || (await creatorsDefaultProjectName(db, userId));
  // A repeat of the same create (the same client id) answers the project it made (lib/create-once.ts).
  const id = await createOnce(
    db,
    { table: projects, id: projects.id, workspaceId: projects.workspaceId, creator: projects.createdBy },
    input.id,
    { workspaceId, userId },
    () =>
      db.transaction(async (tx) => {
        const [project] = await tx
          .insert(projects)
          .values({
            id: input.id,
            workspaceId,
            createdBy: userId,
            createdByApiKey: actingKeyId(),
            name: projectName,
            nameIsDefault: !chosen,
          })
          .returning({ id: projects.id });
        await tx.insert(documents).values({ projectId: project!.id, content: emptyDocumentContent });
        return project!;
      }),
  );
  return { id };
}

export async function getProject(db: Db, projectId: string, userId: string): Promise<Project> {
  const { project } = await requireProjectAccess(db, projectId, userId);
  const [answered] = await toProjects(db, [project]);
  return answered!;
}

export async function renameProject(db: Db, projectId: string, userId: string, name: string) {
  await requireProjectEditor(db, projectId, userId);
  const [renamed] = await db
    .update(projects)
    // A name the user chose is never replaced by one made from the first message.
    .set({ name: name.trim(), nameIsDefault: false })
    .where(eq(projects.id, projectId))
    .returning();
  const [answered] = await toProjects(db, [renamed!]);
  return answered!;
}

/**
 * Team-visible or private as asked (`isShared`), or the other of the two when nothing is asked. The
 * project's row is locked while it is read and changed, so two quick clicks cannot both read the old
 * value; a change is recorded in the audit log (asking for what it already is changes nothing).
 */
export async function setProjectShared(db: Db, projectId: string, userId: string, isShared?: boolean) {
  await requireProjectEditor(db, projectId, userId);
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ workspaceId: projects.workspaceId, name: projects.name, isShared: projects.isShared })
      .from(projects)
      .where(eq(projects.id, projectId))
      .for('update');
    if (!current) throw notFound('Project');
    const next = isShared ?? !current.isShared;
    if (next === current.isShared) return { id: projectId, isShared: next };
    await tx.update(projects).set({ isShared: next }).where(eq(projects.id, projectId));
    await recordAudit(tx, {
      workspaceId: current.workspaceId,
      action: next ? 'project.shared' : 'project.made_private',
      target: { type: 'project', id: projectId, label: current.name },
      before: { isShared: current.isShared },
      after: { isShared: next },
    });
    return { id: projectId, isShared: next };
  });
}

/** Into a folder of the project's own workspace (any other folder is 404), or `none` for the top level. */
export async function moveProject(db: Db, projectId: string, userId: string, folderId: string | 'none') {
  const project = await requireProjectEditor(db, projectId, userId);
  if (folderId !== 'none') {
    const [folder] = await db
      .select({ id: folders.id })
      .from(folders)
      .where(and(eq(folders.id, folderId), eq(folders.workspaceId, project.workspaceId)));
    if (!folder) throw notFound('Folder');
  }
  const [moved] = await db
    .update(projects)
    .set({ folderId: folderId === 'none' ? null : folderId })
    .where(eq(projects.id, projectId))
    .returning();
  const [answered] = await toProjects(db, [moved!]);
  return answered!;
}

/**
 * Deletes the project with its conversation (reactions go with their entries) and its document.
 * The foreign keys cascade anyway; the explicit steps inside one transaction make the order plain
 * and guarantee that a failure at any step leaves nothing half-deleted.
 */
export async function deleteProject(db: Db, projectId: string, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await requireProjectEditor(tx, projectId, userId);
    await tx.delete(conversationEntries).where(eq(conversationEntries.projectId, projectId));
    await tx.delete(documents).where(eq(documents.projectId, projectId));
    await tx.delete(projects).where(eq(projects.id, projectId));
  });
}

// ── The document ─────────────────────────────────────────────────────────────────────────────────
// Reading and writing the document is open to everyone who can see the project: a shared project
// is a team document that any member may edit. Renaming, moving, sharing and deleting the project
// itself stay with its creator and the workspace owner (requireProjectEditor).

export async function getDocument(db: Db, collab: Collab, projectId: string, userId: string) {
  await requireProjectAccess(db, projectId, userId);
  const { content, updatedAt } = await collab.read(projectId);
  return { content, updatedAt };
}

/**
 * Replaces the document with `content` as one change of the live document, which connected editors
 * see and which is stored at once. `updatedAt` is the time of the document the content was based on:
 * a document changed since is not overwritten (409 DOCUMENT_CHANGED). Over 1 MB, 413
 * DOCUMENT_TOO_LARGE; growing while the workspace has used its storage, 413 STORAGE_FULL.
 */
export async function updateDocument(
  db: Db,
  collab: Collab,
  projectId: string,
  userId: string,
  body: { content: DocumentContent; updatedAt: string },
): Promise<{ updatedAt: string }> {
  await requireProjectAccess(db, projectId, userId);
  return collab.replaceContent(projectId, body.content, { userId, baseUpdatedAt: body.updatedAt });
}
