import type { FastifyInstance } from 'fastify';
import { createEmbedder } from './embeddings.ts';
import { KnowledgeProcessor } from './processor.ts';

/** Redirects a fetched page may follow before it fails TOO_MANY_REDIRECTS. */
const MAX_REDIRECTS = 5;

/**
 * The app's knowledge processor, from its configuration: it picks up what a previous run left once
 * the app is ready, and a closing app waits for the sources being processed.
 */
export function createKnowledgeProcessor(app: FastifyInstance): KnowledgeProcessor {
  const { config } = app;
  const processor = new KnowledgeProcessor({
    db: app.db,
    storageQuotas: app.storageQuotas,
    log: app.log.child({ module: 'knowledge' }),
    embedder: createEmbedder({
      url: config.KNOWLEDGE_EMBEDDING_URL,
      apiKey: config.KNOWLEDGE_EMBEDDING_KEY,
      model: config.KNOWLEDGE_EMBEDDING_MODEL,
    }),
    fetch: {
      allowLoopback: config.OUTBOUND_ALLOW_LOOPBACK,
      maxBytes: config.KNOWLEDGE_FETCH_MAX_BYTES,
      timeoutMs: config.KNOWLEDGE_FETCH_TIMEOUT_MS,
      maxRedirects: MAX_REDIRECTS,
    },
    concurrency: config.KNOWLEDGE_CONCURRENCY,
  });
  app.addHook('onReady', async () => {
    await processor.resume();
  });
  app.addHook('onClose', async () => {
    await processor.stop();
  });
  return processor;
}
