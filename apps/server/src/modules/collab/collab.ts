// Awaited between the steps of a big document's work, so that the event loop answers others meanwhile.
import { setImmediate as otherTurns } from 'node:timers/promises';
import type { IncomingMessage } from 'node:http';
import type { Document } from '@hocuspocus/server';
import type { WebSocket } from 'ws';
import * as Y from 'yjs';
import { DOCUMENT_MAX_BYTES, emptyDocumentContent, type DocumentContent } from '@redacta/shared';
import { AppError, notFound } from '../../lib/errors.ts';
import { localAccessBus, redisAccessBus, type AccessBus, type AccessChange } from './access-bus.ts';
import { requireDocumentAccess, type ConnectionContext } from './auth.ts';
import { cleanFragment } from './clean-fragment.ts';
import { endConnection, liveConnections, matches, type ConnectionFilter } from './connections.ts';
import { localFlushBus, redisFlushBus, type FlushBus } from './flush-bus.ts';
import { createLiveDocuments, type LiveDocumentsOptions, type LiveState } from './live-documents.ts';
import { loadState, readStored, storeWithinQuota } from './persistence.ts';
import { contentToText, FRAGMENT_NAME, writeContent } from './prosemirror-yjs.ts';
import { Refusal, type CloseReason } from './refusals.ts';
import { deriveContent } from './validation.ts';

export type CollabOptions = LiveDocumentsOptions;

/** How often connections are checked for a token about to expire, expired, or signed out. */
const SWEEP_MS = 500;
/** A client is asked for a fresh token this long before its own expires. */
const RENEW_BEFORE_MS = 60_000;
/** A socket must open a document within this time of connecting, and may send this much before. */
const FIRST_DOCUMENT_MS = 10_000;
export const MAX_MESSAGE_BYTES = 4 * DOCUMENT_MAX_BYTES;

export const documentTooLarge = () =>
  new AppError('DOCUMENT_TOO_LARGE', `The document may take at most ${DOCUMENT_MAX_BYTES / 1024 / 1024} MB`);

const documentChanged = () =>
  new AppError(
    'DOCUMENT_CHANGED',
    'The document changed since the version this change was based on; read it again and retry',
    409,
  );

/** The Yjs update that replaces a document's content with `content`, made on a copy of its state. */
function replacementUpdate(current: Uint8Array, content: DocumentContent): Uint8Array {
  const copy = new Y.Doc();
  try {
    Y.applyUpdate(copy, current);
    const before = Y.encodeStateVector(copy);
    writeContent(copy.getXmlFragment(FRAGMENT_NAME), content);
    return Y.encodeStateAsUpdate(copy, before);
  } finally {
    copy.destroy();
  }
}

function contentOf(doc: Y.Doc): DocumentContent {
  const derived = deriveContent(doc);
  return typeof derived === 'string' ? emptyDocumentContent : derived.content;
}

/**
 * Live documents for the rest of the server (decorated as `app.collab`): reading and changing a
 * document goes through its live copy when one is open here, so connected editors see every change.
 */
