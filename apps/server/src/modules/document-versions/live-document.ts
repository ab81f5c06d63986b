import type { DocumentContent } from '@redacta/shared';

/** What the live-document module tells after each store: whose edits went into it. */
export interface StoredDocumentEvent {
  projectId: string;
  editorIds: string[];
  updatedAt: string;
}

/**
 * The part of the live-document module (`app.collab`) versions use: a snapshot of a document as it is
 * live, a change applied through it (connected editors see it), and its store events.
 */
export interface LiveDocument {
  /** Stores the document now if it has changes not stored yet here (their editors come in a `stored` event). */
  flush(projectId: string): Promise<void>;
  snapshot(projectId: string): Promise<{ state: Uint8Array; content: DocumentContent; text: string }>;
  replaceContent(
    projectId: string,
    content: DocumentContent,
    change: { userId: string; baseUpdatedAt?: string },
  ): Promise<{ updatedAt: string }>;
  events: {
    on(event: 'stored', listener: (event: StoredDocumentEvent) => void): unknown;
    off(event: 'stored', listener: (event: StoredDocumentEvent) => void): unknown;
  };
}
