import * as Y from 'yjs';
import { HocuspocusProvider, HocuspocusProviderWebsocket, WebSocketStatus } from '@hocuspocus/provider';
import { IndexeddbPersistence } from 'y-indexeddb';
import { refusalOf, type Refusal } from './refusal';

/** Who this editor is, as the others see them: name and colour on the caret, picture on the avatar. */
export interface PeerUser {
  id: string;
  name: string;
  firstName: string | null;
  lastName: string | null;
  color: string;
  picture: string | null;
}

/** `saved`: the server holds every local change; `syncing`: some are on their way; `offline`: none go. */
export type SyncState = 'saved' | 'syncing' | 'offline';

export interface LiveDocumentOptions {
  projectId: string;
  user: PeerUser;
  /** The collaboration endpoint, `ws:`/`wss:` after the page's scheme. */
  url: string;
  /** The current access token (renewed first when it is about to expire). */
  token: () => Promise<string>;
  /** Renews the access token after the server said it expired. */
  renewToken: () => Promise<unknown>;
  /** Called after any change of readiness, sync state, refusal or presence. */
  onChange: () => void;
  /** Node tests pass `ws`; browsers use their own WebSocket. */
  WebSocketPolyfill?: unknown;
}

/** The content lives in the XML fragment TipTap's collaboration extension binds by default. */
export const FRAGMENT = 'default';

/** A server that keeps saying the token expired is not asked again sooner than this. */
const RENEW_INTERVAL_MS = 10_000;

/** Local copies are per person and project: a shared browser never hands one user's edits to another. */
export const localCopyName = (userId: string, projectId: string) => `redacta-document:${userId}:${projectId}`;

/**
 * One project's live document: a Yjs document synced with the server over WebSocket and kept in
 * IndexedDB, so edits made offline (even in a tab closed since) merge when the connection returns.
 * It never writes content of its own: the server seeds a document that has no live state yet.
 */
export class LiveDocument {
  readonly doc = new Y.Doc();
  readonly provider: HocuspocusProvider;
  private readonly socket: HocuspocusProviderWebsocket;
  private readonly local: IndexeddbPersistence | null;
  private readonly options: LiveDocumentOptions;
  /** Content to show: from the server, or from the local copy while the server cannot be reached. */
  ready = false;
  refusal: Refusal | null = null;
  private online = typeof navigator === 'undefined' || navigator.onLine;
  private closed = false;
  private renewing = false;
  private lastRenewal = 0;

  constructor(options: LiveDocumentOptions) {
    this.options = options;
    this.local =
      typeof indexedDB === 'undefined'
        ? null
        : new IndexeddbPersistence(localCopyName(options.user.id, options.projectId), this.doc);
    void this.local?.whenSynced.then(() => {
      if (this.doc.getXmlFragment(FRAGMENT).length > 0) this.markReady();
    });
    // Connected once the provider is attached: connecting in both places opens two sockets.
    this.socket = new HocuspocusProviderWebsocket({
      url: options.url,
      autoConnect: false,
      ...(options.WebSocketPolyfill ? { WebSocketPolyfill: options.WebSocketPolyfill } : {}),
    });
    this.provider = new HocuspocusProvider({
      websocketProvider: this.socket,
      name: options.projectId,
      document: this.doc,
      token: options.token,
      onSynced: () => this.markReady(),
      onStatus: this.changed,
      onUnsyncedChanges: this.changed,
      onAuthenticated: this.changed,
      onAwarenessChange: this.changed,
      onAuthenticationFailed: ({ reason }) => this.refused(reason),
      onClose: ({ event }) => this.refused(event.reason),
    });
    this.provider.setAwarenessField('user', options.user);
    this.provider.attach();
    void this.socket.connect();
    if (typeof window !== 'undefined') {
      window.addEventListener('offline', this.goOffline);
      window.addEventListener('online', this.goOnline);
    }
  }

