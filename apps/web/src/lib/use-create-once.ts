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

/** At the latest, the rest of a double click is no longer looked for after this long. */
const DOUBLE_CLICK_TAIL_MAX_MS = 5_000;

/**
 * The later clicks of the double click that made something (the browser numbers them in `detail`)
 * land wherever the pointer is once the form that created has closed or changed: on the page
 * beneath a dialog (a project row, which opens its chat), on the saved thing's own buttons. They are
 * stopped before any element sees them, until the button is pressed afresh (a press numbered 1
 * starts a click of its own): however late a busy page handles them, they come before that. A
 * single click and the keyboard (detail 0) go through as ever, and so does what a double click
 * selects (that happens on its presses, not on its clicks). `onFreshPress` runs when that press
 * comes: the double click is over.
 */
function ignoreRestOfDoubleClick(onFreshPress: () => void) {
  const stop = (event: MouseEvent) => {
    if (event.detail < 2) return;
    event.preventDefault();
    event.stopImmediatePropagation();
  };
  const done = () => {
    window.removeEventListener('click', stop, { capture: true });
    window.removeEventListener('mousedown', pressed, { capture: true });
    clearTimeout(timer);
  };
  const pressed = (event: MouseEvent) => {
    if (event.detail >= 2) return;
    done();
    onFreshPress();
  };
  window.addEventListener('click', stop, { capture: true });
  window.addEventListener('mousedown', pressed, { capture: true });
  const timer = setTimeout(done, DOUBLE_CLICK_TAIL_MAX_MS);
}

/**
 * For a form or button that creates something, so a double click or a retry makes one thing.
 * `start()` answers the id the new thing is created under, or null while an attempt is still
 * running or within DOUBLE_CLICK_MS of the start of one that succeeded (the second click of a double
 * click does nothing, even before the button re-renders as disabled, and even when the first was
 * already answered). `settle(true)` after a success gives the next create a new id, and stops the
 * rest of its double click wherever it lands (ignoreRestOfDoubleClick); `settle(false)` keeps the
 * id, so a retry after an answer that got lost is answered by the server with what it already made,
 * and may come at once. A fresh press (numbered 1) ends that window as it ends the rest of the double
 * click: a save after it, however soon (a new form opened by its own press), is a new create.
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
        const succeededFrom = state.current.startedAt;
        state.current.succeededFrom = succeededFrom;
        ignoreRestOfDoubleClick(() => {
          // Unless another create has succeeded since, whose window is its own.
          if (state.current.succeededFrom === succeededFrom) {
            state.current.succeededFrom = Number.NEGATIVE_INFINITY;
          }
        });
      },
    }),
    [],
  );
}
