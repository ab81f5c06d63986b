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
  /** The room its workspace's storage has, shared with the workspace's other open documents. */
  shared?: SharedRoom;
}

/**
 * What a workspace's storage has room for, in JSON bytes, shared by its documents open on this
 * instance: together they may grow by `growth` beyond what each last stored. `growth` is read again
 * whenever one of them is stored (what the others have stored is in that reading).
 */
export interface SharedRoom {
  growth: number;
  documents: Set<DocumentSize>;
}

export const sizeOf = (limit: SizeLimit, shared?: SharedRoom): DocumentSize => ({
  limit,
  bytes: limit.currentBytes,
  growth: 0,
  unbounded: 0,
  ...(shared ? { shared } : {}),
});

/** How much the documents sharing `size`'s room, but for its own, have grown since they were stored. */
function othersGrowth(size: DocumentSize): number {
  let sum = 0;
  for (const other of size.shared?.documents ?? []) {
    const grown = other.bytes - other.limit.currentBytes;
    // A change of unknown growth is bounded by its own document's next whole check, not by its neighbours.
    if (other !== size && Number.isFinite(grown) && grown > 0) sum += grown;
  }
  return sum;
}

/**
 * The most `size`'s document may hold: its own limit, and no more than the room it shares with the
 * workspace's other open documents has left (it may always keep its stored size).
 */
export function allowedBytes(size: DocumentSize): number {
  const { maxBytes, currentBytes } = size.limit;
  const own = Math.max(maxBytes, currentBytes);
  if (!size.shared) return own;
  return Math.min(own, Math.max(currentBytes, currentBytes + size.shared.growth - othersGrowth(size)));
}

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
  if (verdict.growth > 0 && size.bytes + verdict.growth > allowedBytes(size)) return 'whole';
  size.bytes += verdict.growth;
  size.growth += verdict.growth;
  return null;
}

/**
 * Whether `update` may be applied to `doc`, tried on a copy of the whole document: its content must
 * stay valid, and within the limit and the shared room unless it does not grow. Costs a walk of the whole document.
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
    if (derived.bytes > allowedBytes(size)) return 'too-large';
    size.bytes = derived.bytes;
    size.growth += derived.bytes;
    return null;
  } finally {
    copy.destroy();
  }
}
