import { AsyncLocalStorage } from 'node:async_hooks';
import { notFound } from './errors.ts';

/** The API key a request acts with: which one and its name (what it makes names it), and its workspace. */
export interface ActingKey {
  id: string;
  name: string;
  workspaceId: string;
}

/**
 * The auth plugin runs an API key's handler inside this. Membership (`memberRole`) and the checks
 * that bypass it read it, so a key's creator acts in the key's workspace only and every other
 * workspace looks absent; what the request makes records the key as its author. Empty for a person.
 */
const acting = new AsyncLocalStorage<ActingKey>();

/** Runs `next` (the rest of the request) as the key. */
export function runAsKey(key: ActingKey, next: () => void): void {
  acting.run(key, next);
}

/**
 * Runs `fn` outside any key's request. The app's events (a document stored, a reply's part, a Stop)
 * call their listeners synchronously, from whichever request fired them; the listeners were registered
 * by others (the versioning of documents, another person's live conversation, another request's turn),
 * and neither they nor the timers and promises they start may act as the key that happened to fire
 * the event. Every emitter calls its listeners through this.
 */
export function outsideKey<T>(fn: () => T): T {
  return acting.exit(fn);
}

/** The key the current request acts with, or undefined for a signed-in person. */
export function actingKey(): ActingKey | undefined {
  return acting.getStore();
}

/** The acting key's id, for the `created_by_api_key` of what the request makes (null for a person). */
export function actingKeyId(): string | null {
  return acting.getStore()?.id ?? null;
}

/**
 * For checks made outside `memberRole` (a database function called with the workspace it names):
 * another workspace than the acting key's is 404, as if it did not exist.
 */
export function requireKeyWorkspace(workspaceId: string, absent = 'Workspace'): void {
  const key = actingKey();
  if (key && key.workspaceId !== workspaceId) throw notFound(absent);
}
