import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  deleteWorkspaceBodySchema,
  idParamsSchema,
  renameWorkspaceBodySchema,
  renameWorkspaceResponseSchema,
  workspaceListResponseSchema,
  usagePeriod,
  workspaceUsageSchema,
} from '@redacta/shared';
import { signedInSchemas } from '../../lib/route-options.ts';
import { memberBudget } from '../budgets/service.ts';
import { newestProjectId } from '../projects/list.ts';
import { deleteWorkspace } from './deletion.ts';
import { listWorkspaces, renameWorkspace, workspaceUsage } from './service.ts';

export const workspaceRoutes: FastifyPluginAsyncZod = async (app) => {
  const usageSettings = { freePlanWords: app.config.FREE_PLAN_WORDS };
  const schema = signedInSchemas({ tag: 'workspace' });
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/list',
    {
      schema: schema({
        operationId: 'listWorkspaces',
        summary: 'Workspaces the user belongs to',
        response: { 200: workspaceListResponseSchema },
      }),
    },
    async (request) => {
      const list = await listWorkspaces(app.db, request.userId, usageSettings);
      // What /chat opens when no project is chosen comes with the list: the session's start asks once.
      return Promise.all(
        list.map(async (workspace) => ({
          ...workspace,
          newestProjectId: await newestProjectId(app.db, workspace.id, request.userId),
        })),
      );
    },
  );

  app.patch(
    '/rename/:id',
    {
      schema: schema({
        operationId: 'renameWorkspace',
        summary: 'Rename a workspace (owner and admins only)',
        params: idParamsSchema,
        body: renameWorkspaceBodySchema,
        bodyExample: { name: 'Marketing team' },
        response: { 200: renameWorkspaceResponseSchema },
        errors: [403, 404],
      }),
    },
    (request) => renameWorkspace(app.db, request.params.id, request.userId, request.body.name),
  );

  app.get(
    '/:id/usage',
    {
      schema: schema({
        operationId: 'getWorkspaceUsage',
        summary: "AI words used this month, the limit, the reset date, and the asking member's own budget",
        params: idParamsSchema,
        response: { 200: workspaceUsageSchema },
        errors: [404],
      }),
    },
    async (request) => {
      const usage = await workspaceUsage(app.db, request.params.id, request.userId, usageSettings);
      const budget = await memberBudget(app.db, request.params.id, request.userId, usagePeriod(new Date()));
      return { ...usage, budget };
    },
  );

  app.delete(
    '/:id',
    {
      schema: schema({
        operationId: 'deleteWorkspace',
        summary: 'Delete a workspace and everything in it (owner only), its name typed as confirmation',
        params: idParamsSchema,
        body: deleteWorkspaceBodySchema,
        bodyExample: { name: 'Marketing team' },
        response: { 204: z.null().describe('Deleted') },
        errors: [403, 404, 409],
      }),
      // Deleting a workspace is its owner's own act, never a program's with a key.
      config: { apiKey: 'never' },
    },
    async (request, reply) => {
      const { id } = request.params;
      await deleteWorkspace(app.db, { workspaceId: id, userId: request.userId, name: request.body.name });
      await app.collab.closeConnections({ workspaceId: id }, 'forbidden');
      return reply.status(204).send(null);
    },
  );
};
