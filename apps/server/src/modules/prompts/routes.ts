import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CUSTOM_PROMPTS_PER_WORKSPACE,
  createCustomPromptBodySchema,
  createCustomPromptResponseSchema,
  idParamsSchema,
  promptGroupsQuerySchema,
  promptGroupsResponseSchema,
  recordPromptUseBodySchema,
  updateCustomPromptBodySchema,
  updateCustomPromptResponseSchema,
} from '@redacta/shared';
import { signedInSchemas } from '../../lib/route-options.ts';
import { exampleIds } from '../../lib/openapi-examples.ts';
import type { BuiltInLibrary } from './built-ins.ts';
import {
  createCustomPrompt,
  deleteCustomPrompt,
  promptGroups,
  updateCustomPrompt,
  usePrompt,
} from './service.ts';

/**
 * Registered under /api/prompt. `library` is the built-in catalogue, which the app has already synced
 * to the database.
 */
export const promptRoutes: FastifyPluginAsyncZod<{ library: BuiltInLibrary }> = async (app, { library }) => {
  const schema = signedInSchemas({ tag: 'prompt', errors: [404] });
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/by-workspace/:id',
    {
      schema: schema({
        operationId: 'listPrompts',
        summary:
          'The prompt library in a language: Recientes (key "recent"), Personalizados ("custom", oldest first), then the built-in categories',
        params: idParamsSchema,
        querystring: promptGroupsQuerySchema,
        response: { 200: promptGroupsResponseSchema },
      }),
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
      schema: schema({
        operationId: 'createCustomPrompt',
        summary: "Save a custom prompt in the workspace's library, for one language",
        description: `At most ${CUSTOM_PROMPTS_PER_WORKSPACE} custom prompts per workspace (409 CUSTOM_PROMPTS_FULL beyond).`,
        body: createCustomPromptBodySchema,
        bodyExample: {
          workspaceId: exampleIds.workspace,
          language: 'en',
          name: 'Product teaser',
          text: 'Write a two-sentence teaser for this product:',
        },
        response: { 201: createCustomPromptResponseSchema },
        errors: [409],
      }),
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createCustomPrompt(app.db, app.storageQuotas, request.userId, request.body)),
  );

  app.patch(
    '/custom/:id',
    {
      schema: schema({
        operationId: 'updateCustomPrompt',
        summary: 'Change the name and text of a custom prompt (built-in prompts: 403)',
        params: idParamsSchema,
        body: updateCustomPromptBodySchema,
        bodyExample: { name: 'Product teaser', text: 'Write a three-sentence teaser for this product:' },
        response: { 200: updateCustomPromptResponseSchema },
        errors: [403],
      }),
    },
    (request) =>
      updateCustomPrompt(app.db, app.storageQuotas, request.params.id, request.userId, request.body),
  );

  app.delete(
    '/custom/:id',
    {
      schema: schema({
        operationId: 'deleteCustomPrompt',
        summary: 'Delete a custom prompt (built-in prompts: 403)',
        params: idParamsSchema,
        response: { 204: z.null().describe('Deleted') },
        errors: [403],
      }),
    },
    async (request, reply) => {
      await deleteCustomPrompt(app.db, request.params.id, request.userId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/:id/use',
    {
      schema: schema({
        operationId: 'recordPromptUse',
        summary: "Record a use: the prompt moves to the top of the user's Recientes (ten at most)",
        params: idParamsSchema,
        body: recordPromptUseBodySchema,
        bodyExample: { workspaceId: exampleIds.workspace },
        response: { 204: z.null().describe('Recorded') },
      }),
    },
    async (request, reply) => {
      await usePrompt(app.db, request.body.workspaceId, request.userId, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
