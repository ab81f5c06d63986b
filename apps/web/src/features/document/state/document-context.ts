import { createContext, useContext, useSyncExternalStore } from 'react';
import type { DocumentSnapshot, DocumentStore } from './document-store';

export const DocumentStoreContext = createContext<DocumentStore | null>(null);

export function useDocumentStore(): DocumentStore {
  const store = useContext(DocumentStoreContext);
  if (!store) throw new Error('The document panel and inserts need a DocumentProvider around them');
  return store;
}

export function useDocumentSnapshot(): DocumentSnapshot {
  const store = useDocumentStore();
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}
