/** A burst of text is revealed over about this many steps, one per frame… */
const REVEAL_STEPS = 6;
/** …and at least this many characters per step, so a long backlog never crawls. */
const MIN_STEP_CHARS = 12;
const FRAME_MS = 16;

export interface TextRevealer {
  push(text: string): void;
  /** Resolves once everything received is on screen. */
  settled(): Promise<void>;
  /** Shows everything received at once and stops (the reply was stopped or failed). */
  flush(): void;
  readonly received: string;
}

/**
 * Shows streamed text as it grows. Parts often come in bursts (a provider flushing several tokens
 * at once, a busy tab reading many lines in one go): revealed in one jump the reply would seem to
 * appear whole, so a backlog is drawn over a few frames instead. A timer rather than
 * requestAnimationFrame keeps it going in a background tab.
 */
export function createTextRevealer(show: (text: string) => void): TextRevealer {
  let received = '';
  let shown = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let waiting: (() => void)[] = [];

  const settle = () => {
    for (const resolve of waiting) resolve();
    waiting = [];
  };
  const step = () => {
    timer = null;
    const backlog = received.length - shown;
    shown = Math.min(received.length, shown + Math.max(MIN_STEP_CHARS, Math.ceil(backlog / REVEAL_STEPS)));
    // Never split a surrogate pair (an emoji would flash as a broken character).
    const code = received.charCodeAt(shown - 1);
    if (code >= 0xd800 && code <= 0xdbff && shown < received.length) shown += 1;
    show(received.slice(0, shown));
    if (shown < received.length) timer = setTimeout(step, FRAME_MS);
    else settle();
  };

  return {
    push(text) {
      received += text;
      if (timer === null) timer = setTimeout(step, 0);
    },
    settled() {
      if (timer === null && shown >= received.length) return Promise.resolve();
      return new Promise((resolve) => waiting.push(resolve));
    },
    flush() {
      if (timer !== null) clearTimeout(timer);
      timer = null;
      shown = received.length;
      show(received);
      settle();
    },
    get received() {
      return received;
    },
  };
}
