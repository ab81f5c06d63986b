import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema, storageUsageSchema } from '@redacta/shared';
import { signedInSchemas } from '../../lib/route-options.ts';
import { storageUsage } from './service.ts';

/** Registered under /api/workspace. */
export const storageRoutes: FastifyPluginAsyncZod = async (app) => {
  const schema = signedInSchemas({ tag: 'workspace' });
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/:id/storage',
    {
      schema: schema({
        operationId: 'getWorkspaceStorage',
        summary:
          "Storage the workspace uses (its documents, conversations, brand voices and custom prompts, as stored) and its plan's quota, in bytes",
        params: idParamsSchema,
        response: { 200: storageUsageSchema },
        errors: [404],
      }),
    },
    (request) => storageUsage(app.db, app.storageQuotas, request.params.id, request.userId),
  );
};
