import type { LiveDocument, LiveDocumentOptions, PeerUser, SyncState } from '../live/live-document';
import type { Refusal } from '../live/refusal';

export type { PeerUser, SyncState };

export type LoadState = 'loading' | 'ready' | 'error';
/** What the server refused for good: access, or one change (the editor stops sending either way). */
export type EndedBy = Exclude<Refusal, 'token-expired'>;

export interface DocumentSnapshot {
  load: LoadState;
  sync: SyncState;
  endedBy: EndedBy | null;
  peers: PeerUser[];
}

/** Where queued inserts go: the mounted editor, or a headless editor on the same live document. */
export type InsertSink = (markdowns: string[]) => void;

export interface DocumentStoreDeps {
  /** Opens the live document (its code is a lazy chunk). */
  openLive: (options: LiveDocumentOptions) => Promise<LiveDocument>;
  /** Everything about the connection except the project and the change callback. */
  connection: () => Omit<LiveDocumentOptions, 'projectId' | 'onChange'>;
  /**
   * Not opened while held, only once `openNow` is called: on a phone the document is a tab of its own,
   * and its code (Yjs, the connection, the local copy) would otherwise run before the chat's first draw.
   */
  openLater?: boolean;
}

const initial: DocumentSnapshot = { load: 'loading', sync: 'syncing', endedBy: null, peers: [] };

/**
 * The open project's live document outside React: its connection (opened while anyone holds the
 * store, closed a moment after the last lets go, so StrictMode's second set-up reuses it), the
 * snapshot the panel draws, and the queue of chat replies waiting for something to apply them.
 */
export class DocumentStore {
  readonly projectId: string;
  private readonly deps: DocumentStoreDeps;
  private snapshot: DocumentSnapshot = initial;
  private readonly listeners = new Set<() => void>();
  private current: LiveDocument | null = null;
  private opening: Promise<void> | null = null;
  private holders = 0;
  private releaseTimer: ReturnType<typeof setTimeout> | null = null;
  private disposed = false;
  /** Whether the document is to be opened as soon as someone holds the store (see `DocumentStoreDeps.openLater`). */
  private wanted: boolean;
  private readonly queue: string[] = [];
  private sink: InsertSink | null = null;
  private fallbackSink: ((live: LiveDocument) => InsertSink) | null = null;

  constructor(projectId: string, deps: DocumentStoreDeps) {
    this.projectId = projectId;
    this.deps = deps;
    this.wanted = !deps.openLater;
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  getSnapshot = (): DocumentSnapshot => this.snapshot;

  /** The live document once opened (the editor binds to it). */
  get live(): LiveDocument | null {
    return this.current;
  }

  private update(patch: Partial<DocumentSnapshot>) {
    const next = { ...this.snapshot, ...patch };
    const same = (Object.keys(next) as (keyof DocumentSnapshot)[]).every(
      (key) => key === 'peers' || next[key] === this.snapshot[key],
    );
    if (same && samePeers(next.peers, this.snapshot.peers)) return;
    this.snapshot = next;
    for (const listener of this.listeners) listener();
  }

  /** Someone needs the document (the provider while mounted). */
  retain() {
    this.holders += 1;
    if (this.releaseTimer !== null) clearTimeout(this.releaseTimer);
    this.releaseTimer = null;
    if (this.wanted) this.opening ??= this.open();
  }

  /**
   * Opens the document now if it was left for later (`openLater`): its panel is shown, a reply is
   * inserted, or the screen that had the main thread first is drawn. Does nothing once opened.
   */
  openNow = () => {
    this.wanted = true;
    if (this.holders > 0 && !this.disposed) this.opening ??= this.open();
  };

  release() {
    this.holders -= 1;
    if (this.holders > 0) return;
    this.releaseTimer = setTimeout(() => {
      this.releaseTimer = null;
      if (this.holders === 0) this.dispose();
    }, 0);
  }

  private async open() {
    const live = await this.deps.openLive({
      ...this.deps.connection(),
      projectId: this.projectId,
      onChange: () => this.refresh(),
    });
    if (this.disposed) return live.destroy();
    this.current = live;
    this.refresh();
  }

  private refresh() {
    const live = this.current;
    if (!live) return;
    const endedBy = live.refusal === 'token-expired' ? null : live.refusal;
    this.update({
      load: live.ready ? 'ready' : endedBy === 'forbidden' ? 'error' : 'loading',
      sync: live.sync,
      endedBy,
      peers: live.peers,
    });
    if (endedBy === 'forbidden') void live.clearLocalCopy();
    this.drain();
  }

  /** Waits until the server holds every change; false when offline, refused or not within the time. */
  async whenSaved(timeoutMs = 5000): Promise<boolean> {
    if (!this.current || this.snapshot.endedBy) return false;
    return this.current.whenSaved(timeoutMs);
  }

  /**
   * After a refused change: forgets this browser's copy and opens the server's state afresh (the
   * editor shows it once loaded). The refused text was offered to copy before.
   */
  async reload() {
    const old = this.current;
    if (!old) return;
    this.current = null;
    this.snapshot = initial;
    await old.clearLocalCopy();
    old.destroy();
    this.opening = this.open();
  }

  // ── Inserts from the chat ────────────────────────────────────────────────────────────────────

  /** Queues a reply; it lands as soon as the document has loaded and something can apply it. */
  insertMarkdown(markdown: string) {
    if (markdown.trim() === '') return;
    this.queue.push(markdown);
    this.openNow();
    this.drain();
  }

  get pendingInserts(): number {
    return this.queue.length;
  }

  /** The mounted editor takes inserts at its cursor; detaching hands them back to the queue. */
  attachEditor(sink: InsertSink) {
    this.sink = sink;
    this.drain();
    return () => {
      if (this.sink === sink) this.sink = null;
    };
  }

  /** Without a mounted editor, inserts go through a headless one once its code has loaded. */
  setFallbackSink(sink: (live: LiveDocument) => InsertSink) {
    this.fallbackSink = sink;
    this.drain();
  }

  private drain() {
    const live = this.current;
    if (this.queue.length === 0 || !live || this.snapshot.load !== 'ready' || this.snapshot.endedBy) return;
    const target = this.sink ?? this.fallbackSink?.(live);
    if (!target) return;
    target(this.queue.splice(0, this.queue.length));
  }

  /** The provider let go for good (project switch, leaving the page): the connection closes. */
  private dispose() {
    this.disposed = true;
    this.current?.destroy();
    this.current = null;
  }
}

function samePeers(a: PeerUser[], b: PeerUser[]) {
  return (
    a.length === b.length &&
    a.every((peer, index) => peer.id === b[index]!.id && peer.name === b[index]!.name)
  );
}
