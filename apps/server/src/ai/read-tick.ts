/**
 * How often a streamed answer's network reads are made once its first text is in. The network's
 * backpressure holds what the provider sends meanwhile, so each read takes all of it: a reply costs
 * a read, a parse and a write to its client per tick rather than per token. 30 ms is shorter than a
 * reader can tell apart, and on a busy server the event loop stays with the requests still waiting for
 * their first word (ADR 0005).
 */
const READ_TICK_MS = 30;

let tick: Promise<void> | undefined;

/** The next tick of one timer every stream shares (a timer per stream and read would cost more). */
export function nextReadTick(): Promise<void> {
  tick ??= new Promise<void>((resolve) => {
    setTimeout(() => {
      tick = undefined;
      resolve();
    }, READ_TICK_MS);
  });
  return tick;
}
