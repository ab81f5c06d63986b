import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const statusSchema = z.object({ status: z.enum(['ok', 'unavailable']), database: z.string().optional() });

/** A healthy database answers `select 1` in milliseconds; one that has not answered by then is not ready. */
export const READY_TIMEOUT_MS = 3_000;

function withinReadyTimeout(ping: Promise<void>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`The database did not answer within ${READY_TIMEOUT_MS} ms`)),
      READY_TIMEOUT_MS,
    );
  });
  return Promise.race([ping, late]).finally(() => clearTimeout(timer));
}

/** Liveness (the process answers) and readiness (the database answers, in time, and is not lost for good). */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  let lost: Error | undefined;
  void app.database.lost.then((error) => (lost = error));
  app.get('/healthz', { schema: { hide: true, response: { 200: statusSchema } } }, async () => ({
    status: 'ok' as const,
  }));
  app.get(
    '/readyz',
    { schema: { hide: true, response: { 200: statusSchema, 503: statusSchema } } },
    async (request, reply) => {
      try {
        if (lost) throw lost;
        await withinReadyTimeout(app.database.ping());
        return { status: 'ok' as const, database: app.database.kind };
      } catch (error) {
        request.log.error({ err: error }, 'readiness check failed');
        return reply.status(503).send({ status: 'unavailable' as const, database: app.database.kind });
      }
    },
  );
};
