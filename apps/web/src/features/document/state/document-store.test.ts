import { expect, it, vi } from 'vitest';
import type { LiveDocument } from '../live/live-document';
import { DocumentStore, type DocumentStoreDeps } from './document-store';

/** A store whose live document never loads: only whether and when it is opened matters here. */
function store(openLater: boolean) {
  const openLive = vi.fn(() => new Promise<LiveDocument>(() => {}));
  const deps: DocumentStoreDeps = {
    openLive,
    connection: () => ({}) as ReturnType<DocumentStoreDeps['connection']>,
    openLater,
  };
  return { store: new DocumentStore('project-1', deps), openLive };
}

it('opens the document as soon as the provider holds it', () => {
  const { store: document, openLive } = store(false);
  document.retain();
  expect(openLive).toHaveBeenCalledTimes(1);
  document.openNow();
  expect(openLive).toHaveBeenCalledTimes(1);
});

it('left for later, opens it only when asked, once', () => {
  const { store: document, openLive } = store(true);
  document.retain();
  expect(openLive).not.toHaveBeenCalled();
  document.openNow();
  document.openNow();
  expect(openLive).toHaveBeenCalledTimes(1);
});

it('left for later, opens it for a reply inserted before anything asked', () => {
  const { store: document, openLive } = store(true);
  document.retain();
  document.insertMarkdown('Pan **recién** hecho');
  expect(openLive).toHaveBeenCalledTimes(1);
  expect(document.pendingInserts).toBe(1);
});

it('asked before the provider holds it, opens it once held', () => {
  const { store: document, openLive } = store(true);
  document.openNow();
  expect(openLive).not.toHaveBeenCalled();
  document.retain();
  expect(openLive).toHaveBeenCalledTimes(1);
});