  get sync(): SyncState {
    if (this.closed || !this.online) return 'offline';
    const socket = this.socket;
    if (socket.status === WebSocketStatus.Disconnected) return 'offline';
    const held = socket.status === WebSocketStatus.Connected && this.provider.isSynced;
    return held && !this.provider.hasUnsyncedChanges ? 'saved' : 'syncing';
  }

  /** Everyone with the document open, one entry per person (several tabs of one person count once). */
  get peers(): PeerUser[] {
    const people = new Map<string, PeerUser>();
    const states = this.provider.awareness?.getStates() ?? new Map();
    for (const state of states.values()) {
      const user = (state as { user?: PeerUser }).user;
      if (user && typeof user.id === 'string' && !people.has(user.id)) people.set(user.id, user);
    }
    return [...people.values()];
  }

  private readonly changed = () => this.options.onChange();

  private markReady() {
    if (this.ready) return this.changed();
    this.ready = true;
    this.changed();
  }

  private refused(reason: string | undefined) {
    const refusal = refusalOf(reason);
    if (refusal === null) return this.changed();
    if (refusal === 'token-expired') return void this.renew();
    this.refusal = refusal;
    // Nothing more may be sent: no retries against a refusal that would only repeat.
    this.close();
    this.changed();
  }

  /** A renewed token, then a fresh connection: the sync handshake sends whatever is still unsent. */
  private async renew() {
    if (this.renewing || this.closed || Date.now() - this.lastRenewal < RENEW_INTERVAL_MS) return;
    this.renewing = true;
    this.lastRenewal = Date.now();
    try {
      await this.options.renewToken();
    } catch {
      // The session cannot be renewed: no more tries with a dead token; the app's next request signs
      // the user out (and coming back online tries again).
      this.socket.disconnect();
      return;
    } finally {
      this.renewing = false;
      this.changed();
    }
    this.reconnect();
  }

  /**
   * A fresh WebSocket (the server takes one authentication per document and socket): once the
   * current one has closed, a new one opens and authenticates with the current token.
   */
  private reconnect() {
    if (this.closed) return;
    if (this.socket.status === WebSocketStatus.Disconnected) return void this.socket.connect();
    const again = () => {
      this.socket.off('disconnect', again);
      if (!this.closed && this.online) void this.socket.connect();
    };
    this.socket.on('disconnect', again);
    this.socket.disconnect();
  }

  private readonly goOffline = () => {
    this.online = false;
    if (!this.closed) this.socket.disconnect();
    this.changed();
  };

  private readonly goOnline = () => {
    if (this.online) return;
    this.online = true;
    this.reconnect();
    this.changed();
  };

  /** Waits until the server holds every local change; false when that does not happen in time. */
  whenSaved(timeoutMs: number): Promise<boolean> {
    if (this.sync === 'saved') return Promise.resolve(true);
    if (this.sync === 'offline') return Promise.resolve(false);
    return new Promise((resolve) => {
      const check = () => {
        if (this.sync === 'syncing') return;
        finish(this.sync === 'saved');
      };
      const finish = (saved: boolean) => {
        clearTimeout(timer);
        this.provider.off('unsyncedChanges', check);
        this.provider.off('synced', check);
        this.provider.off('status', check);
        resolve(saved);
      };
      const timer = setTimeout(() => finish(false), timeoutMs);
      this.provider.on('unsyncedChanges', check);
      this.provider.on('synced', check);
      this.provider.on('status', check);
    });
  }

  /** Stops talking to the server for good; the content stays readable (and copyable). */
  close() {
    if (this.closed) return;
    this.closed = true;
    if (typeof window !== 'undefined') {
      window.removeEventListener('offline', this.goOffline);
      window.removeEventListener('online', this.goOnline);
    }
    this.provider.destroy();
    this.socket.destroy();
  }

  /** Forgets this browser's copy (after access ended, or to start again from the server's state). */
  async clearLocalCopy() {
    await this.local?.clearData();
  }

  destroy() {
    this.close();
    void this.local?.destroy();
    this.doc.destroy();
  }
}
