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
 * For a form or button that creates something, so a double click or a retry makes one thing.
 * `start()` answers the id the new thing is created under, or null while an attempt is still
 * running (the second click of a double click does nothing, even before the button re-renders as
 * disabled). `settle(true)` after a success gives the next create a new id; `settle(false)` keeps
 * it, so a retry after an answer that got lost is answered by the server with what it already made.
 */
export function useCreateOnce() {
  const state = useRef<{ id: string | null; running: boolean }>({ id: null, running: false });
  return useMemo(
    () => ({
      start(): string | null {
        if (state.current.running) return null;
        state.current.running = true;
        state.current.id ??= newId();
        return state.current.id;
      },
      settle(succeeded: boolean) {
        state.current.running = false;
        if (succeeded) state.current.id = null;
      },
    }),
    [],
  );
}
