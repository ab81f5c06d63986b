import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { AppError } from '../lib/errors.ts';

const immutableAssets = 'public, max-age=31536000, immutable';

/**
 * Serves the built web app. The build writes a brotli and a gzip copy beside each text file
 * (scripts/precompress.mjs); the copy a browser accepts is sent as is, with `Vary: Accept-Encoding`, so
 * no static file is compressed per request. Hashed assets are cached for a year, index.html and the
 * other unhashed files are revalidated every time, and every unknown GET outside /api is answered with
 * index.html so client routes survive a reload.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string) {
  const hasWeb = existsSync(path.join(distDir, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(res, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', hashed ? immutableAssets : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    if (hasWeb && request.method === 'GET' && !isApi && !path.extname(pathname)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    throw new AppError('NOT_FOUND', `Route ${request.method} ${pathname} not found`);
  });
}
