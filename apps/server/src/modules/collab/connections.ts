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

export const matches = (context: ConnectionContext, filter: ConnectionFilter) =>
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
 * counts once per 4 KB begun). Typing sends a few updates a second and moving the caret a few
 * awareness messages; a socket beyond this is paused until it has credit again, which slows it alone.
 */
const BURST = 300;
const PER_SECOND = 150;
const BYTES_PER_CREDIT = 4096;

interface Bucket {
  credit: number;
  at: number;
  paused: boolean;
}

export class SocketThrottle {
  private readonly buckets = new WeakMap<object, Bucket>();

  /** Takes the message's credit; pauses the socket while it owes credit. */
  take(socket: { pause(): void; resume(): void }, bytes: number) {
    const now = Date.now();
    let bucket = this.buckets.get(socket);
    if (!bucket) this.buckets.set(socket, (bucket = { credit: BURST, at: now, paused: false }));
    bucket.credit = Math.min(BURST, bucket.credit + ((now - bucket.at) / 1000) * PER_SECOND);
    bucket.at = now;
    bucket.credit -= 1 + Math.floor(bytes / BYTES_PER_CREDIT);
    if (bucket.credit >= 0 || bucket.paused) return;
    bucket.paused = true;
    socket.pause();
    const owed = (-bucket.credit / PER_SECOND) * 1000;
    setTimeout(() => {
      bucket.paused = false;
      socket.resume();
    }, owed).unref();
  }
}
