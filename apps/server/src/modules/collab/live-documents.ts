import { EventEmitter } from 'node:events';
import { Hocuspocus, type Document, type Extension } from '@hocuspocus/server';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import * as Y from 'yjs';
import { DOCUMENT_MAX_BYTES } from '@redacta/shared';
import { giveEmptyTextblocksText } from '@redacta/shared/collab/empty-textblocks';
import type { Db } from '../../db/client.ts';
import { storageRoom, type StorageQuotas } from '../storage/service.ts';
import { cleanFragment } from './clean-fragment.ts';
import { authenticate, requireDocumentAccess, tokenHolder, type ConnectionContext } from './auth.ts';
import { endConnection, SocketThrottle } from './connections.ts';
import { loadState, storeState } from './persistence.ts';
import { FRAGMENT_NAME } from './prosemirror-yjs.ts';
import { InstancesOverRedis } from './redis-extension.ts';
import { Refusal } from './refusals.ts';
import {
  allowedBytes,
  checkUpdate,
  checkWhole,
  deriveContent,
  noteApplied,
  sizeOf,
  updateOf,
  type DocumentSize,
  type SharedRoom,
  type SizeLimit,
} from './validation.ts';
import type { RevokedSessions } from '../../lib/revoked-sessions.ts';
import { outsideKey } from '../../lib/acting-key.ts';

/** What the server knows of an open document besides its Yjs state. */
export interface LiveState {
  workspaceId: string;
  /** The time of its last change (stored ones included): the `updatedAt` readers see. */
  changedAt: Date;
  /** Changes made here that are not stored yet, and whose they are. */
  dirty: boolean;
  editorIds: Set<string>;
  size: DocumentSize;
  /** How many changes it has taken: tells whether any came in during a wait. */
  changes: number;
  /** True while a client's update, just checked, is applied: its growth is already counted. */
  applyingChecked: boolean;
}

export interface StoredEvent {
  projectId: string;
  editorIds: string[];
  updatedAt: string;
}

export interface LiveDocumentsOptions {
  db: Db;
  storageQuotas: StorageQuotas;
  secret: string;
  revoked: RevokedSessions;
  log: FastifyBaseLogger;
  redisUrl?: string;
  debounceMs: number;
  maxDebounceMs: number;
}

/** Changes that came from another instance through Redis: that instance stores them. */
const REDIS_ORIGIN = '__hocuspocus__redis__origin__';
/** Checking a change on the whole document costs a socket one more message's credit per this much of it. */
const BYTES_PER_CHECK_CREDIT = 128 * 1024;
/** How long after a failed store it is tried again (the document stays in memory meanwhile). */
const STORE_RETRY_MS = 2000;

/**
 * A live document takes its JSON, its plain text and its Yjs state in storage: each byte of JSON it
 * grows by may take up to about this many stored.
 */
const STORED_BYTES_PER_JSON_BYTE = 3;

/**
 * The largest the document may grow to: 1 MB of JSON, and no more than what its workspace's storage
 * has left can hold (no growth at all once it is full; a smaller document always saves).
 */
async function sizeLimit(
  db: Db,
  quotas: StorageQuotas,
  workspaceId: string,
  currentBytes: number,
): Promise<{ limit: SizeLimit; growth: number }> {
  const room = await storageRoom(db, quotas, workspaceId);
  const growth = Math.max(0, Math.floor(room / STORED_BYTES_PER_JSON_BYTE));
  return { limit: { maxBytes: Math.min(DOCUMENT_MAX_BYTES, currentBytes + growth), currentBytes }, growth };
}

const contentBytes = (doc: Y.Doc) => {
  const derived = deriveContent(doc);
  return typeof derived === 'string' ? 0 : derived.bytes;
};

