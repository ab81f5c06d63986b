import { useEffect, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { documentKey, fetchDocument, saveDocument, saveDocumentOnUnload } from './api/document-api';
import { DocumentStore } from './state/document-store';
import { DocumentStoreContext } from './state/document-context';

/**
 * Owns the open project's document: loads it once per project, autosaves it, and lets the panel and
 * the chat's "insert" buttons share one copy. Switching project or leaving the page sends what is
 * still unsaved.
 */
export function DocumentProvider({ projectId, children }: { projectId: string; children: ReactNode }) {
  const { t } = useTranslation();
  const [store, setStore] = useState(() => createStore(projectId));
  if (store.projectId !== projectId) setStore(createStore(projectId));

  const query = useQuery({
    queryKey: documentKey(projectId),
    queryFn: () => fetchDocument(projectId),
    // Read afresh each time the project opens (what teammates or a just-sent save left); after that
    // the editor's copy is the truth, so only data fetched since this mount counts (see below) and
    // focus or reconnect refetches, which the store would ignore anyway, are not made.
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

  useEffect(() => {
    if (query.data && query.isFetchedAfterMount) store.receive(query.data);
  }, [store, query.data, query.isFetchedAfterMount]);

  useEffect(() => {
    if (!query.isError) return;
    store.failLoad();
    toast.error(t('document.loadFailed'), { id: `document-load-${projectId}` });
  }, [store, query.isError, projectId, t]);

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      // A document too big for a keepalive request (or refused as too large) makes the browser ask.
      if (!store.flushOnUnload()) event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      store.dispose();
    };
  }, [store]);

  return <DocumentStoreContext.Provider value={store}>{children}</DocumentStoreContext.Provider>;
}

function createStore(projectId: string) {
  return new DocumentStore(projectId, { save: saveDocument, saveOnUnload: saveDocumentOnUnload });
}
