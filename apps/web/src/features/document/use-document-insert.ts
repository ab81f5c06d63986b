import { useMemo } from 'react';
import { useDocumentStore } from './state/document-context';
import { loadEditorModule } from './editor/load-editor';

/**
 * Inserts a chat reply (markdown) into the live document as rich text, so everyone in it sees it:
 * at the editor's cursor, or at the end when the editor never had focus or is not mounted. Replies
 * sent before the editor code or the document has loaded wait in the store's queue.
 */
export function useDocumentInsert(): { insertMarkdown(markdown: string): void } {
  const store = useDocumentStore();
  return useMemo(
    () => ({
      insertMarkdown(markdown: string) {
        store.insertMarkdown(markdown);
        void loadEditorModule().then((module) => store.setFallbackSink(module.headlessAppender));
      },
    }),
    [store],
  );
}
