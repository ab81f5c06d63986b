import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { liveConversationPartSchema, liveReplySchema } from '@redacta/shared';
import { z } from 'zod';
import { liveEvent, liveKey, liveLine, variantOf, type LiveSink, type LiveTransport } from './transport.ts';

const PREFIX = 'redacta-live';
const channelOf = (projectId: string) => `${PREFIX}:${projectId}`;
const repliesKey = (projectId: string) => `${PREFIX}:replies:${projectId}`;
const textKey = (key: string) => `${PREFIX}:text:${key}`;
const STOP_CHANNEL = `${PREFIX}-stop`;
/** The name the channel connection gives itself in Redis (`CLIENT LIST`). */
export const SUBSCRIBER_NAME = `${PREFIX}-events`;

const storedReplySchema = z.object({ reply: liveReplySchema, startedAt: z.number() });
type StoredReply = z.infer<typeof storedReplySchema>;
const stopSchema = z.object({ projectId: z.string(), userId: z.string() });

/**
 * Several instances sharing Redis (docs/decisions/0016-live-conversation.md). The instance writing a
 * reply keeps it in Redis while it runs — the request (with its sources once named) in the hash of the
 * project's replies in progress, the text as a list of pieces — and publishes each event on the
 * project's channel; an instance joins a project's channel while someone there has the project open. A
 * snapshot reads the hash and the lists, so a reload on another instance continues the reply from where
 * it is. Writes are pipelined and not awaited: the reply's writer never waits for Redis.
 *
 * `maxAgeMs` bounds how long a reply can run (the reply timeout): an instance that died mid-reply
 * leaves its entry behind, and a snapshot skips entries older than that; the keys expire after it.
 */
export async function redisTransport(
  url: string,
  sink: LiveSink,
  options: { log: FastifyBaseLogger; maxAgeMs: number },
): Promise<LiveTransport> {
  const { log, maxAgeMs } = options;
  const connection = { connectTimeout: 500, maxRetriesPerRequest: 1, lazyConnect: true };
  const redis = new Redis(url, connection);
  const subscriber = new Redis(url, { ...connection, connectionName: SUBSCRIBER_NAME });
  const warn = (what: string) => (error: unknown) => log.warn({ err: error }, what);
  redis.on('error', warn('Redis (live conversation) failed'));
  subscriber.on('error', warn('Redis (live conversation channel) failed'));

  subscriber.on('message', (channel: string, message: string) => {
    try {
      if (channel === STOP_CHANNEL) {
        const stop = stopSchema.parse(JSON.parse(message));
        sink.stop(stop.projectId, stop.userId);
        return;
      }
      const part = liveConversationPartSchema.parse(JSON.parse(message));
      sink.deliver(channel.slice(PREFIX.length + 1), { part, line: `${message}\n` });
    } catch (error) {
      warn('an unreadable live conversation message')(error);
    }
  });
  try {
    await Promise.all([redis.connect(), subscriber.connect()]);
    await subscriber.subscribe(STOP_CHANNEL);
  } catch (error) {
    redis.disconnect();
    subscriber.disconnect();
    throw error;
  }
  // Messages published while the channel connection was down are lost to it: once it is back, the
  // projects followed here start again from their snapshots.
  const joined = new Set<string>();
  subscriber.on('ready', () => {
    for (const projectId of joined) void sink.resync(projectId);
  });

  const send = (name: string, commands: ReturnType<Redis['multi']>) => {
    commands.exec().then(
      (results) => {
        const failed = results?.find(([error]) => error);
        if (failed) warn(`could not publish a live ${name}`)(failed[0]);
      },
      warn(`could not publish a live ${name}`),
    );
  };
  // The line a subscriber is sent, without its newline: Redis messages carry one part each.
  const message = (part: Parameters<typeof liveLine>[0]) => liveEvent(part).line.slice(0, -1);
  // The hash entries of the replies this instance writes, as stored: their sources rewrite them whole.
  const writing = new Map<string, StoredReply>();
  const storeReply = (commands: ReturnType<Redis['multi']>, projectId: string, stored: StoredReply) =>
    commands.hset(
      repliesKey(projectId),
      liveKey(stored.reply.userEntryId, stored.reply.variant),
      JSON.stringify(stored),
    );

  return {
    async join(projectId) {
      joined.add(projectId);
      await subscriber.subscribe(channelOf(projectId));
    },
    leave(projectId) {
      joined.delete(projectId);
      subscriber.unsubscribe(channelOf(projectId)).catch(warn('could not leave a live channel'));
    },
    async snapshot(projectId) {
      const stored = await redis.hgetall(repliesKey(projectId));
      const oldest = Date.now() - maxAgeMs;
      const replies = Object.values(stored)
        .map((value) => storedReplySchema.safeParse(JSON.parse(value)))
        .flatMap((parsed) => (parsed.success && parsed.data.startedAt > oldest ? [parsed.data] : []))
        .sort((a, b) => a.startedAt - b.startedAt);
      if (replies.length === 0) return [];
      const pipeline = redis.pipeline();
      for (const { reply } of replies)
        pipeline.lrange(textKey(liveKey(reply.userEntryId, reply.variant)), 0, -1);
      const texts = (await pipeline.exec()) ?? [];
      return replies.map(({ reply }, index) => {
        const [error, pieces] = texts[index] ?? [null, []];
        const list = error ? [] : (pieces as string[]);
        return { reply: { ...reply, text: list.join('') }, pieces: list.length };
      });
    },
    begin(projectId, reply) {
      const stored = { reply, startedAt: Date.now() };
      writing.set(liveKey(reply.userEntryId, reply.variant), stored);
      send(
        'request',
        storeReply(redis.multi(), projectId, stored)
          .pexpire(repliesKey(projectId), maxAgeMs)
          .publish(channelOf(projectId), message({ type: 'request', reply })),
      );
    },
    sources(projectId, userEntryId, sources, variant) {
      const stored = writing.get(liveKey(userEntryId, variant));
      if (!stored) return;
      stored.reply = { ...stored.reply, sources };
      send(
        'sources',
        storeReply(redis.multi(), projectId, stored).publish(
          channelOf(projectId),
          message({ type: 'sources', userEntryId, sources, ...variantOf(variant) }),
        ),
      );
    },
    text(projectId, userEntryId, seq, text, variant) {
      const key = textKey(liveKey(userEntryId, variant));
      send(
        'text',
        redis
          .multi()
          .rpush(key, text)
          .pexpire(key, maxAgeMs)
          .publish(
            channelOf(projectId),
            message({ type: 'text', userEntryId, seq, text, ...variantOf(variant) }),
          ),
      );
    },
    end(projectId, userEntryId, messageId, variant) {
      const key = liveKey(userEntryId, variant);
      writing.delete(key);
      send(
        'end',
        redis
          .multi()
          .hdel(repliesKey(projectId), key)
          .del(textKey(key))
          .publish(
            channelOf(projectId),
            message({ type: 'end', userEntryId, messageId, ...variantOf(variant) }),
          ),
      );
    },
    edited(projectId, reply) {
      send('edit', redis.multi().publish(channelOf(projectId), message({ type: 'edited', ...reply })));
    },
    async stop(projectId, userId) {
      await redis.publish(STOP_CHANNEL, JSON.stringify({ projectId, userId }));
    },
    async close() {
      await Promise.all([redis.quit(), subscriber.quit()]);
    },
  };
}
