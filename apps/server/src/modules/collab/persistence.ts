// Awaited between the steps of a big document's work, so that the event loop answers others meanwhile.
import { setImmediate as otherTurns } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import * as Y from 'yjs';
import { cleanDocumentContent, emptyDocumentContent } from '@redacta/shared';
import type { Db, Tx } from '../../db/client.ts';
import { Turns } from '../../lib/turns.ts';
import { lockWorkspace } from '../invitations/index.ts';
import { requireWithinQuotaAfterWrite, storedDocumentBytes, type StorageQuotas } from '../storage/service.ts';
import { documents, projects } from '../../db/schema.ts';
import { contentToText, stateFromContent } from './prosemirror-yjs.ts';
import { deriveContent } from './validation.ts';

export interface StoredState {
  state: Uint8Array;
  updatedAt: Date;
  workspaceId: string;
}

/**
 * A document's Yjs state, seeded from its stored JSON the first time: under the row's lock, so of two
 * instances (or two clients) opening it at once one seeds and the other reads that seed. Null when the
 * project is gone. A failure throws: a document that did not load is never served, and so never stored.
 */
export async function loadState(db: Db, projectId: string): Promise<StoredState | null> {
  const [row] = await db
    .select({ state: documents.yjsState, updatedAt: documents.updatedAt, workspaceId: projects.workspaceId })
    .from(documents)
    .innerJoin(projects, eq(projects.id, documents.projectId))
    .where(eq(documents.projectId, projectId));
  if (row?.state) return { state: row.state, updatedAt: row.updatedAt, workspaceId: row.workspaceId };
  return db.transaction(async (tx) => {
    const [project] = await tx
      .select({ workspaceId: projects.workspaceId })
      .from(projects)
      .where(eq(projects.id, projectId))
      .for('share');
    if (!project) return null;
    const { workspaceId } = project;
    // A project always has its document row; one missing for any reason is created empty.
    await tx.insert(documents).values({ projectId, content: emptyDocumentContent }).onConflictDoNothing();
    const [locked] = await tx
      .select({ state: documents.yjsState, content: documents.content, updatedAt: documents.updatedAt })
      .from(documents)
      .where(eq(documents.projectId, projectId))
      .for('update');
    if (locked!.state) return { state: locked!.state, updatedAt: locked!.updatedAt, workspaceId };
    // Stored JSON written before the rule was this strict seeds the document without what it refuses.
    const content = cleanDocumentContent(locked!.content);
    const state = stateFromContent(content);
    // Seeding changes no one's text: the document keeps its time.
    await tx
      .update(documents)
      .set({ yjsState: state, text: contentToText(content), updatedAt: locked!.updatedAt })
      .where(eq(documents.projectId, projectId));
    return { state, updatedAt: locked!.updatedAt, workspaceId };
  });
}

export interface Stored {
  updatedAt: Date;
  bytes: number;
}

/** What a store writes: the merged state, and the JSON and text derived from it. */
interface Merged {
  state: Uint8Array;
  /** Absent when the merged state fails the document rule: then it is kept as state only. */
  content?: { json: string; text: string; bytes: number };
}

/** The stored state (null when there is none yet) merged with `live`, and what is derived from it. */
async function merge(stored: Uint8Array | null, live: Uint8Array): Promise<Merged> {
  const state = stored ? Y.mergeUpdates([stored, live]) : live;
  await otherTurns();
  const doc = new Y.Doc();
  let derived;
  try {
    Y.applyUpdate(doc, state);
    derived = deriveContent(doc);
  } finally {
    doc.destroy();
  }
  // Every change was checked as it arrived; a state that still fails the rule is kept as state only.
  if (typeof derived === 'string') return { state };
  await otherTurns();
  return {
    state,
    content: { json: derived.json, text: contentToText(derived.content), bytes: derived.bytes },
  };
}

/** The stored state's fingerprint: tells whether it changed between reading it and writing over it. */
const stateHash = sql<string | null>`md5(${documents.yjsState})`;

/**
 * A store's merge, worked out before its transaction from the state stored now, with that state's
 * fingerprint. Null when the project is gone.
 */
async function prepareMerge(
  db: Db,
  projectId: string,
  live: Uint8Array,
): Promise<{ merged: Merged; storedHash: string | null } | null> {
  const [row] = await db
    .select({ state: documents.yjsState, hash: stateHash })
    .from(documents)
    .where(eq(documents.projectId, projectId));
  if (!row) return null;
  return { merged: await merge(row.state, live), storedHash: row.hash };
}