export async function createCollab(options: CollabOptions) {
  const { db, storageQuotas, log } = options;
  const live = createLiveDocuments(options);
  const { hocuspocus, states, events, storeNow, announceStored, openedSockets } = live;

  /** Others on this instance who follow a project while access lasts (the live conversation). */
  const accessListeners = new Set<(filter: ConnectionFilter) => void>();

  async function handleAccessChange({ filter, reason }: AccessChange) {
    if (reason === 'forbidden') {
      for (const listener of accessListeners) listener(filter);
    }
    const affected = [...liveConnections(hocuspocus)].filter(([, context]) => matches(context, filter));
    await Promise.all(
      affected.map(async ([connection, context]) => {
        if (reason === 'forbidden') {
          // Whoever can still see the project stays (a project turned private keeps its creator).
          try {
            await requireDocumentAccess(db, context.projectId, context.userId);
            return;
          } catch (error) {
            if (!(error instanceof Refusal))
              log.error({ err: error }, 'could not check live document access');
          }
        }
        endConnection(connection, reason);
      }),
    );
  }
  const handle = (change: AccessChange) => void handleAccessChange(change);
  const bus: AccessBus = options.redisUrl
    ? await redisAccessBus(options.redisUrl, log, handle)
    : localAccessBus(handle);

  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [connection, context] of liveConnections(hocuspocus)) {
      if (options.revoked.has(context.sessionId) || now >= context.expiresAt) {
        endConnection(connection, 'token-expired');
      } else if (!context.tokenRequested && context.expiresAt - now < RENEW_BEFORE_MS) {
        context.tokenRequested = true;
        connection.requestToken();
      }
    }
  }, SWEEP_MS);
  sweep.unref();

  let closing = false;

  const replacing = new Map<string, Promise<void>>();

  /** The live copy of a project's document when it is open here and loaded. */
  function openDocument(projectId: string): [Document, LiveState] | null {
    const document = hocuspocus.documents.get(projectId);
    const state = document && states.get(document);
    return document && state ? [document, state] : null;
  }

  /** Stores what this instance holds of the document and has not stored yet. */
  async function flushHere(projectId: string): Promise<void> {
    const open = openDocument(projectId);
    if (open?.[1].dirty) await storeNow(open[0]);
  }
  const flushes: FlushBus = options.redisUrl
    ? await redisFlushBus(options.redisUrl, log, flushHere)
    : localFlushBus(flushHere);

  /**
   * Where the document is not open, the stored one may lack changes other instances hold and have not
   * stored yet (at most COLLAB_STORE_MAX_WAIT_MS of them): they store them first. Where it is open, the
   * other instances' changes reach it as they are made.
   */
  async function storedEverywhere(projectId: string): Promise<void> {
    if (!openDocument(projectId)) await flushes.flushEverywhere(projectId);
  }

  return {
    events,

    get closing() {
      return closing;
    },

    /** Takes a WebSocket upgraded on `/api/collab`. */
    accept(socket: WebSocket, request: IncomingMessage) {
      // Hocuspocus queues what a socket sends for a document until it is authenticated: bounded here
      // until the socket has opened one.
      let received = 0;
      socket.on('message', (data: Buffer) => {
        if (openedSockets.has(socket)) return;
        received += data.length;
        if (received > MAX_MESSAGE_BYTES) socket.close(1009, 'too-large');
      });
      const timer = setTimeout(() => {
        if (!openedSockets.has(socket)) socket.close(1008, 'no-document');
      }, FIRST_DOCUMENT_MS);
      socket.once('close', () => clearTimeout(timer));
      hocuspocus.handleConnection(socket, request, { socket });
    },

    /**
     * The document's content, plain text and time of its last change: live if open here, else stored
     * once every instance has stored its changes.
     */
    async read(projectId: string): Promise<{ content: DocumentContent; text: string; updatedAt: string }> {
      await storedEverywhere(projectId);
      const open = openDocument(projectId);
      if (open) {
        const content = contentOf(open[0]);
        return { content, text: contentToText(content), updatedAt: open[1].changedAt.toISOString() };
      }
      const stored = await readStored(db, projectId);
      if (!stored) throw notFound('Project');
      return { ...stored, updatedAt: stored.updatedAt.toISOString() };
    },

    /**
     * Replaces the document's content in one Yjs change applied to the live document (connected
     * editors see it), stored at once. With `baseUpdatedAt` (the time the caller's content was based
     * on), a document changed since is left alone: 409 DOCUMENT_CHANGED.
     */
    async replaceContent(
      projectId: string,
      content: DocumentContent,
      change: { userId: string; baseUpdatedAt?: string },
    ): Promise<{ updatedAt: string }> {
      const bytes = Buffer.byteLength(JSON.stringify(content), 'utf8');
      if (bytes > DOCUMENT_MAX_BYTES) throw documentTooLarge();
      // One replacement of a document at a time here: each is checked against the one before it.
      const previous = replacing.get(projectId) ?? Promise.resolve();
      let done!: () => void;
      const mine = new Promise<void>((resolve) => (done = resolve));
      replacing.set(projectId, mine);
      await previous;
      // Loaded here from the store, the document must hold every instance's changes: the time it is
      // compared with, and the replacement made on it, include them.
      const connection = await storedEverywhere(projectId)
        .then(() => hocuspocus.openDirectConnection(projectId, { userId: change.userId }))
        .catch((error: unknown) => {
          done();
          throw error;
        });
      try {
        const document = connection.document!;
        const state = states.get(document);
        if (!state) throw notFound('Project');
        if (
          change.baseUpdatedAt !== undefined &&
          state.changedAt.getTime() > Date.parse(change.baseUpdatedAt)
        ) {
          throw documentChanged();
        }
        // The change is made on a copy first and stored within the quota; only once it is stored is it
        // applied to the live document, where editors' changes made meanwhile merge with it.
        const current = Y.encodeStateAsUpdate(document);
        const replacement = replacementUpdate(current, content);
        const at = new Date();
        const changesBefore = state.changes;
        const editorIds = new Set([...state.editorIds, change.userId]);
        const replaced = Y.mergeUpdates([current, replacement]);
        // Each step above takes tens of milliseconds on a document near its size limit, and so does
        // the store's merge: others' requests are answered in between.
        await otherTurns();
        await storeWithinQuota(
          db,
          storageQuotas,
          { projectId, workspaceId: state.workspaceId },
          replaced,
          at,
        );
        const untouched = state.changes === changesBefore;
        Y.applyUpdate(document, replacement, { context: { userId: change.userId } });
        if (untouched) {
          // What was just stored is all the document holds: no second store.
          state.changedAt = at;
          state.dirty = false;
          state.editorIds.clear();
          announceStored(projectId, [...editorIds], at);
        } else {
          await storeNow(document);
        }
        return { updatedAt: state.changedAt.toISOString() };
      } finally {
        await connection.disconnect();
        if (replacing.get(projectId) === mine) replacing.delete(projectId);
        done();
      }
    },

    /**
     * Stores the document now when it is open here with changes not stored yet (its `stored` event
     * names their editors), e.g. before a version that should credit them.
     */
    flush: flushHere,

    /** The document's Yjs state with its content and text (live if open here), e.g. for a version. */
    async snapshot(
      projectId: string,
    ): Promise<{ state: Uint8Array; content: DocumentContent; text: string }> {
      const open = openDocument(projectId);
      const doc = open?.[0] ?? new Y.Doc();
      try {
        if (!open) {
          const stored = await loadState(db, projectId);
          if (!stored) throw notFound('Project');
          Y.applyUpdate(doc, stored.state);
          cleanFragment(doc);
        }
        const content = contentOf(doc);
        return { state: Y.encodeStateAsUpdate(doc), content, text: contentToText(content) };
      } finally {
        if (!open) doc.destroy();
      }
    },

    /**
     * Calls `listener` on this instance whenever access to projects may have ended, on any instance
     * (the filter `closeConnections` was given, as there): whoever matches should check the visibility
     * rule again. Returns the way to stop.
     */
    onAccessChange(listener: (filter: ConnectionFilter) => void): () => void {
      accessListeners.add(listener);
      return () => accessListeners.delete(listener);
    },

    /**
     * Ends the connections that match, on every instance, with `reason`. For `forbidden`, those whose
     * user can still see the project stay open: callers name who may have lost access, the visibility
     * rule decides.
     */
    async closeConnections(filter: ConnectionFilter, reason: CloseReason): Promise<void> {
      // The change that ended the access is made; telling the other instances must not undo its answer.
      await bus.publish({ filter, reason }).catch((error: unknown) => {
        log.error({ err: error, filter }, 'could not tell the other instances to close live connections');
      });
    },

    /**
     * Open documents and connections here, and how many documents have changes not stored yet or a
     * store scheduled or under way; for tests and metrics.
     */
    counts() {
      const storing = [...hocuspocus.documents.values()].filter((document) => {
        const key = `onStoreDocument-${document.name}`;
        return (
          states.get(document)?.dirty ||
          document.saveMutex.isLocked() ||
          hocuspocus.debouncer.isDebounced(key) ||
          hocuspocus.debouncer.isCurrentlyExecuting(key)
        );
      }).length;
      return {
        documents: hocuspocus.getDocumentsCount(),
        connections: hocuspocus.getConnectionsCount(),
        storing,
      };
    },

    /**
     * A stopping server: every connection is closed with 1012 (clients reconnect, to another instance
     * behind a proxy), then every document with changes not stored yet is stored.
     */
    async close() {
      closing = true;
      clearInterval(sweep);
      for (const [connection] of liveConnections(hocuspocus)) {
        connection.close({ code: 1012, reason: 'server-restart' });
        connection.webSocket.close(1012, 'server-restart');
      }
      await Promise.all(
        [...hocuspocus.documents.values()].map((document) =>
          storeNow(document).catch((error: unknown) =>
            log.error({ err: error, projectId: document.name }, 'could not store a live document on close'),
          ),
        ),
      );
      // Unloaded before the Redis extension's connections close, which an unload still uses.
      await Promise.all(
        [...hocuspocus.documents.values()].map((document) => hocuspocus.unloadDocument(document)),
      );
      await hocuspocus.hooks('onDestroy', { instance: hocuspocus });
      await Promise.all([bus.close(), flushes.close()]);
    },
  };
}

export type Collab = Awaited<ReturnType<typeof createCollab>>;
export type { ConnectionContext, ConnectionFilter, CloseReason };
