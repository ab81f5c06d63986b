import { useSyncExternalStore } from 'react';

/**
 * The voice picked in the chat composer, per workspace, for the life of the page (it survives
 * navigation between screens). A workspace without an entry has picked nothing yet, so its default
 * voice applies; `null` is an explicit "no brand voice".
 */
const picks = new Map<string, string | null>();
const listeners = new Set<() => void>();
let version = 0;

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function pickBrandVoice(workspaceId: string, voiceId: string | null): void {
  picks.set(workspaceId, voiceId);
  version += 1;
  listeners.forEach((listener) => listener());
}

/** The workspace's pick: a voice id, `null` for none, `undefined` when nothing was picked. */
export function usePickedBrandVoice(workspaceId: string): string | null | undefined {
  useSyncExternalStore(
    subscribe,
    () => version,
    () => version,
  );
  return picks.get(workspaceId);
}
