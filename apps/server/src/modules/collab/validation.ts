import * as decoding from 'lib0/decoding';
import * as Y from 'yjs';
import { documentContentSchema, type DocumentContent } from '@redacta/shared';
import { FRAGMENT_NAME, fragmentToContent, TooDeepError } from './prosemirror-yjs.ts';
import { inspectUpdate } from './update-check.ts';

/** Why an update was refused; also the reason the client receives (docs/decisions/0015-live-documents.md). */
export type RefusalReason = 'invalid-update' | 'too-large';

/** Hocuspocus's message type of Yjs sync messages, and the sync steps that carry document changes. */
const SYNC_MESSAGE = 0;
const SYNC_STEP_2 = 1;
const SYNC_UPDATE = 2;

/**
 * The document change a client's message carries, if any: a sync step 2 (what the client has that the
 * server lacks, sent on connecting) or an update. Anything else (awareness, a sync step 1, …) changes
 * no document. A message that cannot be read is refused as it stands.
 */
export function updateOf(message: Uint8Array): Uint8Array | null {
  const decoder = decoding.createDecoder(message);
  decoding.readVarString(decoder);
  if (decoding.readVarUint(decoder) !== SYNC_MESSAGE) return null;
  const step = decoding.readVarUint(decoder);
  if (step !== SYNC_STEP_2 && step !== SYNC_UPDATE) return null;
  return decoding.readVarUint8Array(decoder);
}

export interface Derived {
  content: DocumentContent;
  json: string;
  bytes: number;
}

/**
 * The content of a Yjs document as it would be stored, or 'invalid-update' when it may not be: anything
 * outside the editor's fragment, or content the document rule refuses.
 */
export function deriveContent(doc: Y.Doc): Derived | 'invalid-update' {
  // Only the editor's fragment holds the document: any other shared type is no part of it.
  for (const name of doc.share.keys()) if (name !== FRAGMENT_NAME) return 'invalid-update';
  let candidate;
  try {
    candidate = fragmentToContent(doc.getXmlFragment(FRAGMENT_NAME));
  } catch (error) {
    if (error instanceof TooDeepError) return 'invalid-update';
    throw error;
  }
  const json = JSON.stringify(candidate);
  const bytes = Buffer.byteLength(json, 'utf8');
  const parsed = documentContentSchema.safeParse(candidate);
  if (!parsed.success) return 'invalid-update';
  return { content: parsed.data, json, bytes };
}

/** How large a document may grow: `maxBytes` of JSON, or its current size when it is already above. */
export interface SizeLimit {
  maxBytes: number;
  currentBytes: number;
}

/**
 * What the server knows of an open document's size: its limit, `bytes`, an upper bound of its JSON
 * size now (exact when loaded, stored or wholly checked; each change adds an upper bound of its
 * growth), `growth`, the sum of those additions, and `unbounded`, how many changes came whose growth
 * could not be bounded (their document is wholly checked next).
 */
export interface DocumentSize {
  limit: SizeLimit;
  bytes: number;
  growth: number;
  unbounded: number;
}

export const sizeOf = (limit: SizeLimit): DocumentSize => ({
  limit,
  bytes: limit.currentBytes,
  growth: 0,
  unbounded: 0,
});

/** A copy of a document's state, to try an update on before the document itself takes it. */
export function copyOf(doc: Y.Doc): Y.Doc {
  const copy = new Y.Doc({ gc: true });
  Y.applyUpdate(copy, Y.encodeStateAsUpdate(doc));
  return copy;
}

/** Notes a change already applied that was not checked here (another instance's, a replacement). */
export function noteApplied(doc: Y.Doc, update: Uint8Array, size: DocumentSize) {
  const verdict = inspectUpdate(doc, update, 'applied');
  if (verdict.kind === 'fits') {
    size.bytes += verdict.growth;
    size.growth += verdict.growth;
  } else {
    size.bytes = Infinity;
    size.unbounded += 1;
  }
}

/**
 * Whether `update` may be applied to `doc`, told from what it touches (see inspectUpdate): refused
 * with a reason, accepted (null; its growth is added to `size`), or 'whole' when only trying it on a
 * copy of the whole document can tell (it builds on changes not here yet, or may take the document
 * past its limit): then checkWhole.
 */
export function checkUpdate(
  doc: Y.Doc,
  update: Uint8Array,
  size: DocumentSize,
): RefusalReason | 'whole' | null {
  // Changes held back for missing predecessors join the document unseen by any check but the whole one.
  if (doc.store.pendingStructs !== null || doc.store.pendingDs !== null) return 'whole';
  const verdict = inspectUpdate(doc, update, 'arriving');
  if (verdict.kind === 'invalid') return 'invalid-update';
  if (verdict.kind === 'undecided') return 'whole';
  const allowed = Math.max(size.limit.maxBytes, size.limit.currentBytes);
  if (verdict.growth > 0 && size.bytes + verdict.growth > allowed) return 'whole';
  size.bytes += verdict.growth;
  size.growth += verdict.growth;
  return null;
}

/**
 * Whether `update` may be applied to `doc`, tried on a copy of the whole document: its content must
 * stay valid, and within the limit unless it does not grow. Costs a walk of the whole document.
 */
export function checkWhole(doc: Y.Doc, update: Uint8Array, size: DocumentSize): RefusalReason | null {
  const copy = copyOf(doc);
  try {
    try {
      Y.applyUpdate(copy, update);
    } catch {
      return 'invalid-update';
    }
    const derived = deriveContent(copy);
    if (typeof derived === 'string') return derived;
    if (derived.bytes > size.limit.maxBytes && derived.bytes > size.limit.currentBytes) return 'too-large';
    size.bytes = derived.bytes;
    size.growth += derived.bytes;
    return null;
  } finally {
    copy.destroy();
  }
}
