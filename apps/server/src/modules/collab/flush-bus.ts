import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/**
 * Asks every instance to store what it holds of a document and not stored yet, and waits for their
 * answers: after it, the stored document holds every change made anywhere until then. Alone, this
 * instance's own store is enough.
 */
export interface FlushBus {
  flushEverywhere(projectId: string): Promise<void>;
  close(): Promise<void>;
}

/** How long the other instances are waited for; an instance that does not answer by then is not waited for. */
export const FLUSH_ANSWER_MS = 2000;

export function localFlushBus(flushHere: (projectId: string) => Promise<void>): FlushBus {
  return { flushEverywhere: flushHere, close: async () => {} };
}

const REQUESTS = 'redacta-collab-flush';
const ANSWERS = 'redacta-collab-flushed';

/**
 * With Redis: the request is published on a channel every instance listens on (this one included), and
 * the number of instances that received it — what Redis answers to the publish — is the number of
 * answers awaited. Each instance answers once its store is done, or failed (logged there: the stored
 * document is then as fresh as it could make it).
 */
export async function redisFlushBus(
  url: string,
  log: FastifyBaseLogger,
  flushHere: (projectId: string) => Promise<void>,
): Promise<FlushBus> {
  const options = { connectTimeout: 500, maxRetriesPerRequest: 1, lazyConnect: true };
  const publisher = new Redis(url, options);
  const subscriber = new Redis(url, options);
  const warn = (what: string) => (error: unknown) => log.warn({ err: error }, what);
  publisher.on('error', warn('Redis (live document stores) failed'));
  subscriber.on('error', warn('Redis (live document stores channel) failed'));
  /**
   * Requests of this instance waiting for answers: how many came, how many are expected (known once the
   * publish returns, which an answer may precede), and what to call once all are in.
   */
  const waiting = new Map<string, { answers: number; expected?: number; done: () => void }>();
  const settle = (request: { answers: number; expected?: number; done: () => void }) => {
    if (request.expected !== undefined && request.answers >= request.expected) request.done();
  };

  subscriber.on('message', (channel: string, message: string) => {
    if (channel === ANSWERS) {
      const request = waiting.get(message);
      if (request) {
        request.answers += 1;
        settle(request);
      }
      return;
    }
    try {
      const { id, projectId } = JSON.parse(message) as { id: string; projectId: string };
      void flushHere(projectId)
        .catch(warn('could not store a live document another instance asked for'))
        .then(() => publisher.publish(ANSWERS, id))
        .catch(warn('could not answer a request to store a live document'));
    } catch (error) {
      warn('unreadable request to store a live document')(error);
    }
  });
  try {
    await Promise.all([publisher.connect(), subscriber.connect()]);
    await subscriber.subscribe(REQUESTS, ANSWERS);
  } catch (error) {
    publisher.disconnect();
    subscriber.disconnect();
    throw error;
  }

  return {
    async flushEverywhere(projectId) {
      const id = randomUUID();
      let timer: NodeJS.Timeout | undefined;
      const answered = new Promise<void>((resolve) => {
        waiting.set(id, { answers: 0, done: resolve });
        timer = setTimeout(resolve, FLUSH_ANSWER_MS);
      });
      try {
        const instances = await publisher.publish(REQUESTS, JSON.stringify({ id, projectId }));
        const request = waiting.get(id)!;
        request.expected = instances;
        settle(request);
        await answered;
      } catch (error) {
        // Redis unreachable: what this instance holds is stored at least.
        warn('could not ask the other instances to store a live document')(error);
        await flushHere(projectId);
      } finally {
        clearTimeout(timer);
        waiting.delete(id);
      }
    },
    async close() {
      await Promise.all([publisher.quit(), subscriber.quit()]);
    },
  };
}
