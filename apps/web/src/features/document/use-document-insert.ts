import { useMemo } from 'react';
import { useDocumentStore } from './state/document-context';
import { loadEditorModule } from './editor/load-editor';
import type { DocumentStore } from './state/document-store';

/**
 * Waits until nothing is left in the store's queue: the inserts are in the live document. The
 * queue drains without a change of the snapshot, so it is also looked at every 100 ms.
 */
function whenApplied(store: DocumentStore, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const check = () => {
      if (store.pendingInserts > 0 && store.getSnapshot().endedBy === null) return;
      finish(store.pendingInserts === 0);
    };
    const timer = setTimeout(() => finish(false), timeoutMs);
    const poll = setInterval(check, 100);
    const unsubscribe = store.subscribe(check);
    function finish(applied: boolean) {
      clearTimeout(timer);
      clearInterval(poll);
      unsubscribe();
      resolve(applied);
    }
    check();
  });
}

/**
 * Inserts a chat reply (markdown) into the live document as rich text, so everyone in it sees it:
 * at the editor's cursor, or at the end when the editor never had focus or is not mounted. Replies
 * sent before the editor code or the document has loaded wait in the store's queue. `whenSaved`
 * tells when what was inserted is in the document and held by the server (false when that did not
 * happen within the time: offline, or access refused), for a page that leaves the document after.
 */
export function useDocumentInsert(): {
  insertMarkdown(markdown: string): void;
  whenSaved(timeoutMs?: number): Promise<boolean>;
} {
  const store = useDocumentStore();
  return useMemo(
    () => ({
      insertMarkdown(markdown: string) {
        store.insertMarkdown(markdown);
        void loadEditorModule().then((module) => store.setFallbackSink(module.headlessAppender));
      },
      async whenSaved(timeoutMs = 15_000) {
        const started = Date.now();
        if (!(await whenApplied(store, timeoutMs))) return false;
        return store.whenSaved(Math.max(1000, timeoutMs - (Date.now() - started)));
      },
    }),
    [store],
  );
}
