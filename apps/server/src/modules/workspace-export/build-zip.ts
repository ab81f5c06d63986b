import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import JSZip from 'jszip';
import type { Db } from '../../db/client.ts';
import {
  batches,
  brandVoices,
  conversationEntries,
  documents,
  folders,
  knowledgeSources,
  projects,
  templates,
  users,
} from '../../db/schema.ts';
import { exportBatch } from '../batches/row-actions.ts';
import { documentDocx, documentMarkdown } from './document-files.ts';

/** A name safe as one path segment of a zip entry on every system, with the id's start for uniqueness. */
export function entryName(name: string, id: string): string {
  const safe = name
    .normalize('NFC')
    // Control characters and what Windows or macOS refuse in a file name.
    .replace(/[\\/:*?"<>|]+/g, ' ')
    .replace(/\p{Cc}+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80);
  return `${safe || 'untitled'}-${id.slice(0, 8)}`;
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/**
 * The workspace as one zip (docs/product.md, "Your data"): each project's document as Markdown and
 * Word and its conversation as JSON and Markdown, under `projects/`; the brand voices, templates and
 * folders as JSON; the knowledge files as they were added; each batch's results as CSV (the batch's
 * own export). `onProgress` hears the share of projects written, 0–100.
 */
export async function buildWorkspaceZip(
  db: Db,
  input: { workspaceId: string; ownerId: string },
  onProgress: (percent: number) => Promise<void>,
): Promise<Buffer> {
  const zip = new JSZip();
  const { workspaceId } = input;
  const list = await db
    .select({
      id: projects.id,
      name: projects.name,
      isShared: projects.isShared,
      createdAt: projects.createdAt,
      content: documents.content,
    })
    .from(projects)
    .leftJoin(documents, eq(documents.projectId, projects.id))
    .where(eq(projects.workspaceId, workspaceId))
    .orderBy(asc(projects.createdAt), asc(projects.id));

  for (const [position, project] of list.entries()) {
    const folder = `projects/${entryName(project.name, project.id)}`;
    const content = project.content ?? { type: 'doc', content: [] };
    zip.file(`${folder}/document.md`, documentMarkdown(content));
    zip.file(`${folder}/document.docx`, await documentDocx(content));
    const entries = await db
      .select({
        id: conversationEntries.id,
        role: conversationEntries.role,
        content: conversationEntries.content,
        status: conversationEntries.status,
        requestId: conversationEntries.requestId,
        shown: conversationEntries.shown,
        createdAt: conversationEntries.createdAt,
        authorFirstName: users.firstName,
        authorLastName: users.lastName,
      })
      .from(conversationEntries)
      .leftJoin(users, eq(users.id, conversationEntries.createdBy))
      .where(eq(conversationEntries.projectId, project.id))
      // Saved in one statement, a message and its reply share their time: the message comes first.
      .orderBy(
        asc(conversationEntries.createdAt),
        asc(sql`${conversationEntries.role} = 'assistant'`),
        asc(conversationEntries.id),
      );
    const conversation = entries.map(({ authorFirstName, authorLastName, ...entry }) => ({
      ...entry,
      author:
        entry.role === 'user' ? [authorFirstName, authorLastName].filter(Boolean).join(' ') || null : null,
      createdAt: entry.createdAt.toISOString(),
    }));
    zip.file(`${folder}/conversation.json`, json(conversation));
    zip.file(
      `${folder}/conversation.md`,
      conversation
        .filter((entry) => entry.shown)
        .map(
          (entry) =>
            `## ${entry.role === 'user' ? (entry.author ?? 'User') : 'Redacta'}\n\n${entry.content}\n`,
        )
        .join('\n'),
    );
    await onProgress(Math.floor(((position + 1) * 90) / Math.max(list.length, 1)));
  }

  const voices = await db
    .select({
      id: brandVoices.id,
      name: brandVoices.name,
      voice: brandVoices.voice,
      isDefault: brandVoices.isDefault,
    })
    .from(brandVoices)
    .where(eq(brandVoices.workspaceId, workspaceId))
    .orderBy(asc(brandVoices.createdAt));
  zip.file('brand-voices.json', json(voices));
  const ownTemplates = await db
    .select({
      id: templates.id,
      name: templates.name,
      description: templates.description,
      language: templates.language,
      prompt: templates.prompt,
      fields: templates.fields,
      output: templates.output,
    })
    .from(templates)
    .where(eq(templates.workspaceId, workspaceId))
    .orderBy(asc(templates.createdAt));
  zip.file('templates.json', json(ownTemplates));
  const ownFolders = await db
    .select({ id: folders.id, name: folders.name })
    .from(folders)
    .where(eq(folders.workspaceId, workspaceId))
    .orderBy(asc(folders.createdAt));
  zip.file('folders.json', json(ownFolders));

  const files = await db
    .select({ id: knowledgeSources.id, name: knowledgeSources.name, file: knowledgeSources.file })
    .from(knowledgeSources)
    .where(and(eq(knowledgeSources.workspaceId, workspaceId), isNotNull(knowledgeSources.file)))
    .orderBy(asc(knowledgeSources.createdAt));
  for (const source of files) {
    const dot = source.name.lastIndexOf('.');
    const [base, extension] =
      dot > 0 ? [source.name.slice(0, dot), source.name.slice(dot)] : [source.name, ''];
    zip.file(`knowledge/${entryName(base, source.id)}${extension}`, source.file!);
  }
  const pages = await db
    .select({ name: knowledgeSources.name, url: knowledgeSources.url })
    .from(knowledgeSources)
    .where(and(eq(knowledgeSources.workspaceId, workspaceId), eq(knowledgeSources.kind, 'url')));
  zip.file('knowledge/web-pages.json', json(pages));

  const ownBatches = await db
    .select({ id: batches.id, fileName: batches.fileName })
    .from(batches)
    .where(eq(batches.workspaceId, workspaceId))
    .orderBy(asc(batches.createdAt));
  for (const batch of ownBatches) {
    const file = await exportBatch(db, batch.id, input.ownerId, 'csv');
    zip.file(`batches/${entryName(batch.fileName.replace(/\.[^.]+$/, ''), batch.id)}.csv`, file.body);
  }
  await onProgress(95);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}