/** Hocuspocus with Redacta's authentication, validation and persistence (docs/decisions/0015-live-documents.md). */
export function createLiveDocuments(options: LiveDocumentsOptions) {
  const { db, storageQuotas, log } = options;
  const states = new WeakMap<Document, LiveState>();
  const events = new EventEmitter<{ stored: [StoredEvent] }>();
  const throttle = new SocketThrottle();
  /**
   * Each workspace's storage room, shared by its documents open here (by workspace id), and the room
   * and size of each open document (by name): two documents of a workspace may not each grow into the
   * same room between their stores.
   */
  const rooms = new Map<string, SharedRoom>();
  const sizes = new Map<string, { workspaceId: string; size: DocumentSize }>();
  const leaveRoom = (documentName: string) => {
    const entry = sizes.get(documentName);
    if (!entry) return;
    sizes.delete(documentName);
    const room = rooms.get(entry.workspaceId);
    room?.documents.delete(entry.size);
    if (room?.documents.size === 0) rooms.delete(entry.workspaceId);
  };
  /** Sockets on which at least one document was opened. */
  const openedSockets = new WeakSet<object>();
  const extensions: Extension[] = [];
  if (options.redisUrl) {
    extensions.push(new InstancesOverRedis(options.redisUrl, log));
  }

  const hocuspocus: Hocuspocus = new Hocuspocus({
    quiet: true,
    debounce: options.debounceMs,
    maxDebounce: options.maxDebounceMs,
    extensions,

    async onAuthenticate({ token, documentName, context }) {
      try {
        return await authenticate(
          { db, secret: options.secret, revoked: options.revoked },
          token,
          documentName,
        );
      } catch (error) {
        // Hocuspocus answers the refusal with its reason; the socket, which it would keep open without
        // ever accepting this document on it again, closes right after with the same reason.
        // A failure of ours (the database unreachable…) is no refusal: 1011, and the client tries again.
        const socket = (context as { socket?: WebSocket }).socket;
        const [code, reason] = error instanceof Refusal ? [error.code, error.reason] : [1011, 'server-error'];
        if (socket) setImmediate(() => socket.close(code, reason));
        throw error;
      }
    },

    // The client's answer when asked for a fresh token before its own expires: the same person, who can
    // still see the project, goes on without reconnecting.
    async onTokenSync({ token, connection }) {
      const context = connection.context as ConnectionContext;
      try {
        const holder = await tokenHolder(options.secret, options.revoked, token);
        if (holder.userId !== context.userId) throw new Refusal('token-expired');
        await requireDocumentAccess(db, context.projectId, context.userId);
        Object.assign(context, {
          sessionId: holder.sessionId,
          expiresAt: holder.expiresAt,
          tokenRequested: false,
        });
      } catch (error) {
        endConnection(connection, error instanceof Refusal ? error.reason : 'token-expired');
      }
    },

    async connected({ connection }) {
      openedSockets.add(connection.webSocket);
    },

    async onLoadDocument({ document, documentName, context }) {
      let stored;
      let cleaned = false;
      try {
        stored = await loadState(db, documentName);
        if (!stored) throw new Refusal('forbidden');
        Y.applyUpdate(document, stored.state);
        cleaned = cleanFragment(document);
        // Stored before every empty textblock held a text: given them now, and stored with the cleaning.
        if (giveEmptyTextblocksText(document.getXmlFragment(FRAGMENT_NAME)) > 0) cleaned = true;
      } catch (error) {
        // Hocuspocus drops a document that failed to load; the client is told, and tries again later.
        const socket = (context as { socket?: WebSocket }).socket;
        const [code, reason] = error instanceof Refusal ? [error.code, error.reason] : [1011, 'server-error'];
        if (socket) setImmediate(() => socket.close(code, reason));
        if (error instanceof Refusal) throw error;
        log.error({ err: error, projectId: documentName }, 'could not load a live document');
        throw Object.assign(new Error(''), { reason: 'server-error' });
      }
      const state: LiveState = {
        workspaceId: stored.workspaceId,
        changedAt: stored.updatedAt,
        // What the cleaning changed is stored as soon as the document has loaded (afterLoadDocument).
        dirty: cleaned,
        changes: 0,
        editorIds: new Set(),
        size: await openSize(documentName, stored.workspaceId, contentBytes(document)),
        applyingChecked: false,
      };
      // Noted as each change is applied, before anything may read or store the document.
      document.on('update', (update: Uint8Array, origin: unknown) => {
        if (!state.applyingChecked) noteApplied(document, update, state.size);
        state.changes += 1;
        state.changedAt = new Date();
        if (origin === REDIS_ORIGIN) return;
        state.dirty = true;
        const userId = (origin as { context?: Partial<ConnectionContext> } | null)?.context?.userId;
        if (userId) state.editorIds.add(userId);
      });
      states.set(document, state);
    },

    async afterLoadDocument({ document, documentName }) {
      if (!states.get(document)?.dirty) return;
      void storeNow(document).catch((error: unknown) =>
        log.error({ err: error, projectId: documentName }, 'could not store a cleaned live document'),
      );
    },

    async beforeHandleMessage({ connection, document, update: message }) {
      const update = updateOf(message);
      await throttle.take(connection.webSocket, message.byteLength);
      const state = states.get(document);
      if (!update || !state) return;
      let refused = checkUpdate(document, update, state.size);
      if (refused === 'whole') {
        // A check of the whole document costs more on a larger one.
        const cost = Math.floor(state.size.limit.currentBytes / BYTES_PER_CHECK_CREDIT);
        await throttle.take(connection.webSocket, 0, cost);
        refused = checkWhole(document, update, state.size);
      }
      if (refused) {
        // Past a limit smaller than the document's own, it is the workspace's storage that is full.
        const reason =
          refused === 'too-large' && allowedBytes(state.size) < DOCUMENT_MAX_BYTES ? 'storage-full' : refused;
        endConnection(connection, reason);
        const { userId } = connection.context as ConnectionContext;
        log.info({ projectId: document.name, userId, reason }, 'refused a live document update');
        // Hocuspocus would apply a message whose hook settles, and log one whose hook fails as an
        // error: a refused update is answered already, so its message is left unhandled for good.
        return new Promise<never>(() => {});
      }
      // Applied here, in the same step as its check, so that no other change comes between them;
      // Hocuspocus applies the message again right after, which changes nothing.
      state.applyingChecked = true;
      try {
        Y.applyUpdate(document, update, connection);
      } finally {
        state.applyingChecked = false;
      }
    },

    async onStoreDocument({ document, documentName }) {
      const state = states.get(document);
      // Only a document that loaded is ever stored, and only with changes made here.
      if (!state?.dirty) return;
      state.dirty = false;
      const editorIds = [...state.editorIds];
      state.editorIds.clear();
      const { growth, unbounded } = state.size;
      try {
        const stored = await storeState(db, documentName, Y.encodeStateAsUpdate(document), state.changedAt);
        if (!stored) return;
        const { size } = state;
        const reading = await sizeLimit(db, storageQuotas, state.workspaceId, stored.bytes);
        size.limit = reading.limit;
        if (size.shared) size.shared.growth = reading.growth;
        // What was stored, and what came since: a closer bound than the one built up change by change.
        if (size.unbounded === unbounded)
          size.bytes = Math.min(size.bytes, stored.bytes + size.growth - growth);
        announceStored(documentName, editorIds, stored.updatedAt);
      } catch (error) {
        state.dirty = true;
        editorIds.forEach((id) => state.editorIds.add(id));
        log.error({ err: error, projectId: documentName }, 'could not store a live document; trying again');
        setTimeout(() => void storeNow(document).catch(() => {}), STORE_RETRY_MS).unref();
        throw error;
      }
    },

    // A document with changes not stored yet (its store failed, or another instance held the Redis
    // lock) stays in memory, and is stored again shortly; unloaded once that succeeds.
    async beforeUnloadDocument({ document }) {
      if (!states.get(document)?.dirty) return;
      setTimeout(() => void storeNow(document).catch(() => {}), STORE_RETRY_MS).unref();
      throw new Error('unsaved changes');
    },

    async afterUnloadDocument({ documentName }) {
      leaveRoom(documentName);
    },
  });

  /** A document just loaded: its size, its limit, and its place in its workspace's shared room. */
  async function openSize(documentName: string, workspaceId: string, currentBytes: number) {
    const { limit, growth } = await sizeLimit(db, storageQuotas, workspaceId, currentBytes);
    leaveRoom(documentName);
    let room = rooms.get(workspaceId);
    if (!room) rooms.set(workspaceId, (room = { growth, documents: new Set() }));
    room.growth = growth;
    const size = sizeOf(limit, room);
    room.documents.add(size);
    sizes.set(documentName, { workspaceId, size });
    return size;
  }

  /** Tells the listeners of 'stored'; what they do with it is theirs, their failure no failed store. */
  function announceStored(projectId: string, editorIds: string[], updatedAt: Date) {
    try {
      outsideKey(() => events.emit('stored', { projectId, editorIds, updatedAt: updatedAt.toISOString() }));
    } catch (error) {
      log.error({ err: error, projectId }, 'a listener of stored live documents failed');
    }
  }

  /** Stores the document now (after any store under way), through the same hooks as a debounced one. */
  function storeNow(document: Document) {
    return hocuspocus.storeDocumentHooks(
      document,
      {
        instance: hocuspocus,
        clientsCount: document.getConnectionsCount(),
        context: {},
        document,
        documentName: document.name,
        requestHeaders: {},
        requestParameters: new URLSearchParams(),
        socketId: 'server',
      },
      true,
    );
  }

  return { hocuspocus, states, events, storeNow, announceStored, openedSockets };
}

export type LiveDocuments = ReturnType<typeof createLiveDocuments>;
