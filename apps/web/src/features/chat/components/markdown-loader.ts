import type { MarkdownContent } from './markdown-renderer';

/**
 * The markdown renderer (react-markdown with GFM, most of the chat's code) is a chunk of its own, so
 * a first visit to an empty chat does without it. It is asked for as soon as it will be needed: with
 * a conversation that holds a reply (beside the request when the chat asks for it early, see
 * api/use-conversation.ts; the page waits for it) and when a message is sent. So a reply is drawn
 * once, as markdown: no plain text first that would then change height under the reader.
 */
let renderer: typeof MarkdownContent | 'failed' | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

/**
 * Fetches the markdown renderer if it is not there yet; resolves once it is (or could not be
 * fetched: replies then show their text as written, and a later call tries again). Never rejects.
 */
export function loadMarkdownRenderer(): Promise<void> {
  if (renderer !== null && renderer !== 'failed') return Promise.resolve();
  loading ??= import('./markdown-renderer')
    .then(
      (module) => {
        renderer = module.MarkdownContent;
      },
      () => {
        renderer = 'failed';
      },
    )
    .finally(() => {
      loading = null;
      for (const listener of listeners) listener();
    });
  return loading;
}

/** For useSyncExternalStore: told when the renderer has loaded or failed to. */
export function subscribeToMarkdownRenderer(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The renderer once loaded, `failed` when it could not be fetched, null before. */
export function markdownRenderer() {
  return renderer;
}
