import type { DocumentContent, UpdateDocumentResponse } from '@redacta/shared';
import { isApiError } from '@/lib/api-error';

/** How long typing must pause before the document is saved. */
export const AUTOSAVE_DELAY_MS = 1000;
/** After a failed save (network, server), the next attempt comes by itself after this long. */
export const RETRY_DELAY_MS = 5000;

export type LoadState = 'loading' | 'ready' | 'error';
/**
 * `dirty`: changed locally, a save is scheduled; `tooLarge`: the server refused the size;
 * `storageFull`: the workspace has no storage left for a larger document.
 */
export type SaveState = 'saved' | 'dirty' | 'saving' | 'error' | 'tooLarge' | 'storageFull';

/** Refusals that the same content would meet again: no retry by itself, the next edit tries again. */
const refusals: Partial<Record<string, SaveState>> = {
  DOCUMENT_TOO_LARGE: 'tooLarge',
  STORAGE_FULL: 'storageFull',
};

const isRefusal = (state: SaveState) => state === 'tooLarge' || state === 'storageFull';

export interface DocumentSnapshot {
  load: LoadState;
  save: SaveState;
  /** The latest local content: what the editor shows, saved or not. */
  content: DocumentContent | null;
}

/** Where queued inserts go: the mounted editor, or a headless conversion when none is mounted. */
export type InsertSink = (markdowns: string[]) => void;

export interface DocumentStoreDeps {
  save: (projectId: string, content: DocumentContent) => Promise<UpdateDocumentResponse>;
  saveOnUnload: (projectId: string, content: DocumentContent) => boolean;
}

/**
 * The open project's document outside React: the latest content, the save cycle (debounced
 * autosave, one request at a time, a follow-up save when edits arrive during one) and the queue of
 * chat replies waiting for an editor. The provider, the panel and every insert button share it.
 */
export class DocumentStore {
  readonly projectId: string;
  private readonly deps: DocumentStoreDeps;
  private snapshot: DocumentSnapshot = { load: 'loading', save: 'saved', content: null };
  private readonly listeners = new Set<() => void>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private inFlight: Promise<boolean> | null = null;
  private unsaved = false;
  private readonly queue: string[] = [];
  private sink: InsertSink | null = null;
  private fallbackSink: InsertSink | null = null;

  constructor(projectId: string, deps: DocumentStoreDeps) {
    this.projectId = projectId;
    this.deps = deps;
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  getSnapshot = (): DocumentSnapshot => this.snapshot;

  private update(patch: Partial<DocumentSnapshot>) {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of this.listeners) listener();
  }

  /** The server's copy arrived; later refetches never overwrite local edits. */
  receive(content: DocumentContent) {
    if (this.snapshot.load === 'ready') return;
    this.update({ load: 'ready', content });
    this.drain();
  }

  failLoad() {
    if (this.snapshot.load !== 'ready') this.update({ load: 'error' });
  }

  /** A local change (typing, toolbar, insert): keep it and save after a pause. */
  edit(content: DocumentContent) {
    this.unsaved = true;
    this.update({ content, save: this.inFlight ? 'saving' : 'dirty' });
    this.schedule();
  }

  private schedule(delay = AUTOSAVE_DELAY_MS) {
    this.cancelTimer();
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.save();
    }, delay);
  }

  private cancelTimer() {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  get hasUnsavedChanges(): boolean {
    return this.unsaved || this.inFlight !== null;
  }

  /**
   * Saves the latest content now; resolves true once the server holds it. Concurrent callers wait
   * for the request under way and then, if there were edits meanwhile, for one more.
   */
  async save(): Promise<boolean> {
    this.cancelTimer();
    if (this.inFlight) {
      await this.inFlight;
      return this.unsaved ? this.save() : this.snapshot.save === 'saved';
    }
    const content = this.snapshot.content;
    if (this.snapshot.load !== 'ready' || !content) return false;
    this.unsaved = false;
    this.update({ save: 'saving' });
    this.inFlight = this.deps.save(this.projectId, content).then(
      () => {
        this.inFlight = null;
        if (this.unsaved) {
          this.update({ save: 'dirty' });
          this.schedule();
        } else this.update({ save: 'saved' });
        return true;
      },
      (error: unknown) => {
        this.inFlight = null;
        // The local copy stays the truth: it is kept and offered again on the next edit or save.
        this.unsaved = true;
        const refused = isApiError(error) ? refusals[error.code] : undefined;
        this.update({ save: refused ?? 'error' });
        // The same content would be refused again; a smaller one comes with the next edit.
        if (!refused) this.schedule(RETRY_DELAY_MS);
        return false;
      },
    );
    return this.inFlight;
  }

  /** Leaving the project (switch or unmount): send what is still unsaved. */
  flush() {
    if (this.timer !== null || (this.unsaved && !isRefusal(this.snapshot.save))) void this.save();
  }

  /**
   * The page is going away; true when nothing is left unsent. False makes the browser ask the user
   * to stay, in which case the scheduled autosave still runs.
   */
  flushOnUnload(): boolean {
    if (!this.unsaved || !this.snapshot.content) return this.inFlight === null;
    if (isRefusal(this.snapshot.save)) return false;
    if (!this.deps.saveOnUnload(this.projectId, this.snapshot.content)) return false;
    this.cancelTimer();
    this.unsaved = false;
    return true;
  }

  // ── Inserts from the chat ────────────────────────────────────────────────────────────────────

  /** Queues a reply; it lands as soon as the document is loaded and something can apply it. */
  insertMarkdown(markdown: string) {
    if (markdown.trim() === '') return;
    this.queue.push(markdown);
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

  /** Without a mounted editor, inserts are appended by a headless editor once its code has loaded. */
  setFallbackSink(sink: InsertSink) {
    this.fallbackSink = sink;
    this.drain();
  }

  private drain() {
    if (this.queue.length === 0 || this.snapshot.load !== 'ready') return;
    const target = this.sink ?? this.fallbackSink;
    if (!target) return;
    target(this.queue.splice(0, this.queue.length));
  }

  /**
   * The provider let go of the store (project switch, leaving the page). Only flushes: under
   * StrictMode the same store is set up again right after, with its subscribers and editor intact.
   */
  dispose() {
    this.flush();
  }
}
