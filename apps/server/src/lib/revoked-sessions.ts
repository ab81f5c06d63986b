import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { ACCESS_TOKEN_TTL_SECONDS } from './access-token.ts';

/**
 * How long a revocation is kept: as long as an access token issued just before it stays valid, plus a
 * minute for clocks that differ between instances. Afterwards every token of that session has expired
 * anyway, and its refresh tokens are revoked in the database for good.
 */
export const REVOCATION_KEPT_MS = ACCESS_TOKEN_TTL_SECONDS * 1000 + 60_000;

/**
 * The sessions signed out lately, which the auth hook refuses although their access tokens are still
 * signed and unexpired. `has` is a lookup in this process's memory on every authenticated request;
 * `revoke` also tells the other instances when there are any (Redis).
 */
export interface RevokedSessions {
  has(sessionId: string): boolean;
  revoke(sessionId: string): Promise<void>;
  /** Calls `listener` with each session signed out from now on (here or on another instance); returns the way to stop. */
  onRevoked(listener: (sessionId: string) => void): () => void;
  close(): Promise<void>;
}

/** Session ids with the time (ms) until which they are refused, oldest first. */
class RevocationList {
  private readonly until = new Map<string, number>();
  private readonly listeners = new Set<(sessionId: string) => void>();

  onRevoked(listener: (sessionId: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  has(sessionId: string): boolean {
    // An entry past its time only refuses tokens that have expired by then: no clock read needed.
    return this.until.has(sessionId);
  }

  add(sessionId: string, until: number) {
    if (until <= Date.now()) return;
    const known = this.until.has(sessionId);
    // Re-inserted at the end, so the map stays in the order entries expire (all live equally long).
    this.until.delete(sessionId);
    this.until.set(sessionId, until);
    this.prune();
    if (!known) for (const listener of this.listeners) listener(sessionId);
  }

  private prune() {
    const now = Date.now();
    for (const [sessionId, until] of this.until) {
      if (until > now) break;
      this.until.delete(sessionId);
    }
  }
}

/** One process: enough when a single instance serves everyone. */
export function memoryRevokedSessions(): RevokedSessions {
  const list = new RevocationList();
  return {
    has: (sessionId) => list.has(sessionId),
    revoke: async (sessionId) => list.add(sessionId, Date.now() + REVOCATION_KEPT_MS),
    onRevoked: (listener) => list.onRevoked(listener),
    close: async () => {},
  };
}

const KEY = 'redacta-revoked-sessions';
const CHANNEL = 'redacta-revoked-sessions';

/**
 * Several instances sharing Redis (docs/decisions/0014-revoked-sessions.md): a revocation is written
 * to a sorted set (score: until when) and published; every instance keeps a copy of the list in memory,
 * fed by the channel, and reads the whole set at start and after every reconnection (a message sent
 * while it was disconnected is lost). So a request costs no Redis round trip, and a logout reaches the
 * other instances as fast as a pub/sub message.
 */
export async function redisRevokedSessions(url: string, log: FastifyBaseLogger): Promise<RevokedSessions> {
  const options = { connectTimeout: 500, maxRetriesPerRequest: 1, lazyConnect: true };
  const redis = new Redis(url, options);
  const subscriber = new Redis(url, options);
  const list = new RevocationList();
  const warn = (what: string) => (error: unknown) => log.warn({ err: error }, what);
  redis.on('error', warn('Redis (revoked sessions) failed'));
  subscriber.on('error', warn('Redis (revoked sessions channel) failed'));

  subscriber.on('message', (_channel: string, message: string) => {
    const [until, sessionId] = message.split(' ');
    if (sessionId) list.add(sessionId, Number(until));
  });
  // Subscribed before reading the set, so a revocation published in between still arrives.
  const sync = async () => {
    await subscriber.subscribe(CHANNEL);
    const entries = await redis.zrangebyscore(KEY, Date.now(), '+inf', 'WITHSCORES');
    for (let i = 0; i < entries.length; i += 2) list.add(entries[i]!, Number(entries[i + 1]));
  };
  try {
    await Promise.all([redis.connect(), subscriber.connect()]);
    await sync();
  } catch (error) {
    redis.disconnect();
    subscriber.disconnect();
    throw error;
  }
  subscriber.on('ready', () => void sync().catch(warn('could not read the revoked sessions from Redis')));

  return {
    has: (sessionId) => list.has(sessionId),
    onRevoked: (listener) => list.onRevoked(listener),
    async revoke(sessionId) {
      const now = Date.now();
      const until = now + REVOCATION_KEPT_MS;
      list.add(sessionId, until);
      const results = await redis
        .multi()
        .zadd(KEY, until, sessionId)
        .zremrangebyscore(KEY, '-inf', now)
        .pexpire(KEY, REVOCATION_KEPT_MS)
        .publish(CHANNEL, `${until} ${sessionId}`)
        .exec();
      const failed = results?.find(([error]) => error);
      if (failed) throw failed[0];
    },
    async close() {
      await Promise.all([redis.quit(), subscriber.quit()]);
    },
  };
}
