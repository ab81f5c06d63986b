import type { LiveDocumentOptions } from './live-document';

/** Yjs, the WebSocket provider and IndexedDB persistence are their own chunk, fetched with the project. */
export async function openLiveDocument(options: LiveDocumentOptions) {
  const { LiveDocument } = await import('./live-document');
  return new LiveDocument(options);
}
