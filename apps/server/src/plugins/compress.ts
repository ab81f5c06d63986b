import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import compress from '@fastify/compress';

/**
 * API answers of a kilobyte or more are compressed on the fly (brotli at a low level, or gzip) for a
 * client that accepts it; a project's conversation or the prompt library shrinks several times.
 *
 * Only the API: the built web app's files are compressed at build time and sent as they are
 * (static.ts). And never the chat's NDJSON reply, which must reach the browser part by part as the
 * model writes it — a compressor holds bytes back until its window fills, so the reader would see the
 * reply in bursts. The chat route writes to the socket itself, out of reach of this hook, and NDJSON
 * is not among the compressed types either, so a change to that route cannot start buffering it.
 */
export const compressPlugin = fp(async (app: FastifyInstance) => {
  // Runs before the compressor's own onRoute hook, which skips a route marked `compress: false`.
  app.addHook('onRoute', (route) => {
    if (route.compress === undefined && !route.url.startsWith('/api/')) route.compress = false;
  });
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    customTypes: /^application\/(?:[\w.+-]+\+)?json(?:;|$)/,
    // Request bodies stay as the client sent them: the body limit keeps meaning what it says.
    globalDecompression: false,
  });
});
