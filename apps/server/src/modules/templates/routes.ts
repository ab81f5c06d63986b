import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  TEMPLATES_PER_WORKSPACE,
  createTemplateBodySchema,
  idParamsSchema,
  templateListQuerySchema,
  templateListResponseSchema,
  templateSchema,
  updateTemplateBodySchema,
} from '@redacta/shared';
import { signedInSchemas } from '../../lib/route-options.ts';
import { createTemplate, deleteTemplate, getTemplate, listTemplates, updateTemplate } from './service.ts';

/** Registered under /api with full paths: a workspace's list, then one template by id. */
export const templateRoutes: FastifyPluginAsyncZod = async (app) => {
  const schema = signedInSchemas({ tag: 'templates', errors: [404] });
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/workspace/:id/templates',
    {
      schema: schema({
        operationId: 'listWorkspaceTemplates',
        summary:
          "The built-in templates of a language (both without one), then the workspace's own, newest first",
        params: idParamsSchema,
        querystring: templateListQuerySchema,
        response: { 200: templateListResponseSchema },
      }),
    },
    (request) =>
      listTemplates(app.db, {
        workspaceId: request.params.id,
        userId: request.userId,
        language: request.query.language,
      }),
  );

  app.post(
    '/workspace/:id/templates',
    {
      schema: schema({
        operationId: 'createTemplate',
        summary: 'Save a template in the workspace, for its members to run',
        description: `At most ${TEMPLATES_PER_WORKSPACE} templates per workspace (409 TEMPLATES_FULL beyond); 413 STORAGE_FULL when the workspace's storage is full.`,
        params: idParamsSchema,
        body: createTemplateBodySchema,
        bodyExample: {
          name: 'Product description',
          language: 'en',
          prompt: 'Describe {{product}} for an online shop.',
          fields: [{ key: 'product', label: 'Product', type: 'text', required: true }],
          output: {
            parts: [
              { key: 'headline', label: 'Headline', maxChars: 60 },
              { key: 'body', label: 'Description', maxChars: 600 },
            ],
          },
        },
        response: { 201: templateSchema },
        errors: [409, 413],
      }),
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await createTemplate(app.db, app.storageQuotas, request.params.id, request.userId, request.body),
        ),
  );

  app.get(
    '/template/:id',
    {
      schema: schema({
        operationId: 'getTemplate',
        summary: 'A template: a built-in one, or one of a workspace the user belongs to',
        params: idParamsSchema,
        response: { 200: templateSchema },
      }),
    },
    (request) => getTemplate(app.db, request.params.id, request.userId),
  );

  app.patch(
    '/template/:id',
    {
      schema: schema({
        operationId: 'updateTemplate',
        summary:
          "Change a workspace's template (its creator, an admin or the owner; built-in templates: 403)",
        params: idParamsSchema,
        body: updateTemplateBodySchema,
        bodyExample: { description: 'Headline and description for the shop' },
        response: { 200: templateSchema },
        errors: [403, 413],
      }),
    },
    (request) => updateTemplate(app.db, app.storageQuotas, request.params.id, request.userId, request.body),
  );

  app.delete(
    '/template/:id',
    {
      schema: schema({
        operationId: 'deleteTemplate',
        summary:
          "Delete a workspace's template (its creator, an admin or the owner; built-in templates: 403)",
        params: idParamsSchema,
        response: { 204: z.null().describe('Deleted') },
        errors: [403],
      }),
    },
    async (request, reply) => {
      await deleteTemplate(app.db, request.params.id, request.userId);
      return reply.status(204).send(null);
    },
  );
};
