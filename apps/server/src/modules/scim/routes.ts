import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createdScimTokenSchema,
  idParamsSchema,
  scimAdminGroupsBodySchema,
  scimSettingsSchema,
} from '@redacta/shared';
import { closedToApiKeys, noStore, signedInSchemas } from '../../lib/route-options.ts';
import { SCIM_BASE_PATH } from './protocol.ts';
import { createScimToken, revokeScimToken, scimSettings, setScimAdminGroups } from './tokens.ts';

/**
 * A workspace's SCIM token and the groups that grant admin, managed by its owner and admins in
 * Settings → SCIM; no API key manages them.
 */
export const scimSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  // A member is 403; another workspace, or no token to revoke, is 404.
  const schema = signedInSchemas({ tag: 'scim', errors: [403, 404] });
  app.addHook('onRequest', app.authenticate);
  closedToApiKeys(app);
  const baseUrl = `${app.config.APP_URL}${SCIM_BASE_PATH}`;

  app.get(
    '/workspace/:id/scim',
    {
      schema: schema({
        operationId: 'getScimSettings',
        summary:
          "The workspace's SCIM base URL, whether its plan includes SCIM, and its token (owner and admins only)",
        params: idParamsSchema,
        response: { 200: scimSettingsSchema },
      }),
    },
    (request) => scimSettings(app.db, { workspaceId: request.params.id, userId: request.userId, baseUrl }),
  );

  app.post(
    '/workspace/:id/scim/token',
    {
      schema: schema({
        operationId: 'createScimToken',
        summary: 'Make the SCIM token (owner and admins only, Enterprise); the one before stops working',
        description:
          'The token is in this answer and never again. 403 PLAN_REQUIRED when the workspace is not Enterprise.',
        params: idParamsSchema,
        response: { 201: createdScimTokenSchema },
      }),
      // The answer holds the token itself.
      onRequest: noStore,
    },
    async (request, reply) => {
      const created = await createScimToken(app.db, {
        workspaceId: request.params.id,
        userId: request.userId,
      });
      return reply.status(201).send(created);
    },
  );

  app.put(
    '/workspace/:id/scim/admin-groups',
    {
      schema: schema({
        operationId: 'setScimAdminGroups',
        summary:
          "Name the SCIM groups whose members are admins (owner and admins only); SCIM people's roles follow at once",
        params: idParamsSchema,
        body: scimAdminGroupsBodySchema,
        bodyExample: { adminGroups: ['Redacta Admins'] },
        response: { 200: scimSettingsSchema },
      }),
    },
    async (request) => {
      const input = { workspaceId: request.params.id, userId: request.userId };
      await setScimAdminGroups(app.db, { ...input, adminGroups: request.body.adminGroups });
      return scimSettings(app.db, { ...input, baseUrl });
    },
  );

  app.delete(
    '/workspace/:id/scim/token',
    {
      schema: schema({
        operationId: 'revokeScimToken',
        summary:
          'Revoke the SCIM token (owner and admins only): the identity provider is refused from its next request',
        params: idParamsSchema,
        response: { 204: z.null().describe('Revoked') },
      }),
    },
    async (request, reply) => {
      await revokeScimToken(app.db, { workspaceId: request.params.id, userId: request.userId });
      return reply.status(204).send(null);
    },
  );
};
