import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.ts';
import {
  createServiceMetrics,
  noBatchMetrics,
  noChatMetrics,
  type BatchMetrics,
  type ChatMetrics,
  type ServiceMetrics,
} from './metrics-registry.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** What the chat records; a no-op unless METRICS_PORT is set. */
    chatMetrics: ChatMetrics;
    /** What the batch queue's worker records; a no-op unless METRICS_PORT is set. */
    batchMetrics: BatchMetrics;
    /** The metrics listener's address once the app is ready, when METRICS_PORT is set. */
    metricsUrl: () => string | undefined;
  }
}

/** The route label of a request no route matched (a 404, or the web app's client routes). */
export const UNMATCHED_ROUTE = '(unmatched)';

/**
 * Prometheus metrics, only with METRICS_PORT: served at `/metrics` by a listener of their own on
 * METRICS_HOST:METRICS_PORT, so the public port never exposes them (docs/operations.md lists them).
 * Requests are labelled by their route's pattern, never their URL, so ids in paths make no new series.
 */
export const metricsPlugin = fp(async (app: FastifyInstance) => {
  const port = app.config.METRICS_PORT;
  if (port === undefined) {
    app.decorate('chatMetrics', noChatMetrics);
    app.decorate('batchMetrics', noBatchMetrics);
    app.decorate('metricsUrl', () => undefined);
    return;
  }
  const metrics = createServiceMetrics({ database: app.database, openStreams: app.openStreams });
  app.decorate('chatMetrics', metrics.chat);
  app.decorate('batchMetrics', metrics.batches);
  recordRequests(app, metrics);

  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    metrics.registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
      (error: unknown) => {
        app.log.error({ err: error }, 'could not collect the metrics');
        response.writeHead(500, { 'content-type': 'text/plain' }).end('Could not collect the metrics\n');
      },
    );
  });
  app.decorate('metricsUrl', () => {
    const address = server.address() as AddressInfo | null;
    return address ? `http://${hostForUrl(address.address)}:${address.port}` : undefined;
  });
  app.addHook('onReady', async () => {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, app.config.METRICS_HOST ?? app.config.HOST, () => {
        server.off('error', reject);
        resolve();
      });
    });
  });
  app.addHook('onClose', async () => closeServer(server));
});

/**
 * Each request's duration, by method, route pattern and status, observed when its response closes:
 * that also covers the chat's streamed replies, which leave Fastify's own response hooks. Refusals for
 * lack of words are counted from the error itself, whichever route refused.
 */
function recordRequests(app: FastifyInstance, metrics: ServiceMetrics) {
  app.addHook('onRequest', (request, reply, done) => {
    const startedAt = performance.now();
    reply.raw.once('close', () => {
      metrics.httpDuration.observe(
        {
          method: request.method,
          route: request.routeOptions.url ?? UNMATCHED_ROUTE,
          status: String(reply.raw.statusCode),
        },
        (performance.now() - startedAt) / 1000,
      );
    });
    done();
  });
  app.addHook('onError', (request, _reply, error, done) => {
    if (error instanceof AppError && ALLOWANCE_REFUSALS.has(error.code)) {
      metrics.refusals.inc({ route: request.routeOptions.url ?? UNMATCHED_ROUTE, code: error.code });
    }
    done();
  });
}

/** The refusals of a word allowance: the workspace's plan, or the member's own monthly budget. */
const ALLOWANCE_REFUSALS = new Set(['NO_WORDS_LEFT', 'MEMBER_BUDGET_EXHAUSTED']);

const hostForUrl = (address: string) => (address.includes(':') ? `[${address}]` : address);

function closeServer(server: Server): Promise<void> {
  if (!server.listening) return Promise.resolve();
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}
