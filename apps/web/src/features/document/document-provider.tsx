import { useEffect, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { workspacesKey } from '@/features/session';
import { projectKeys } from '@/features/projects';
import { openLiveDocument } from './live/load-live';
import { liveConnection } from './live/connection';
import { loadEditorModule } from './editor/load-editor';
import { DocumentStore, type DocumentStoreDeps } from './state/document-store';
import { DocumentStoreContext } from './state/document-context';
import { lostEdits } from './state/lost-edits';

/**
 * Owns the open project's live document while the project is open, so the panel and the chat's
 * "insert" buttons share one copy, and everyone else's changes arrive even while the panel is closed.
 */
export function DocumentProvider({
  projectId,
  connection = liveConnection,
  children,
}: {
  projectId: string;
  /** Where and as whom to connect; the signed-in user on this origin unless given. */
  connection?: DocumentStoreDeps['connection'];
  children: ReactNode;
}) {
  const [store, setStore] = useState(() => createStore(projectId, connection));
  if (store.projectId !== projectId) setStore(createStore(projectId, connection));

  useEffect(() => {
    store.retain();
    return () => store.release();
  }, [store]);

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

function createStore(projectId: string, connection: DocumentStoreDeps['connection']) {
  return new DocumentStore(projectId, { openLive: openLiveDocument, connection });
}
