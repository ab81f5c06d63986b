import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createCustomPromptBodySchema,
  createCustomPromptResponseSchema,
  errorBodySchema,
  idParamsSchema,
  promptGroupsQuerySchema,
  promptGroupsResponseSchema,
  recordPromptUseBodySchema,
  updateCustomPromptBodySchema,
  updateCustomPromptResponseSchema,
} from '@redacta/shared';
import { catalogue } from './catalogue/index.ts';
import { BuiltInLibrary, seedBuiltInPrompts } from './built-ins.ts';
import {
  createCustomPrompt,
  deleteCustomPrompt,
  promptGroups,
  updateCustomPrompt,
  usePrompt,
} from './service.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };

/** Registered under /api/prompt (spec §7). The built-in catalogue is synced to the database at start. */
export const promptRoutes: FastifyPluginAsyncZod = async (app) => {
  const library = new BuiltInLibrary(catalogue);
  await seedBuiltInPrompts(app.db, library);
  const common = { tags: ['prompt'], security: [{ bearerAuth: [] }] };
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/by-workspace/:id',
    {
      schema: {
        ...common,
        summary:
          'The prompt library in a language: Recientes (key "recent"), Personalizados ("custom", oldest first), then the built-in categories',
        params: idParamsSchema,
        querystring: promptGroupsQuerySchema,
        response: { 200: promptGroupsResponseSchema, ...errors },
      },
    },
    (request) =>
      promptGroups(app.db, library, {
        workspaceId: request.params.id,
        userId: request.userId,
        language: request.query.language,
      }),
  );

  app.post(
    '/custom',
    {
      schema: {
        ...common,
        summary: "Save a custom prompt in the workspace's library, for one language",
        body: createCustomPromptBodySchema,
        response: { 201: createCustomPromptResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createCustomPrompt(app.db, request.userId, request.body)),
  );

  app.patch(
    '/custom/:id',
    {
      schema: {
        ...common,
        summary: 'Change the name and text of a custom prompt (built-in prompts: 403)',
        params: idParamsSchema,
        body: updateCustomPromptBodySchema,
        response: { 200: updateCustomPromptResponseSchema, 403: errorBodySchema, ...errors },
      },
    },
    (request) => updateCustomPrompt(app.db, request.params.id, request.userId, request.body),
  );

  app.delete(
    '/custom/:id',
    {
      schema: {
        ...common,
        summary: 'Delete a custom prompt (built-in prompts: 403)',
        params: idParamsSchema,
        response: { 204: z.null().describe('Deleted'), 403: errorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      await deleteCustomPrompt(app.db, request.params.id, request.userId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/:id/use',
    {
      schema: {
        ...common,
        summary: "Record a use: the prompt moves to the top of the user's Recientes (ten at most)",
        params: idParamsSchema,
        body: recordPromptUseBodySchema,
        response: { 204: z.null().describe('Recorded'), ...errors },
      },
    },
    async (request, reply) => {
      await usePrompt(app.db, request.body.workspaceId, request.userId, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
