import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { and, asc, eq, gt, isNotNull, sql, type SQL } from 'drizzle-orm';
import archiver from 'archiver';
import { asHex, fromHex } from '../../db/bytea-hex.ts';
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

/** The size of the parts the zip is stored in and read back as. */
export const EXPORT_PART_BYTES = 1024 * 1024;
/** Rows read per query: a page of projects carries their documents, so it stays small. */
const PAGE_ROWS = 25;
const ENTRY_PAGE_ROWS = 500;

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

/**
 * Every row a query gives, read a page at a time in the order of its ids: `page(after)` answers the
 * rows whose id is past `after` (all from the start when undefined), ordered by id, at most `limit`.
 */
async function* paged<Row extends { id: string }>(
  page: (after: SQL | undefined, limit: number) => Promise<Row[]>,
  column: Parameters<typeof gt>[0],
  limit = PAGE_ROWS,
): AsyncGenerator<Row> {
  let after: string | undefined;
  for (;;) {
    const rows = await page(after === undefined ? undefined : gt(column, after), limit);
    yield* rows;
    if (rows.length < limit) return;
    after = rows.at(-1)!.id;
  }
}

/** A JSON array written as its items come, in the layout of `JSON.stringify(items, null, 2)`. */
async function* jsonArray(items: AsyncIterable<unknown>): AsyncGenerator<Buffer> {
  let first = true;
  for await (const item of items) {
    const text = JSON.stringify(item, null, 2).replace(/\n/g, '\n  ');
    yield Buffer.from(`${first ? '[\n  ' : ',\n  '}${text}`);
    first = false;
  }
  yield Buffer.from(first ? '[]\n' : '\n]\n');
}

const bytes = (source: AsyncIterable<Buffer>) => Readable.from(source, { objectMode: false });

/** A project's conversation, oldest first, read in pages. */
async function* conversationOf(db: Db, projectId: string) {
  for (let offset = 0; ; offset += ENTRY_PAGE_ROWS) {
    const rows = await db
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
      .where(eq(conversationEntries.projectId, projectId))
      // Saved in one statement, a message and its reply share their time: the message comes first.
      .orderBy(
        asc(conversationEntries.createdAt),
        asc(sql`${conversationEntries.role} = 'assistant'`),
        asc(conversationEntries.id),
      )
      .limit(ENTRY_PAGE_ROWS)
      .offset(offset);
    for (const { authorFirstName, authorLastName, ...entry } of rows) {
      yield {
        ...entry,
        author:
          entry.role === 'user' ? [authorFirstName, authorLastName].filter(Boolean).join(' ') || null : null,
        createdAt: entry.createdAt.toISOString(),
      };
    }
    if (rows.length < ENTRY_PAGE_ROWS) return;
  }
}

async function* conversationMarkdown(db: Db, projectId: string): AsyncGenerator<Buffer> {
  let first = true;
  for await (const entry of conversationOf(db, projectId)) {
    if (!entry.shown) continue;
    const who = entry.role === 'user' ? (entry.author ?? 'User') : 'Redacta';
    yield Buffer.from(`${first ? '' : '\n'}## ${who}\n\n${entry.content}\n`);
    first = false;
  }
}

/**
 * Cuts what the zip writes into parts of exactly `EXPORT_PART_BYTES` (the last one shorter) and
 * hands each to `store`, waiting for it: the zip is paused while a part is being stored, so no more
 * than a part and the zip's own buffers are held at any time.
 */
class PartWriter extends Writable {
  size = 0;
  #held: Buffer[] = [];
  #heldBytes = 0;
  readonly #store: (part: Buffer) => Promise<void>;

  constructor(store: (part: Buffer) => Promise<void>) {
    super();
    this.#store = store;
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void) {
    this.size += chunk.length;
    this.#held.push(chunk);
    this.#heldBytes += chunk.length;
    this.#flush(EXPORT_PART_BYTES).then(() => callback(), callback);
  }

  override _final(callback: (error?: Error | null) => void) {
    this.#flush(1).then(() => callback(), callback);
  }

  /** Stores full parts while at least `least` bytes are held (1 at the end: the rest). */
  async #flush(least: number) {
    while (this.#heldBytes >= least) {
      const all = Buffer.concat(this.#held, this.#heldBytes);
      const part = all.subarray(0, EXPORT_PART_BYTES);
      const rest = all.subarray(part.length);
      this.#held = rest.length > 0 ? [rest] : [];
      this.#heldBytes = rest.length;
      await this.#store(part);
    }
  }
}

/**
 * The workspace as one zip (docs/product.md, "Your data"): each project's document as Markdown and
 * Word and its conversation as JSON and Markdown, under `projects/`; the brand voices, templates and
 * folders as JSON; the knowledge files as they were added; each batch's results as CSV (the batch's
 * own export). The zip is streamed out as it is made, cut into parts handed to `storePart` in order,
 * and every table is read a page at a time, so neither the archive nor a table is ever held whole.
 * `onProgress` hears the share of the work done, 0–99, when it changes. Answers the zip's size.
 */
