import type { Connection, Hocuspocus } from '@hocuspocus/server';
import type { ConnectionContext } from './auth.ts';
import { closeCodes, type CloseReason } from './refusals.ts';

/** Which connections a close is about; every given field must match. */
export interface ConnectionFilter {
  projectId?: string;
  workspaceId?: string;
  userId?: string;
  sessionId?: string;
}

/** The authenticated connections of this instance, with who holds each. */
export function* liveConnections(hocuspocus: Hocuspocus): Generator<[Connection, ConnectionContext]> {
  for (const document of hocuspocus.documents.values()) {
    for (const connection of document.getConnections()) {
      yield [connection, connection.context as ConnectionContext];
    }
  }
}

export const matches = (context: ConnectionFilter, filter: ConnectionFilter) =>
  (Object.keys(filter) as (keyof ConnectionFilter)[]).every(
    (key) => filter[key] === undefined || context[key] === filter[key],
  );

/**
 * Ends a connection with a reason the client can act on: Hocuspocus's close message for its document
 * (the provider's `close` event, with the reason), then the WebSocket itself with the reason's code,
 * so that nothing more is read from it and the provider, unless the client stops it, connects again
 * and is asked for its token afresh.
 */
export function endConnection(connection: Connection, reason: CloseReason) {
  const code = closeCodes[reason];
  connection.close({ code, reason });
  connection.webSocket.close(code, reason);
}

/**
 * Per socket, how many messages it may send in a burst and per second (a message of more than 4 KB
 * counts once per 4 KB begun, and a change to a large document more: see its caller). Typing sends a few updates a second and moving the caret a few
 * awareness messages. Beyond this a socket's messages wait, in order, for their turn, and the socket is
 * paused meanwhile: every check of its updates is then spread out, so others go on unhindered.
 */
const BURST = 120;
const PER_SECOND = 100;
const BYTES_PER_CREDIT = 4096;

interface Bucket {
  credit: number;
  at: number;
  /** The turn of the last message that had to wait; later ones wait behind it. */
  queue: Promise<void> | null;
  waiting: number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));

export class SocketThrottle {
  private readonly buckets = new WeakMap<object, Bucket>();

  /** Takes a message's credit (and `extra`): nothing to wait for, or its turn. */
  take(socket: { pause(): void; resume(): void }, bytes: number, extra = 0): Promise<void> | undefined {
    const now = Date.now();
    let bucket = this.buckets.get(socket);
    if (!bucket) this.buckets.set(socket, (bucket = { credit: BURST, at: now, queue: null, waiting: 0 }));
    bucket.credit = Math.min(BURST, bucket.credit + ((now - bucket.at) / 1000) * PER_SECOND);
    bucket.at = now;
    bucket.credit -= 1 + Math.floor(bytes / BYTES_PER_CREDIT) + extra;
    if (bucket.credit >= 0 && bucket.waiting === 0) return undefined;
    // When its credit will have come back: a time, so that waiting behind others does not add up.
    const due = now + Math.max(0, (-bucket.credit / PER_SECOND) * 1000);
    const owner = bucket;
    if (owner.waiting++ === 0) socket.pause();
    const turn = (owner.queue ?? Promise.resolve()).then(() => sleep(due - Date.now()));
    owner.queue = turn;
    return turn.then(() => {
      if (--owner.waiting > 0) return;
      owner.queue = null;
      socket.resume();
    });
  }
}
