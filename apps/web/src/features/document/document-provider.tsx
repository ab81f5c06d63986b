import { useEffect, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
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
  const queryClient = useQueryClient();
  const [store, setStore] = useState(() => createStore(projectId, queryClient));
  if (store.projectId !== projectId) setStore(createStore(projectId, queryClient));

  const query = useQuery({
    queryKey: documentKey(projectId),
    queryFn: () => fetchDocument(projectId),
    // The editor's copy is the truth once loaded; refetching would only race with typing.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

  useEffect(() => {
    if (query.data) store.receive(query.data);
  }, [store, query.data]);

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

function createStore(projectId: string, queryClient: ReturnType<typeof useQueryClient>) {
  return new DocumentStore(projectId, {
    save: saveDocument,
    saveOnUnload: saveDocumentOnUnload,
    onSaved: (id, saved) => queryClient.setQueryData(documentKey(id), saved.content),
  });
}
