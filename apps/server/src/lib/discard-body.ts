import type { IncomingMessage } from 'node:http';

/**
 * How much of a refused request body is still read (and dropped), and for how long. Answering while
 * the client is still sending and then closing resets the connection under its writes, and most
 * clients report a broken pipe instead of the answer; past these bounds the connection is closed
 * anyway: the body is worth no more of the server's network.
 */
export const DISCARD_MAX_BYTES = 100 * 1024 * 1024;
export const DISCARD_MAX_MS = 30_000;

/**
 * Reads the rest of a refused request's body and drops it, so that any client reads the refusal and
 * the connection stays usable: resolves once the body has all arrived, and the refusal is answered
 * then. A body that says it is longer than DISCARD_MAX_BYTES resolves at once (answered now, for the
 * clients that read while they send) and is dropped as it comes until it passes that; one that goes
 * on past DISCARD_MAX_BYTES or DISCARD_MAX_MS has its connection closed.
 */
export function discardRest(raw: IncomingMessage): Promise<void> {
  if (raw.readableEnded || raw.destroyed) return Promise.resolve();
  raw.unpipe();
  const answerNow = Number(raw.headers['content-length']) > DISCARD_MAX_BYTES;
  return new Promise((resolve) => {
    let dropped = 0;
    const settle = () => {
      clearTimeout(timer);
      raw.off('data', count).off('end', settle).off('close', settle).off('error', settle);
      resolve();
    };
    const close = () => {
      raw.socket.destroy();
      settle();
    };
    const count = (chunk: Buffer) => {
      dropped += chunk.length;
      if (dropped > DISCARD_MAX_BYTES) close();
    };
    const timer = setTimeout(close, DISCARD_MAX_MS);
    raw.on('data', count).once('end', settle).once('close', settle).once('error', settle);
    raw.resume();
    if (answerNow) resolve();
  });
}