/**
 * Writes a document's state inside `tx`, under the row's lock: the stored state and the given one are
 * merged (a merge of Yjs states loses nothing of either, so neither an instance that missed others'
 * changes nor one whose load went wrong can overwrite what is stored), and the JSON and plain text
 * derived from the result are written with it. Editing the document is editing the project: it moves
 * up in "recently updated". Null when the project is gone.
 *
 * The merge is worked out before the transaction (`prepared`): a transaction holds every other
 * statement on PGlite, and merging and deriving a document near its size limit takes far longer than
 * writing it. Only when the stored state changed in between is it merged again, under the lock.
 */
async function writeMerged(
  tx: Tx,
  projectId: string,
  live: Uint8Array,
  at: Date,
  prepared: { merged: Merged; storedHash: string | null },
): Promise<Stored | null> {
  const [row] = await tx
    .select({ hash: stateHash })
    .from(documents)
    .where(eq(documents.projectId, projectId))
    .for('update');
  if (!row) return null;
  let merged = prepared.storedHash === row.hash ? prepared.merged : null;
  if (!merged) {
    const [locked] = await tx
      .select({ state: documents.yjsState })
      .from(documents)
      .where(eq(documents.projectId, projectId));
    merged = await merge(locked!.state, live);
  }
  const { state, content } = merged;
  await tx
    .update(documents)
    .set({
      yjsState: state,
      ...(content ? { content: sql`${content.json}::jsonb`, text: content.text } : {}),
      updatedAt: at,
    })
    .where(eq(documents.projectId, projectId));
  await tx.update(projects).set({ updatedAt: at }).where(eq(projects.id, projectId));
  return { updatedAt: at, bytes: content?.bytes ?? 0 };
}

/**
 * Stores that may hold a merge worked out at the same time, per database. Each holds its document's
 * merged state, JSON and text until its transaction is done, and every open document may store at
 * once (their edits stop together): unbounded, a burst held them all while they waited for the
 * database (bench:collab's memory per open document after typing rose from ~130 KB to 180–290 KB).
 * Two keep the event loop merging the next while the database writes the last.
 */
const MERGES_AT_ONCE = 2;
const mergeTurns = new WeakMap<Db, Turns>();

async function inTurn<T>(db: Db, store: () => Promise<T>): Promise<T> {
  let turns = mergeTurns.get(db);
  if (!turns) mergeTurns.set(db, (turns = new Turns(MERGES_AT_ONCE)));
  const release = (await turns.take()) as () => void;
  try {
    return await store();
  } finally {
    release();
  }
}

/** Stores a live document's state (see writeMerged), in one transaction. */
export function storeState(db: Db, projectId: string, live: Uint8Array, at: Date): Promise<Stored | null> {
  return inTurn(db, async () => {
    const prepared = await prepareMerge(db, projectId, live);
    if (!prepared) return null;
    return db.transaction((tx) => writeMerged(tx, projectId, live, at, prepared));
  });
}

/**
 * Stores a state that replaces the document's content, only if the workspace stays within its storage
 * quota: measured after the write, as stored, with the workspace's lock held so that writers take
 * turns (413 STORAGE_FULL rolls it back). A smaller document always saves.
 */
export function storeWithinQuota(
  db: Db,
  quotas: StorageQuotas,
  target: { projectId: string; workspaceId: string },
  live: Uint8Array,
  at: Date,
): Promise<Stored | null> {
  return inTurn(db, async () => {
    const prepared = await prepareMerge(db, target.projectId, live);
    if (!prepared) return null;
    return db.transaction(async (tx) => {
      await lockWorkspace(tx, target.workspaceId);
      const before = await storedDocumentBytes(tx, target.projectId);
      const stored = await writeMerged(tx, target.projectId, live, at, prepared);
      const growth = (await storedDocumentBytes(tx, target.projectId)) - before;
      await requireWithinQuotaAfterWrite(tx, quotas, target.workspaceId, growth);
      return stored;
    });
  });
}

/** A document as stored, for reading it where it is not open. */
export async function readStored(db: Db, projectId: string) {
  const [row] = await db
    .select({
      content: documents.content,
      text: documents.text,
      state: documents.yjsState,
      updatedAt: documents.updatedAt,
    })
    .from(documents)
    .where(eq(documents.projectId, projectId));
  if (!row) return null;
  // JSON stored before the rule was this strict is read without what it refuses, and so is its text.
  const content = cleanDocumentContent(row.content);
  const cleaned = content !== row.content;
  // A document never opened live has no text stored yet.
  const text = row.state && !cleaned ? row.text : contentToText(content);
  return { content, text, updatedAt: row.updatedAt };
}
