import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { workspacesKey } from '@/features/session';
import { projectKeys } from '@/features/projects';
import { openLiveDocument } from './live/load-live';
import { liveConnection } from './live/connection';
import { loadEditorModule } from './editor/load-editor';
import { DocumentStore, type DocumentStoreDeps } from './state/document-store';
import { DocumentStoreContext, useDocumentStore } from './state/document-context';
import { lostEdits } from './state/lost-edits';

/** Where and as whom documents connect: the signed-in user on this origin (tests point it elsewhere). */
export const LiveConnectionContext = createContext<DocumentStoreDeps['connection']>(liveConnection);

/**
 * Owns the open project's live document while the project is open, so the panel and the chat's
 * "insert" buttons share one copy, and everyone else's changes arrive even while the panel is closed.
 * With `openLater` (a phone, where the document is a tab of its own) it is opened only when
 * `useOpenDocument`'s function is called, its panel shows or a reply is inserted.
 */
export function DocumentProvider({
  projectId,
  openLater = false,
  children,
}: {
  projectId: string;
  openLater?: boolean;
  children: ReactNode;
}) {
  const connection = useContext(LiveConnectionContext);
  const [store, setStore] = useState(() => createStore(projectId, connection, openLater));
  if (store.projectId !== projectId) setStore(createStore(projectId, connection, openLater));

  useEffect(() => {
    store.retain();
    return () => store.release();
  }, [store]);
  // A phone turned into a wider screen shows the document beside the chat.
  useEffect(() => {
    if (!openLater) store.openNow();
  }, [openLater, store]);

  useAccessEnded(store);

  return <DocumentStoreContext.Provider value={store}>{children}</DocumentStoreContext.Provider>;
}

/**
 * Access to the project ended while it was open: the text is kept to copy (it outlives this
 * project's screen), and the workspace list and the project are read again, so the app moves on as
 * it does for a lost workspace or project.
 */
function useAccessEnded(store: DocumentStore) {
  const queryClient = useQueryClient();
  useEffect(() => {
    let handled = false;
    const check = () => {
      const live = store.live;
      if (handled || store.getSnapshot().endedBy !== 'forbidden' || !live) return;
      handled = true;
      void loadEditorModule().then((module) => {
        const text = module.livePlainText(live).trimEnd();
        if (text.trim() !== '') lostEdits.set({ projectId: store.projectId, text });
        void queryClient.invalidateQueries({ queryKey: workspacesKey });
        void queryClient.invalidateQueries({ queryKey: projectKeys.detail(store.projectId) });
      });
    };
    check();
    return store.subscribe(check);
  }, [store, queryClient]);
}

function createStore(projectId: string, connection: DocumentStoreDeps['connection'], openLater: boolean) {
  return new DocumentStore(projectId, { openLive: openLiveDocument, connection, openLater });
}

/** Opens the document of the provider around, if it was left for later (`openLater`). */
export function useOpenDocument(): () => void {
  return useDocumentStore().openNow;
}
