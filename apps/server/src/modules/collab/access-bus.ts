import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { ConnectionFilter } from './connections.ts';
import type { CloseReason } from './refusals.ts';

export interface AccessChange {
  filter: ConnectionFilter;
  reason: CloseReason;
}

/**
 * Carries "access to live documents ended" to every instance: each one closes its own connections
 * that match. Alone, the change is handled here and nowhere else.
 */
export interface AccessBus {
  publish(change: AccessChange): Promise<void>;
  close(): Promise<void>;
}

export function localAccessBus(handle: (change: AccessChange) => void): AccessBus {
  return { publish: async (change) => handle(change), close: async () => {} };
}

const CHANNEL = 'redacta-collab-access';

/**
 * With Redis: the change is handled here at once and published; the other instances handle it as the
 * message arrives (their own messages they skip). A message missed while an instance was cut off from
 * Redis is not replayed: connections opened from then on are checked when they open, and one that
 * lost its access meanwhile closes at its next token renewal, which checks access again.
 */
export async function redisAccessBus(
  url: string,
  log: FastifyBaseLogger,
  handle: (change: AccessChange) => void,
): Promise<AccessBus> {
  const options = { connectTimeout: 500, maxRetriesPerRequest: 1, lazyConnect: true };
  const publisher = new Redis(url, options);
  const subscriber = new Redis(url, options);
  const warn = (what: string) => (error: unknown) => log.warn({ err: error }, what);
  publisher.on('error', warn('Redis (live document access) failed'));
  subscriber.on('error', warn('Redis (live document access channel) failed'));
  const self = randomUUID();
  subscriber.on('message', (_channel: string, message: string) => {
    try {
      const { from, change } = JSON.parse(message) as { from: string; change: AccessChange };
      if (from !== self) handle(change);
    } catch (error) {
      warn('unreadable live document access message')(error);
    }
  });
  try {
    await Promise.all([publisher.connect(), subscriber.connect()]);
    await subscriber.subscribe(CHANNEL);
  } catch (error) {
    publisher.disconnect();
    subscriber.disconnect();
    throw error;
  }
  return {
    async publish(change) {
      handle(change);
      await publisher.publish(CHANNEL, JSON.stringify({ from: self, change }));
    },
    async close() {
      await Promise.all([publisher.quit(), subscriber.quit()]);
    },
  };
}
