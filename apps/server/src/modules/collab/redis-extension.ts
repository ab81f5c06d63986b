import { Redis as RedisExtension } from '@hocuspocus/extension-redis';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/**
 * Hocuspocus's Redis extension, through which the instances that have a document open send each other
 * its changes and who is in it, with its connection errors logged and a clean stop.
 */
export class InstancesOverRedis extends RedisExtension {
  constructor(url: string, log: FastifyBaseLogger) {
    super({
      prefix: 'redacta-collab',
      createClient: () => {
        const client = new Redis(url, { maxRetriesPerRequest: 1 });
        client.on('error', (error) => log.warn({ err: error }, 'live documents: Redis connection failed'));
        return client;
      },
    });
  }

  /**
   * Stops applying and answering the other instances' messages before its Redis connections close: an
   * answer published on a closed connection is an unhandled rejection, which ends a stopping instance
   * with an error instead of 0.
   */
  override async onDestroy() {
    this.sub.removeAllListeners('messageBuffer');
    await super.onDestroy();
  }
}