export async function streamWorkspaceZip(
  db: Db,
  input: { workspaceId: string; ownerId: string },
  storePart: (part: Buffer) => Promise<void>,
  onProgress: (percent: number) => Promise<void>,
): Promise<number> {
  const { workspaceId } = input;
  const archive = archiver('zip', { zlib: { level: 6 } });
  const output = new PartWriter(storePart);
  const written = pipeline(archive, output);
  // The zip failing (or a part not stored) ends the export, whichever entry is being added.
  const failed = written.then(() => {
    throw new Error('The zip ended before its last entry');
  });
  failed.catch(() => undefined);
  /** Adds one entry and waits until the zip has taken all of it, so the next one is read only then. */
  const add = async (name: string, source: string | Buffer | Readable, store = false) => {
    const taken = new Promise<void>((resolve) => archive.once('entry', () => resolve()));
    archive.append(source, { name, store });
    await Promise.race([taken, failed]);
  };

  try {
    await addEverything();
  } catch (error) {
    // Stopped midway (a read failed, a later run took over): the zip is dropped, not left waiting.
    archive.abort();
    throw error;
  }
  await archive.finalize();
  await written;
  return output.size;

  async function addEverything() {
    const [projectCount, fileCount, batchCount] = await Promise.all([
      db.$count(projects, eq(projects.workspaceId, workspaceId)),
      db.$count(
        knowledgeSources,
        and(eq(knowledgeSources.workspaceId, workspaceId), isNotNull(knowledgeSources.file)),
      ),
      db.$count(batches, eq(batches.workspaceId, workspaceId)),
    ]);
    const work = projectCount + fileCount + batchCount + 1;
    let done = 0;
    let reported = 0;
    const step = async () => {
      done += 1;
      const percent = Math.min(99, Math.floor((done * 99) / work));
      if (percent === reported) return;
      reported = percent;
      await onProgress(percent);
    };

    const projectPages = paged(
      (after, limit) =>
        db
          .select({ id: projects.id, name: projects.name, content: documents.content })
          .from(projects)
          .leftJoin(documents, eq(documents.projectId, projects.id))
          .where(and(eq(projects.workspaceId, workspaceId), after))
          .orderBy(asc(projects.id))
          .limit(limit),
      projects.id,
    );
    for await (const project of projectPages) {
      const folder = `projects/${entryName(project.name, project.id)}`;
      const content = project.content ?? { type: 'doc', content: [] };
      await add(`${folder}/document.md`, documentMarkdown(content));
      await add(`${folder}/document.docx`, await documentDocx(content));
      await add(`${folder}/conversation.json`, bytes(jsonArray(conversationOf(db, project.id))));
      await add(`${folder}/conversation.md`, bytes(conversationMarkdown(db, project.id)));
      await step();
    }

    const voices = paged(
      (after, limit) =>
        db
          .select({
            id: brandVoices.id,
            name: brandVoices.name,
            voice: brandVoices.voice,
            isDefault: brandVoices.isDefault,
          })
          .from(brandVoices)
          .where(and(eq(brandVoices.workspaceId, workspaceId), after))
          .orderBy(asc(brandVoices.id))
          .limit(limit),
      brandVoices.id,
    );
    await add('brand-voices.json', bytes(jsonArray(voices)));
    const ownTemplates = paged(
      (after, limit) =>
        db
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
          .where(and(eq(templates.workspaceId, workspaceId), after))
          .orderBy(asc(templates.id))
          .limit(limit),
      templates.id,
    );
    await add('templates.json', bytes(jsonArray(ownTemplates)));
    const ownFolders = paged(
      (after, limit) =>
        db
          .select({ id: folders.id, name: folders.name })
          .from(folders)
          .where(and(eq(folders.workspaceId, workspaceId), after))
          .orderBy(asc(folders.id))
          .limit(limit),
      folders.id,
    );
    await add('folders.json', bytes(jsonArray(ownFolders)));

    // The files' names first, then each file alone: only one is held at a time.
    const files = paged(
      (after, limit) =>
        db
          .select({
            id: knowledgeSources.id,
            name: knowledgeSources.name,
            mediaType: knowledgeSources.mediaType,
          })
          .from(knowledgeSources)
          .where(and(eq(knowledgeSources.workspaceId, workspaceId), isNotNull(knowledgeSources.file), after))
          .orderBy(asc(knowledgeSources.id))
          .limit(limit),
      knowledgeSources.id,
      100,
    );
    for await (const source of files) {
      const [row] = await db
        .select({ file: asHex(knowledgeSources.file) })
        .from(knowledgeSources)
        .where(eq(knowledgeSources.id, source.id));
      if (row?.file == null) continue;
      const dot = source.name.lastIndexOf('.');
      const [base, extension] =
        dot > 0 ? [source.name.slice(0, dot), source.name.slice(dot)] : [source.name, ''];
      // PDFs, Word files and images are compressed already: stored as they are, not deflated again.
      const plain = /^text\/|json|xml/.test(source.mediaType ?? '');
      await add(`knowledge/${entryName(base, source.id)}${extension}`, fromHex(row.file), !plain);
      await step();
    }
    const pages = paged(
      (after, limit) =>
        db
          .select({ id: knowledgeSources.id, name: knowledgeSources.name, url: knowledgeSources.url })
          .from(knowledgeSources)
          .where(and(eq(knowledgeSources.workspaceId, workspaceId), eq(knowledgeSources.kind, 'url'), after))
          .orderBy(asc(knowledgeSources.id))
          .limit(limit),
      knowledgeSources.id,
      500,
    );
    await add(
      'knowledge/web-pages.json',
      bytes(
        jsonArray(
          (async function* () {
            for await (const { name, url } of pages) yield { name, url };
          })(),
        ),
      ),
    );

    const ownBatches = paged(
      (after, limit) =>
        db
          .select({ id: batches.id, fileName: batches.fileName })
          .from(batches)
          .where(and(eq(batches.workspaceId, workspaceId), after))
          .orderBy(asc(batches.id))
          .limit(limit),
      batches.id,
    );
    for await (const batch of ownBatches) {
      const file = await exportBatch(db, batch.id, input.ownerId, 'csv');
      await add(`batches/${entryName(batch.fileName.replace(/\.[^.]+$/, ''), batch.id)}.csv`, file.body);
      await step();
    }
  }
}
