import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorBodySchema,
  idParamsSchema,
  renameWorkspaceBodySchema,
  renameWorkspaceResponseSchema,
  workspaceListResponseSchema,
  workspaceUsageSchema,
} from '@redacta/shared';
import { listWorkspaces, renameWorkspace, workspaceUsage } from './service.ts';

export const workspaceRoutes: FastifyPluginAsyncZod = async (app) => {
  const usageSettings = { freePlanWords: app.config.FREE_PLAN_WORDS };
  const common = { tags: ['workspace'], security: [{ bearerAuth: [] }] };
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/list',
    {
      schema: {
        ...common,
        summary: 'Workspaces the user belongs to',
        response: { 200: workspaceListResponseSchema, 401: errorBodySchema },
      },
    },
    (request) => listWorkspaces(app.db, request.userId, usageSettings),
  );

  app.patch(
    '/rename/:id',
    {
      schema: {
        ...common,
        summary: 'Rename a workspace (owner only)',
        params: idParamsSchema,
        body: renameWorkspaceBodySchema,
        response: {
          200: renameWorkspaceResponseSchema,
          400: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    (request) => renameWorkspace(app.db, request.params.id, request.userId, request.body.name),
  );

  app.get(
    '/:id/usage',
    {
      schema: {
        ...common,
        summary: 'AI words used this month, the limit and the reset date',
        params: idParamsSchema,
        response: { 200: workspaceUsageSchema, 404: errorBodySchema },
      },
    },
    (request) => workspaceUsage(app.db, request.params.id, request.userId, usageSettings),
  );
};
