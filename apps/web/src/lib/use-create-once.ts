import { useMemo, useRef } from 'react';

/** A random version-4 UUID; `crypto.randomUUID` exists only on secure origins, this everywhere. */
export function newId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Two clicks this close together are one double click, whatever happened in between: a create that
 * was answered before the second click (a fast server, a busy browser) must not make a second thing.
 */
export const DOUBLE_CLICK_MS = 500;

/**
 * For a form or button that creates something, so a double click or a retry makes one thing.
 * `start()` answers the id the new thing is created under, or null while an attempt is still
 * running or within DOUBLE_CLICK_MS of the start of one that succeeded (the second click of a double
 * click does nothing, even before the button re-renders as disabled, and even when the first was
 * already answered). `settle(true)` after a success gives the next create a new id; `settle(false)`
 * keeps it, so a retry after an answer that got lost is answered by the server with what it already
 * made, and may come at once.
 */
export function useCreateOnce() {
  const state = useRef({
    id: null as string | null,
    running: false,
    startedAt: 0,
    /** When the last create that succeeded was started. */
    succeededFrom: Number.NEGATIVE_INFINITY,
  });
  return useMemo(
    () => ({
      start(): string | null {
        const now = Date.now();
        if (state.current.running || now - state.current.succeededFrom < DOUBLE_CLICK_MS) return null;
        state.current.running = true;
        state.current.startedAt = now;
        state.current.id ??= newId();
        return state.current.id;
      },
      settle(succeeded: boolean) {
        state.current.running = false;
        if (!succeeded) return;
        state.current.id = null;
        state.current.succeededFrom = state.current.startedAt;
      },
    }),
    [],
  );
}

/**
 * For a button that takes the place of one just clicked (a saved prompt's actions where its form's
 * Save was): the browser numbers the clicks of a double click in `detail`, and the second one lands
 * on whatever is under the pointer by then. Only a click that is no later click of a double click
 * (detail 1, or 0 from the keyboard) acts; a deliberate double click on the button itself still acts
 * once, on its first click.
 */
export function firstClickOnly<E extends { detail: number }>(action: () => void): (event: E) => void {
  return (event) => {
    if (event.detail > 1) return;
    action();
  };
}
