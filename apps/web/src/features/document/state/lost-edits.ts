import { useSyncExternalStore } from 'react';

/**
 * The text of a document whose access ended while it was open, kept outside the document's own
 * state: the app moves on (another workspace or project) and the text must stay there to copy.
 */
export interface LostEdits {
  projectId: string;
  text: string;
}

let lost: LostEdits | null = null;
const listeners = new Set<() => void>();

export const lostEdits = {
  get: () => lost,
  set(next: LostEdits | null) {
    lost = next;
    for (const listener of listeners) listener();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

export function useLostEdits(): LostEdits | null {
  return useSyncExternalStore(lostEdits.subscribe, lostEdits.get, lostEdits.get);
}
