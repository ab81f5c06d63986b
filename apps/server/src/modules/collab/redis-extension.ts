import { Redis as RedisExtension } from '@hocuspocus/extension-redis';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/**
 * Hocuspocus's Redis extension, through which the instances that have a document open send each other
 * its changes and who is in it, with two differences for several instances behind one address.
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
   * No lock around a store. Each instance stores its own editors' changes merged with what is stored,
   * under the document row's lock, so two instances storing at once lose nothing; the extension's lock
   * would instead make one of them skip its store without a word, leaving its changes unstored (a PATCH
   * answered as stored, a stopping instance's last changes dropped).
   */
  override async onStoreDocument() {}

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
