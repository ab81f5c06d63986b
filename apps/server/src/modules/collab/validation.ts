import * as decoding from 'lib0/decoding';
import * as Y from 'yjs';
import { documentContentSchema, type DocumentContent } from '@redacta/shared';
import { FRAGMENT_NAME, fragmentToContent, TooDeepError } from './prosemirror-yjs.ts';

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

/** A copy of a document's state, to try updates on before the document itself takes them. */
export function copyOf(doc: Y.Doc): Y.Doc {
  const copy = new Y.Doc({ gc: true });
  Y.applyUpdate(copy, Y.encodeStateAsUpdate(doc));
  return copy;
}

/**
 * Whether `update` may be applied to the document `shadow` is a copy of: it is applied to the copy,
 * whose content must stay valid, and within the limit unless it does not grow. After a refusal the
 * copy holds the refused update: the caller makes a new one. A refused update changes nothing else.
 */
export function checkUpdate(shadow: Y.Doc, update: Uint8Array, limit: SizeLimit): RefusalReason | null {
  try {
    Y.applyUpdate(shadow, update);
  } catch {
    return 'invalid-update';
  }
  const derived = deriveContent(shadow);
  if (typeof derived === 'string') return derived;
  return derived.bytes > limit.maxBytes && derived.bytes > limit.currentBytes ? 'too-large' : null;
}
