import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiKeyListSchema,
  createApiKeyBodySchema,
  createdApiKeySchema,
  idParamsSchema,
} from '@redacta/shared';
import { closedToApiKeys, noStore, signedInSchemas } from '../../lib/route-options.ts';
import { createApiKey, listApiKeys, revokeApiKey } from './service.ts';

/** A workspace's API keys, managed by its owner in Settings → API; no key manages keys. */
export const apiKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  // Another workspace's keys, or a key already revoked, are 404; a member is 403.
  const schema = signedInSchemas({ tag: 'api-keys', errors: [403, 404] });
  app.addHook('onRequest', app.authenticate);
  closedToApiKeys(app);

  app.get(
    '/workspace/:id/api-keys',
    {
      schema: schema({
        operationId: 'listApiKeys',
        summary: "The workspace's API keys not revoked, newest first (owner and admins only)",
        params: idParamsSchema,
        response: { 200: apiKeyListSchema },
      }),
    },
    (request) => listApiKeys(app.db, request.params.id, request.userId),
  );

  app.post(
    '/workspace/:id/api-keys',
    {
      schema: schema({
        operationId: 'createApiKey',
        summary: 'Make an API key (owner and admins only); the key is in this answer and never again',
        description:
          'Scopes: `read` (every GET), `write` (every other change), `generate` (routes that call the model). ' +
          'A key acts as the one who made it, never beyond their current role, in this workspace only. ' +
          '409 CONFLICT when the workspace already keeps the most keys it may.',
        params: idParamsSchema,
        body: createApiKeyBodySchema,
        bodyExample: { name: 'Catalogue sync', scopes: ['read', 'generate'] },
        response: { 201: createdApiKeySchema },
        errors: [409],
      }),
      // The answer holds the key itself.
      onRequest: noStore,
    },
    async (request, reply) => {
      const created = await createApiKey(app.db, {
        workspaceId: request.params.id,
        userId: request.userId,
        body: request.body,
      });
      return reply.status(201).send(created);
    },
  );

  app.delete(
    '/api-key/:id',
    {
      schema: schema({
        operationId: 'revokeApiKey',
        summary: 'Revoke an API key (owner and admins only): the next request with it is refused',
        params: idParamsSchema,
        response: { 204: z.null().describe('Revoked') },
      }),
    },
    async (request, reply) => {
      await revokeApiKey(app.db, request.params.id, request.userId);
      return reply.status(204).send(null);
    },
  );
};
